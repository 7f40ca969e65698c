from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ToolProviderMcp")


@_attrs_define
class ToolProviderMcp:
    """The MCP connection; `headers_set` names the stored headers (never their values)."""

    url: str | Unset = UNSET
    """ URL of the MCP server (HTTP transports). """
    transport: str | Unset = UNSET
    """ streamable_http, sse or stdio. """
    command: str | Unset = UNSET
    """ stdio: the program to run. """
    args: list[str] | Unset = UNSET
    """ stdio: the program's arguments. """
    headers_set: list[str] | Unset = UNSET
    """ Names of the stored headers (never their values). """

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        transport = self.transport

        command = self.command

        args: list[str] | Unset = UNSET
        if not isinstance(self.args, Unset):
            args = self.args

        headers_set: list[str] | Unset = UNSET
        if not isinstance(self.headers_set, Unset):
            headers_set = self.headers_set

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if url is not UNSET:
            field_dict["url"] = url
        if transport is not UNSET:
            field_dict["transport"] = transport
        if command is not UNSET:
            field_dict["command"] = command
        if args is not UNSET:
            field_dict["args"] = args
        if headers_set is not UNSET:
            field_dict["headers_set"] = headers_set

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url", UNSET)

        transport = d.pop("transport", UNSET)

        command = d.pop("command", UNSET)

        args = cast(list[str], d.pop("args", UNSET))

        headers_set = cast(list[str], d.pop("headers_set", UNSET))

        tool_provider_mcp = cls(
            url=url,
            transport=transport,
            command=command,
            args=args,
            headers_set=headers_set,
        )

        return tool_provider_mcp
