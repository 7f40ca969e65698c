from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.api_key_location import ApiKeyLocation
from ..models.auth_type import AuthType
from ..models.token_endpoint_auth_method import TokenEndpointAuthMethod
from ..types import UNSET, Unset

T = TypeVar("T", bound="ToolProviderAuth")


@_attrs_define
class ToolProviderAuth:
    """The auth config; `credentials_set` names the stored credential fields (never their values)."""

    type_: AuthType
    credentials_set: list[str]
    """ Names of the stored credential fields (never their values). """
    in_: ApiKeyLocation | Unset = UNSET
    name: str | Unset = UNSET
    """ api_key: the header or query parameter name. """
    authorize_url: str | Unset = UNSET
    """ oauth2: the provider's authorization endpoint. """
    token_url: str | Unset = UNSET
    """ oauth2: the provider's token endpoint. """
    client_id: str | Unset = UNSET
    """ oauth2: the client id registered with the provider. """
    scopes: list[str] | Unset = UNSET
    """ oauth2: the scopes requested. """
    token_endpoint_auth_method: TokenEndpointAuthMethod | Unset = UNSET
    """ How the service authenticates to an OAuth token endpoint with the provider's `client_secret`: in the form
    (client_secret_post) or in an HTTP Basic header (client_secret_basic). """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        credentials_set = self.credentials_set

        in_: str | Unset = UNSET
        if not isinstance(self.in_, Unset):
            in_ = self.in_.value

        name = self.name

        authorize_url = self.authorize_url

        token_url = self.token_url

        client_id = self.client_id

        scopes: list[str] | Unset = UNSET
        if not isinstance(self.scopes, Unset):
            scopes = self.scopes

        token_endpoint_auth_method: str | Unset = UNSET
        if not isinstance(self.token_endpoint_auth_method, Unset):
            token_endpoint_auth_method = self.token_endpoint_auth_method.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "credentials_set": credentials_set,
            }
        )
        if in_ is not UNSET:
            field_dict["in"] = in_
        if name is not UNSET:
            field_dict["name"] = name
        if authorize_url is not UNSET:
            field_dict["authorize_url"] = authorize_url
        if token_url is not UNSET:
            field_dict["token_url"] = token_url
        if client_id is not UNSET:
            field_dict["client_id"] = client_id
        if scopes is not UNSET:
            field_dict["scopes"] = scopes
        if token_endpoint_auth_method is not UNSET:
            field_dict["token_endpoint_auth_method"] = token_endpoint_auth_method

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = AuthType(d.pop("type"))

        credentials_set = cast(list[str], d.pop("credentials_set"))

        _in_ = d.pop("in", UNSET)
        in_: ApiKeyLocation | Unset
        if isinstance(_in_, Unset):
            in_ = UNSET
        else:
            in_ = ApiKeyLocation(_in_)

        name = d.pop("name", UNSET)

        authorize_url = d.pop("authorize_url", UNSET)

        token_url = d.pop("token_url", UNSET)

        client_id = d.pop("client_id", UNSET)

        scopes = cast(list[str], d.pop("scopes", UNSET))

        _token_endpoint_auth_method = d.pop("token_endpoint_auth_method", UNSET)
        token_endpoint_auth_method: TokenEndpointAuthMethod | Unset
        if isinstance(_token_endpoint_auth_method, Unset):
            token_endpoint_auth_method = UNSET
        else:
            token_endpoint_auth_method = TokenEndpointAuthMethod(
                _token_endpoint_auth_method
            )

        tool_provider_auth = cls(
            type_=type_,
            credentials_set=credentials_set,
            in_=in_,
            name=name,
            authorize_url=authorize_url,
            token_url=token_url,
            client_id=client_id,
            scopes=scopes,
            token_endpoint_auth_method=token_endpoint_auth_method,
        )

        return tool_provider_auth
