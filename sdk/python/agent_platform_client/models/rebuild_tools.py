from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.rebuild_mcp_error import RebuildMcpError
    from ..models.rebuild_provider_counts import RebuildProviderCounts


T = TypeVar("T", bound="RebuildTools")


@_attrs_define
class RebuildTools:
    """The registry reload: affected tools, totals and MCP errors."""

    affected_tool_ids: list[str]
    """ Tools added, changed or removed by the change. """
    total_tool_ids: int
    """ Tools in the org after the reload. """
    provider_counts: RebuildProviderCounts
    """ Tools in the org by provider type. """
    mcp_errors: list[RebuildMcpError]
    """ MCP providers that failed to connect or list tools during the reload (each contributed zero tools); empty
    when healthy. """

    def to_dict(self) -> dict[str, Any]:
        affected_tool_ids = self.affected_tool_ids

        total_tool_ids = self.total_tool_ids

        provider_counts = self.provider_counts.to_dict()

        mcp_errors = []
        for mcp_errors_item_data in self.mcp_errors:
            mcp_errors_item = mcp_errors_item_data.to_dict()
            mcp_errors.append(mcp_errors_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "affectedToolIds": affected_tool_ids,
                "totalToolIds": total_tool_ids,
                "providerCounts": provider_counts,
                "mcpErrors": mcp_errors,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rebuild_mcp_error import RebuildMcpError
        from ..models.rebuild_provider_counts import RebuildProviderCounts

        d = dict(src_dict)
        affected_tool_ids = cast(list[str], d.pop("affectedToolIds"))

        total_tool_ids = d.pop("totalToolIds")

        provider_counts = RebuildProviderCounts.from_dict(d.pop("providerCounts"))

        mcp_errors = []
        _mcp_errors = d.pop("mcpErrors")
        for mcp_errors_item_data in _mcp_errors:
            mcp_errors_item = RebuildMcpError.from_dict(mcp_errors_item_data)

            mcp_errors.append(mcp_errors_item)

        rebuild_tools = cls(
            affected_tool_ids=affected_tool_ids,
            total_tool_ids=total_tool_ids,
            provider_counts=provider_counts,
            mcp_errors=mcp_errors,
        )

        return rebuild_tools
