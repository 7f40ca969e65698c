from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rebuild import Rebuild
    from ..models.tool import Tool


T = TypeVar("T", bound="ToolResult")


@_attrs_define
class ToolResult:
    tool: Tool
    rebuild: Rebuild
    """ The registry reload and agent rebuild that followed a change. Only agents depending on the changed tools (by
    tool id, or by attaching their provider) are rebuilt. `skipped` counts dependents whose runtime form did not
    change (they keep their runtimeId) and, with a queue, dependents whose rebuild was still running when the wait
    ran out. """

    def to_dict(self) -> dict[str, Any]:
        tool = self.tool.to_dict()

        rebuild = self.rebuild.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tool": tool,
                "rebuild": rebuild,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rebuild import Rebuild
        from ..models.tool import Tool

        d = dict(src_dict)
        tool = Tool.from_dict(d.pop("tool"))

        rebuild = Rebuild.from_dict(d.pop("rebuild"))

        tool_result = cls(
            tool=tool,
            rebuild=rebuild,
        )

        return tool_result
