from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rebuild import Rebuild
    from ..models.tool import Tool
    from ..models.tool_provider import ToolProvider


T = TypeVar("T", bound="SyncResult")


@_attrs_define
class SyncResult:
    tool_provider: ToolProvider
    tools: list[Tool]
    """ The provider's tools after the discovery. """
    rebuild: Rebuild
    """ The registry reload and agent rebuild that followed a change. Only agents depending on the changed tools (by
    tool id, or by attaching their provider) are rebuilt. `skipped` counts dependents whose runtime form did not
    change (they keep their runtimeId) and, with a queue, dependents whose rebuild was still running when the wait
    ran out. """

    def to_dict(self) -> dict[str, Any]:
        tool_provider = self.tool_provider.to_dict()

        tools = []
        for tools_item_data in self.tools:
            tools_item = tools_item_data.to_dict()
            tools.append(tools_item)

        rebuild = self.rebuild.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "tool_provider": tool_provider,
                "tools": tools,
                "rebuild": rebuild,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rebuild import Rebuild
        from ..models.tool import Tool
        from ..models.tool_provider import ToolProvider

        d = dict(src_dict)
        tool_provider = ToolProvider.from_dict(d.pop("tool_provider"))

        tools = []
        _tools = d.pop("tools")
        for tools_item_data in _tools:
            tools_item = Tool.from_dict(tools_item_data)

            tools.append(tools_item)

        rebuild = Rebuild.from_dict(d.pop("rebuild"))

        sync_result = cls(
            tool_provider=tool_provider,
            tools=tools,
            rebuild=rebuild,
        )

        return sync_result
