from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)
from uuid import UUID

from attrs import define as _attrs_define

from ..models.open_ai_model_kind import OpenAIModelKind

T = TypeVar("T", bound="OpenAIModel")


@_attrs_define
class OpenAIModel:
    """An agent or a deployed network as a model (by id, or by alias)."""

    id: str
    """ The model id to send as `model` (an id or an alias). """
    object_: Literal["model"]
    """ Always `model`. """
    created: int
    """ When it was created (Unix seconds). """
    owned_by: str
    """ Always `organization`. """
    kind: OpenAIModelKind
    """ What a model id runs. """
    target_id: UUID
    """ The agent's or the network's id. """
    name: str
    """ The agent's or the network's name. """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        object_ = self.object_

        created = self.created

        owned_by = self.owned_by

        kind = self.kind.value

        target_id = str(self.target_id)

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "object": object_,
                "created": created,
                "owned_by": owned_by,
                "kind": kind,
                "target_id": target_id,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        object_ = cast(Literal["model"], d.pop("object"))
        if object_ != "model":
            raise ValueError(f"object must match const 'model', got '{object_}'")

        created = d.pop("created")

        owned_by = d.pop("owned_by")

        kind = OpenAIModelKind(d.pop("kind"))

        target_id = UUID(d.pop("target_id"))

        name = d.pop("name")

        open_ai_model = cls(
            id=id,
            object_=object_,
            created=created,
            owned_by=owned_by,
            kind=kind,
            target_id=target_id,
            name=name,
        )

        return open_ai_model
