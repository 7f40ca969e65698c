from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.auth_api_key import AuthApiKey
    from ..models.auth_basic import AuthBasic
    from ..models.auth_bearer import AuthBearer
    from ..models.auth_none import AuthNone
    from ..models.auth_oauth2 import AuthOAuth2
    from ..models.mcp_http_input import McpHttpInput
    from ..models.mcp_stdio_input import McpStdioInput


T = TypeVar("T", bound="ToolProviderUpdate")


@_attrs_define
class ToolProviderUpdate:
    name: str | Unset = UNSET
    """ The provider's new name. """
    description: None | str | Unset = UNSET
    """ What the toolproviderupdate is for (free text). """
    base_url: None | str | Unset = UNSET
    """ An absolute http(s) URL (see HttpUrl), or null. """
    auth: AuthApiKey | AuthBasic | AuthBearer | AuthNone | AuthOAuth2 | Unset = UNSET
    """ Provider auth: `type` and the config it takes, plus optional org-wide credentials, which are write-only
    (responses name the stored fields in `credentials_set`, never their values). Each type takes only its own
    fields. """
    mcp: McpHttpInput | McpStdioInput | Unset = UNSET
    """ How to reach the MCP server: over HTTP (`url`, `transport` streamable_http or sse, `headers` sent on every
    request, write-only), or `stdio` (`command` + `args`, with write-only `env` and secret arguments), which runs a
    program on the host and needs the operator setting AGENT_PLATFORM_MCP_STDIO (403 `mcp_stdio_disabled`
    otherwise). """
    send_credentials_to_user_base_url: bool | Unset = False
    """ Whether the provider's own credentials are also sent to a user's tools_auth `base_url` override. By default
    they go only to the provider's `base_url`; a user whose entry overrides the URL without credentials of their own
    calls it without any. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.auth_api_key import AuthApiKey
        from ..models.auth_basic import AuthBasic
        from ..models.auth_bearer import AuthBearer
        from ..models.auth_none import AuthNone
        from ..models.mcp_http_input import McpHttpInput

        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        base_url: None | str | Unset
        if isinstance(self.base_url, Unset):
            base_url = UNSET
        else:
            base_url = self.base_url

        auth: dict[str, Any] | Unset
        if isinstance(self.auth, Unset):
            auth = UNSET
        elif (
            isinstance(self.auth, AuthNone)
            or isinstance(self.auth, AuthBearer)
            or isinstance(self.auth, AuthApiKey)
            or isinstance(self.auth, AuthBasic)
        ):
            auth = self.auth.to_dict()
        else:
            auth = self.auth.to_dict()

        mcp: dict[str, Any] | Unset
        if isinstance(self.mcp, Unset):
            mcp = UNSET
        elif isinstance(self.mcp, McpHttpInput):
            mcp = self.mcp.to_dict()
        else:
            mcp = self.mcp.to_dict()

        send_credentials_to_user_base_url = self.send_credentials_to_user_base_url

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if base_url is not UNSET:
            field_dict["base_url"] = base_url
        if auth is not UNSET:
            field_dict["auth"] = auth
        if mcp is not UNSET:
            field_dict["mcp"] = mcp
        if send_credentials_to_user_base_url is not UNSET:
            field_dict["send_credentials_to_user_base_url"] = (
                send_credentials_to_user_base_url
            )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.auth_api_key import AuthApiKey
        from ..models.auth_basic import AuthBasic
        from ..models.auth_bearer import AuthBearer
        from ..models.auth_none import AuthNone
        from ..models.auth_oauth2 import AuthOAuth2
        from ..models.mcp_http_input import McpHttpInput
        from ..models.mcp_stdio_input import McpStdioInput

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_base_url(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        base_url = _parse_base_url(d.pop("base_url", UNSET))

        def _parse_auth(
            data: object,
        ) -> AuthApiKey | AuthBasic | AuthBearer | AuthNone | AuthOAuth2 | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_auth_input_type_0 = AuthNone.from_dict(data)

                return componentsschemas_auth_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_auth_input_type_1 = AuthBearer.from_dict(data)

                return componentsschemas_auth_input_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_auth_input_type_2 = AuthApiKey.from_dict(data)

                return componentsschemas_auth_input_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_auth_input_type_3 = AuthBasic.from_dict(data)

                return componentsschemas_auth_input_type_3
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_auth_input_type_4 = AuthOAuth2.from_dict(data)

            return componentsschemas_auth_input_type_4

        auth = _parse_auth(d.pop("auth", UNSET))

        def _parse_mcp(data: object) -> McpHttpInput | McpStdioInput | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_mcp_input_type_0 = McpHttpInput.from_dict(data)

                return componentsschemas_mcp_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_mcp_input_type_1 = McpStdioInput.from_dict(data)

            return componentsschemas_mcp_input_type_1

        mcp = _parse_mcp(d.pop("mcp", UNSET))

        send_credentials_to_user_base_url = d.pop(
            "send_credentials_to_user_base_url", UNSET
        )

        tool_provider_update = cls(
            name=name,
            description=description,
            base_url=base_url,
            auth=auth,
            mcp=mcp,
            send_credentials_to_user_base_url=send_credentials_to_user_base_url,
        )

        return tool_provider_update
