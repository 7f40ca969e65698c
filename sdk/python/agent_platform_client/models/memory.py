from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="Memory")


@_attrs_define
class Memory:
    id: UUID
    """ The memory's id. """
    user_id: str
    """ The end user it is about. """
    text: str
    """ What is remembered. """
    agent_id: None | UUID
    """ The agent that saved it (null when saved through the API). """
    run_id: None | UUID
    """ The run (turn) that saved it (null when saved through the API). """
    created_at: datetime.datetime
    """ When it was saved. """
    score: float | Unset = UNSET
    """ Only in search results (`q`): occurrences of the query's words (`keyword`), cosine similarity (`semantic`)
    or the fused reciprocal-rank score (`hybrid`). """

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        user_id = self.user_id

        text = self.text

        agent_id: None | str
        if isinstance(self.agent_id, UUID):
            agent_id = str(self.agent_id)
        else:
            agent_id = self.agent_id

        run_id: None | str
        if isinstance(self.run_id, UUID):
            run_id = str(self.run_id)
        else:
            run_id = self.run_id

        created_at = self.created_at.isoformat()

        score = self.score

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "user_id": user_id,
                "text": text,
                "agent_id": agent_id,
                "run_id": run_id,
                "created_at": created_at,
            }
        )
        if score is not UNSET:
            field_dict["score"] = score

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        user_id = d.pop("user_id")

        text = d.pop("text")

        def _parse_agent_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                agent_id_type_0 = UUID(data)

                return agent_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        agent_id = _parse_agent_id(d.pop("agent_id"))

        def _parse_run_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                run_id_type_0 = UUID(data)

                return run_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        run_id = _parse_run_id(d.pop("run_id"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        score = d.pop("score", UNSET)

        memory = cls(
            id=id,
            user_id=user_id,
            text=text,
            agent_id=agent_id,
            run_id=run_id,
            created_at=created_at,
            score=score,
        )

        return memory
