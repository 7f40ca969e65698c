from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="Thread")


@_attrs_define
class Thread:
    id: UUID
    """ The thread's id. """
    title: str
    """ The thread's title (its first message, shortened). """
    user_id: str
    """ The thread's end user. """
    agent_id: None | UUID
    """ The agent of the thread's latest turn. """
    copilot_id: None | UUID
    """ The network of the thread's latest turn. """
    unread_count: int
    """ Assistant messages since the thread was last marked read. """
    message_count: int
    """ Messages in the thread. """
    last_run_id: None | UUID
    """ The schedule's last run (null before the first). """
    last_message_at: datetime.datetime
    """ When the last message was posted. """
    created_at: datetime.datetime
    """ When the thread was created. """
    updated_at: datetime.datetime
    """ When the thread was last changed. """

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        title = self.title

        user_id = self.user_id

        agent_id: None | str
        if isinstance(self.agent_id, UUID):
            agent_id = str(self.agent_id)
        else:
            agent_id = self.agent_id

        copilot_id: None | str
        if isinstance(self.copilot_id, UUID):
            copilot_id = str(self.copilot_id)
        else:
            copilot_id = self.copilot_id

        unread_count = self.unread_count

        message_count = self.message_count

        last_run_id: None | str
        if isinstance(self.last_run_id, UUID):
            last_run_id = str(self.last_run_id)
        else:
            last_run_id = self.last_run_id

        last_message_at = self.last_message_at.isoformat()

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "title": title,
                "user_id": user_id,
                "agent_id": agent_id,
                "copilot_id": copilot_id,
                "unread_count": unread_count,
                "message_count": message_count,
                "last_run_id": last_run_id,
                "last_message_at": last_message_at,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        title = d.pop("title")

        user_id = d.pop("user_id")

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

        def _parse_copilot_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                copilot_id_type_0 = UUID(data)

                return copilot_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        copilot_id = _parse_copilot_id(d.pop("copilot_id"))

        unread_count = d.pop("unread_count")

        message_count = d.pop("message_count")

        def _parse_last_run_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_run_id_type_0 = UUID(data)

                return last_run_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        last_run_id = _parse_last_run_id(d.pop("last_run_id"))

        last_message_at = datetime.datetime.fromisoformat(d.pop("last_message_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        thread = cls(
            id=id,
            title=title,
            user_id=user_id,
            agent_id=agent_id,
            copilot_id=copilot_id,
            unread_count=unread_count,
            message_count=message_count,
            last_run_id=last_run_id,
            last_message_at=last_message_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        return thread
