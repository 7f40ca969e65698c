from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.tool_provider import ToolProvider


T = TypeVar("T", bound="ToolProviderBody")


@_attrs_define
class ToolProviderBody:
    tool_provider: ToolProvider

    def to_dict(self) -> dict[str, Any]:
        tool_provider = self.tool_provider.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tool_provider": tool_provider,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tool_provider import ToolProvider

        d = dict(src_dict)
        tool_provider = ToolProvider.from_dict(d.pop("tool_provider"))

        tool_provider_body = cls(
            tool_provider=tool_provider,
        )

        return tool_provider_body
