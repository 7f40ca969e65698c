from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.copilot import Copilot


T = TypeVar("T", bound="CopilotList")


@_attrs_define
class CopilotList:
    copilots: list[Copilot]
    """ The networks of this page. """
    next_cursor: None | str
    """ Pass as `cursor` to get the next page; null on the last page. """

    def to_dict(self) -> dict[str, Any]:
        copilots = []
        for copilots_item_data in self.copilots:
            copilots_item = copilots_item_data.to_dict()
            copilots.append(copilots_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "copilots": copilots,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.copilot import Copilot

        d = dict(src_dict)
        copilots = []
        _copilots = d.pop("copilots")
        for copilots_item_data in _copilots:
            copilots_item = Copilot.from_dict(copilots_item_data)

            copilots.append(copilots_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        copilot_list = cls(
            copilots=copilots,
            next_cursor=next_cursor,
        )

        return copilot_list
