from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="RebuildMcpError")


@_attrs_define
class RebuildMcpError:
    """An MCP provider that failed to connect or list its tools during the reload."""

    provider_id: UUID
    """ The provider. """
    provider_name: str
    """ The provider's name. """
    error: str
    """ What failed. """

    def to_dict(self) -> dict[str, Any]:
        provider_id = str(self.provider_id)

        provider_name = self.provider_name

        error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "providerId": provider_id,
                "providerName": provider_name,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        provider_id = UUID(d.pop("providerId"))

        provider_name = d.pop("providerName")

        error = d.pop("error")

        rebuild_mcp_error = cls(
            provider_id=provider_id,
            provider_name=provider_name,
            error=error,
        )

        return rebuild_mcp_error
