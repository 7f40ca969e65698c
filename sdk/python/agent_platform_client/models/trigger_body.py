from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.trigger import Trigger


T = TypeVar("T", bound="TriggerBody")


@_attrs_define
class TriggerBody:
    trigger: Trigger

    def to_dict(self) -> dict[str, Any]:
        trigger = self.trigger.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "trigger": trigger,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.trigger import Trigger

        d = dict(src_dict)
        trigger = Trigger.from_dict(d.pop("trigger"))

        trigger_body = cls(
            trigger=trigger,
        )

        return trigger_body
