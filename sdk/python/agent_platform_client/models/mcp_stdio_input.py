from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="McpStdioInput")


@_attrs_define
class McpStdioInput:
    transport: Literal["stdio"]
    """ Run the server as a local program (operator setting AGENT_PLATFORM_MCP_STDIO). """
    command: str
    """ The program to run. """
    args: list[str] | Unset = UNSET
    """ The program's arguments. """

    def to_dict(self) -> dict[str, Any]:
        transport = self.transport

        command = self.command

        args: list[str] | Unset = UNSET
        if not isinstance(self.args, Unset):
            args = self.args

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "transport": transport,
                "command": command,
            }
        )
        if args is not UNSET:
            field_dict["args"] = args

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        transport = cast(Literal["stdio"], d.pop("transport"))
        if transport != "stdio":
            raise ValueError(f"transport must match const 'stdio', got '{transport}'")

        command = d.pop("command")

        args = cast(list[str], d.pop("args", UNSET))

        mcp_stdio_input = cls(
            transport=transport,
            command=command,
            args=args,
        )

        return mcp_stdio_input
