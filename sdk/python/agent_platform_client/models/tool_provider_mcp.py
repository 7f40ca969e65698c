from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.mcp_credential_env import McpCredentialEnv


T = TypeVar("T", bound="ToolProviderMcp")


@_attrs_define
class ToolProviderMcp:
    """The MCP connection; `headers_set` names the stored headers and `env_set` a stdio program's environment variables
    (never their values).

    """

    url: str | Unset = UNSET
    """ URL of the MCP server (HTTP transports). """
    transport: str | Unset = UNSET
    """ streamable_http, sse or stdio. """
    command: str | Unset = UNSET
    """ stdio: the program to run. """
    args: list[str] | Unset = UNSET
    """ stdio: the program's arguments, a secret one as `[redacted]`. """
    secret_args: list[int] | Unset = UNSET
    """ stdio: the indexes of the secret arguments (never returned). """
    env_set: list[str] | Unset = UNSET
    """ stdio: names of the program's environment variables (never their values). """
    credential_env: McpCredentialEnv | Unset = UNSET
    """ Environment variable name -> credential field of the provider's auth. """
    headers_set: list[str] | Unset = UNSET
    """ Names of the stored headers (never their values). """

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        transport = self.transport

        command = self.command

        args: list[str] | Unset = UNSET
        if not isinstance(self.args, Unset):
            args = self.args

        secret_args: list[int] | Unset = UNSET
        if not isinstance(self.secret_args, Unset):
            secret_args = self.secret_args

        env_set: list[str] | Unset = UNSET
        if not isinstance(self.env_set, Unset):
            env_set = self.env_set

        credential_env: dict[str, Any] | Unset = UNSET
        if not isinstance(self.credential_env, Unset):
            credential_env = self.credential_env.to_dict()

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
        if secret_args is not UNSET:
            field_dict["secret_args"] = secret_args
        if env_set is not UNSET:
            field_dict["env_set"] = env_set
        if credential_env is not UNSET:
            field_dict["credential_env"] = credential_env
        if headers_set is not UNSET:
            field_dict["headers_set"] = headers_set

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.mcp_credential_env import McpCredentialEnv

        d = dict(src_dict)
        url = d.pop("url", UNSET)

        transport = d.pop("transport", UNSET)

        command = d.pop("command", UNSET)

        args = cast(list[str], d.pop("args", UNSET))

        secret_args = cast(list[int], d.pop("secret_args", UNSET))

        env_set = cast(list[str], d.pop("env_set", UNSET))

        _credential_env = d.pop("credential_env", UNSET)
        credential_env: McpCredentialEnv | Unset
        if isinstance(_credential_env, Unset):
            credential_env = UNSET
        else:
            credential_env = McpCredentialEnv.from_dict(_credential_env)

        headers_set = cast(list[str], d.pop("headers_set", UNSET))

        tool_provider_mcp = cls(
            url=url,
            transport=transport,
            command=command,
            args=args,
            secret_args=secret_args,
            env_set=env_set,
            credential_env=credential_env,
            headers_set=headers_set,
        )

        return tool_provider_mcp
