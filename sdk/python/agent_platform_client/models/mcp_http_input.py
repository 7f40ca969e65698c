from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.mcp_transport import McpTransport
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.mcp_headers import McpHeaders


T = TypeVar("T", bound="McpHttpInput")


@_attrs_define
class McpHttpInput:
    url: str
    """ An absolute http(s) URL with a host name or IPv4 address (name IPv6 hosts through DNS). Private, loopback,
    link-local and metadata hosts are refused (403 `url_not_allowed`) unless the operator allow-lists them. """
    transport: McpTransport | Unset = UNSET
    headers: McpHeaders | None | Unset = UNSET
    """ HTTP headers sent on every request (write-only). """

    def to_dict(self) -> dict[str, Any]:
        from ..models.mcp_headers import McpHeaders

        url = self.url

        transport: str | Unset = UNSET
        if not isinstance(self.transport, Unset):
            transport = self.transport.value

        headers: dict[str, Any] | None | Unset
        if isinstance(self.headers, Unset):
            headers = UNSET
        elif isinstance(self.headers, McpHeaders):
            headers = self.headers.to_dict()
        else:
            headers = self.headers

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "url": url,
            }
        )
        if transport is not UNSET:
            field_dict["transport"] = transport
        if headers is not UNSET:
            field_dict["headers"] = headers

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mcp_headers import McpHeaders

        d = dict(src_dict)
        url = d.pop("url")

        _transport = d.pop("transport", UNSET)
        transport: McpTransport | Unset
        if isinstance(_transport, Unset):
            transport = UNSET
        else:
            transport = McpTransport(_transport)

        def _parse_headers(data: object) -> McpHeaders | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                headers_type_0 = McpHeaders.from_dict(data)

                return headers_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(McpHeaders | None | Unset, data)

        headers = _parse_headers(d.pop("headers", UNSET))

        mcp_http_input = cls(
            url=url,
            transport=transport,
            headers=headers,
        )

        return mcp_http_input
