from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="RebuildProviderCounts")


@_attrs_define
class RebuildProviderCounts:
    """Tools in the org by provider type."""

    api: int
    """ Tools of api providers. """
    mcp: int
    """ Tools of mcp providers. """
    other: int
    """ Other tools. """

    def to_dict(self) -> dict[str, Any]:
        api = self.api

        mcp = self.mcp

        other = self.other

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "api": api,
                "mcp": mcp,
                "other": other,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        api = d.pop("api")

        mcp = d.pop("mcp")

        other = d.pop("other")

        rebuild_provider_counts = cls(
            api=api,
            mcp=mcp,
            other=other,
        )

        return rebuild_provider_counts
