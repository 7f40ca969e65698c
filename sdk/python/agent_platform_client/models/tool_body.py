from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.tool import Tool


T = TypeVar("T", bound="ToolBody")


@_attrs_define
class ToolBody:
    tool: Tool

    def to_dict(self) -> dict[str, Any]:
        tool = self.tool.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tool": tool,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.tool import Tool

        d = dict(src_dict)
        tool = Tool.from_dict(d.pop("tool"))

        tool_body = cls(
            tool=tool,
        )

        return tool_body
