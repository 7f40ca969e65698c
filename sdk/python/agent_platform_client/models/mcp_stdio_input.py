from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.mcp_credential_env import McpCredentialEnv
    from ..models.mcp_env import McpEnv
    from ..models.mcp_stdio_arg import McpStdioArg


T = TypeVar("T", bound="McpStdioInput")


@_attrs_define
class McpStdioInput:
    transport: Literal["stdio"]
    """ Run the server as a local program (operator setting AGENT_PLATFORM_MCP_STDIO). """
    command: str
    """ The program to run. """
    args: list[McpStdioArg | str] | Unset = UNSET
    """ The program's arguments: strings, or `{value, secret: true}` for a secret one (stored encrypted, never
    returned: it shows as `[redacted]` and its index is in `secret_args`). On an update, `args` replaces every
    argument (secret ones with them); without `args` the stored ones stay. """
    env: McpEnv | Unset = UNSET
    """ Environment variables of a stdio program; a null value removes that variable. """
    credential_env: McpCredentialEnv | Unset = UNSET
    """ Environment variable name -> credential field of the provider's auth. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.mcp_stdio_arg import McpStdioArg

        transport = self.transport

        command = self.command

        args: list[dict[str, Any] | str] | Unset = UNSET
        if not isinstance(self.args, Unset):
            args = []
            for args_item_data in self.args:
                args_item: dict[str, Any] | str
                if isinstance(args_item_data, McpStdioArg):
                    args_item = args_item_data.to_dict()
                else:
                    args_item = args_item_data
                args.append(args_item)

        env: dict[str, Any] | Unset = UNSET
        if not isinstance(self.env, Unset):
            env = self.env.to_dict()

        credential_env: dict[str, Any] | Unset = UNSET
        if not isinstance(self.credential_env, Unset):
            credential_env = self.credential_env.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "transport": transport,
                "command": command,
            }
        )
        if args is not UNSET:
            field_dict["args"] = args
        if env is not UNSET:
            field_dict["env"] = env
        if credential_env is not UNSET:
            field_dict["credential_env"] = credential_env

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mcp_credential_env import McpCredentialEnv
        from ..models.mcp_env import McpEnv
        from ..models.mcp_stdio_arg import McpStdioArg

        d = dict(src_dict)
        transport = cast(Literal["stdio"], d.pop("transport"))
        if transport != "stdio":
            raise ValueError(f"transport must match const 'stdio', got '{transport}'")

        command = d.pop("command")

        _args = d.pop("args", UNSET)
        args: list[McpStdioArg | str] | Unset = UNSET
        if _args is not UNSET:
            args = []
            for args_item_data in _args:

                def _parse_args_item(data: object) -> McpStdioArg | str:
                    try:
                        if not isinstance(data, dict):
                            raise TypeError()
                        componentsschemas_mcp_stdio_arg_input_type_1 = (
                            McpStdioArg.from_dict(data)
                        )

                        return componentsschemas_mcp_stdio_arg_input_type_1
                    except (TypeError, ValueError, AttributeError, KeyError):
                        pass
                    return cast(McpStdioArg | str, data)

                args_item = _parse_args_item(args_item_data)

                args.append(args_item)

        _env = d.pop("env", UNSET)
        env: McpEnv | Unset
        if isinstance(_env, Unset):
            env = UNSET
        else:
            env = McpEnv.from_dict(_env)

        _credential_env = d.pop("credential_env", UNSET)
        credential_env: McpCredentialEnv | Unset
        if isinstance(_credential_env, Unset):
            credential_env = UNSET
        else:
            credential_env = McpCredentialEnv.from_dict(_credential_env)

        mcp_stdio_input = cls(
            transport=transport,
            command=command,
            args=args,
            env=env,
            credential_env=credential_env,
        )

        return mcp_stdio_input
