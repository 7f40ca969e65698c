from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.trigger import Trigger


T = TypeVar("T", bound="TriggerList")


@_attrs_define
class TriggerList:
    triggers: list[Trigger]
    """ The triggers of this page. """
    next_cursor: None | str
    """ Pass as `cursor` to get the next page; null on the last page. """

    def to_dict(self) -> dict[str, Any]:
        triggers = []
        for triggers_item_data in self.triggers:
            triggers_item = triggers_item_data.to_dict()
            triggers.append(triggers_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "triggers": triggers,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.trigger import Trigger

        d = dict(src_dict)
        triggers = []
        _triggers = d.pop("triggers")
        for triggers_item_data in _triggers:
            triggers_item = Trigger.from_dict(triggers_item_data)

            triggers.append(triggers_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        trigger_list = cls(
            triggers=triggers,
            next_cursor=next_cursor,
        )

        return trigger_list
