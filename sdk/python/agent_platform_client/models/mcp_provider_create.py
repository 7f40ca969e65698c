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
    from ..models.auth_api_key import AuthApiKey
    from ..models.auth_basic import AuthBasic
    from ..models.auth_bearer import AuthBearer
    from ..models.auth_none import AuthNone
    from ..models.auth_oauth2 import AuthOAuth2
    from ..models.mcp_http_input import McpHttpInput
    from ..models.mcp_stdio_input import McpStdioInput


T = TypeVar("T", bound="McpProviderCreate")


@_attrs_define
class McpProviderCreate:
    name: str
    """ The provider's name. """
    type_: Literal["mcp"]
    """ `mcp`: tools are discovered from the MCP server. """
    mcp: McpHttpInput | McpStdioInput
    """ How to reach the MCP server: over HTTP (`url`, `transport` streamable_http or sse, `headers` sent on every
    request, write-only), or `stdio` (`command` + `args`, with write-only `env` and secret arguments), which runs a
    program on the host and needs the operator setting AGENT_PLATFORM_MCP_STDIO (403 `mcp_stdio_disabled`
    otherwise). """
    description: None | str | Unset = UNSET
    """ What the provider is (free text). """
    auth: AuthApiKey | AuthBasic | AuthBearer | AuthNone | AuthOAuth2 | Unset = UNSET
    """ Provider auth: `type` and the config it takes, plus optional org-wide credentials, which are write-only
    (responses name the stored fields in `credentials_set`, never their values). Each type takes only its own
    fields. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.auth_api_key import AuthApiKey
        from ..models.auth_basic import AuthBasic
        from ..models.auth_bearer import AuthBearer
        from ..models.auth_none import AuthNone
        from ..models.mcp_http_input import McpHttpInput

        name = self.name

        type_ = self.type_

        mcp: dict[str, Any]
        if isinstance(self.mcp, McpHttpInput):
            mcp = self.mcp.to_dict()
        else:
            mcp = self.mcp.to_dict()

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

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

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "type": type_,
                "mcp": mcp,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if auth is not UNSET:
            field_dict["auth"] = auth

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
        name = d.pop("name")

        type_ = cast(Literal["mcp"], d.pop("type"))
        if type_ != "mcp":
            raise ValueError(f"type must match const 'mcp', got '{type_}'")

        def _parse_mcp(data: object) -> McpHttpInput | McpStdioInput:
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

        mcp = _parse_mcp(d.pop("mcp"))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

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

        mcp_provider_create = cls(
            name=name,
            type_=type_,
            mcp=mcp,
            description=description,
            auth=auth,
        )

        return mcp_provider_create
