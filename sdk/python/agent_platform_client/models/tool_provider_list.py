from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.tool_provider import ToolProvider


T = TypeVar("T", bound="ToolProviderList")


@_attrs_define
class ToolProviderList:
    tool_providers: list[ToolProvider]
    """ The providers of this page. """
    next_cursor: None | str
    """ Pass as `cursor` to get the next page; null on the last page. """

    def to_dict(self) -> dict[str, Any]:
        tool_providers = []
        for tool_providers_item_data in self.tool_providers:
            tool_providers_item = tool_providers_item_data.to_dict()
            tool_providers.append(tool_providers_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tool_providers": tool_providers,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tool_provider import ToolProvider

        d = dict(src_dict)
        tool_providers = []
        _tool_providers = d.pop("tool_providers")
        for tool_providers_item_data in _tool_providers:
            tool_providers_item = ToolProvider.from_dict(tool_providers_item_data)

            tool_providers.append(tool_providers_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        tool_provider_list = cls(
            tool_providers=tool_providers,
            next_cursor=next_cursor,
        )

        return tool_provider_list
