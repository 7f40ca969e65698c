from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.discovery_status import DiscoveryStatus

T = TypeVar("T", bound="ToolProviderDiscovery")


@_attrs_define
class ToolProviderDiscovery:
    """The last discovery of an mcp provider (null for api providers)."""

    status: DiscoveryStatus
    error: None | str
    """ Why the last discovery failed (null unless failed). """
    checked_at: datetime.datetime | None
    """ When the server was last asked for its tools. """

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        error: None | str
        error = self.error

        checked_at: None | str
        if isinstance(self.checked_at, datetime.datetime):
            checked_at = self.checked_at.isoformat()
        else:
            checked_at = self.checked_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "error": error,
                "checked_at": checked_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = DiscoveryStatus(d.pop("status"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_checked_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                checked_at_type_0 = datetime.datetime.fromisoformat(data)

                return checked_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        checked_at = _parse_checked_at(d.pop("checked_at"))

        tool_provider_discovery = cls(
            status=status,
            error=error,
            checked_at=checked_at,
        )

        return tool_provider_discovery
