from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.trigger_target_type import TriggerTargetType

T = TypeVar("T", bound="TriggerTarget")


@_attrs_define
class TriggerTarget:
    type_: TriggerTargetType
    id: UUID
    """ The workflow or network. """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        id = str(self.id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = TriggerTargetType(d.pop("type"))

        id = UUID(d.pop("id"))

        trigger_target = cls(
            type_=type_,
            id=id,
        )

        return trigger_target
