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

from ..models.token_endpoint_auth_method import TokenEndpointAuthMethod
from ..types import UNSET, Unset

T = TypeVar("T", bound="AuthOAuth2")


@_attrs_define
class AuthOAuth2:
    type_: Literal["oauth2"]
    """ OAuth 2 authorization code flow; users connect through GET /v1/tool-providers/{id}/oauth/authorize. """
    authorize_url: str | Unset = UNSET
    """ An absolute http(s) URL with a host name or IPv4 address (name IPv6 hosts through DNS). Private, loopback,
    link-local and metadata hosts are refused (403 `url_not_allowed`) unless the operator allow-lists them. """
    token_url: str | Unset = UNSET
    """ An absolute http(s) URL with a host name or IPv4 address (name IPv6 hosts through DNS). Private, loopback,
    link-local and metadata hosts are refused (403 `url_not_allowed`) unless the operator allow-lists them. """
    client_id: str | Unset = UNSET
    """ The client id registered with the provider. """
    scopes: list[str] | Unset = UNSET
    """ Scopes to request. """
    token_endpoint_auth_method: TokenEndpointAuthMethod | Unset = UNSET
    """ How the service authenticates to an OAuth token endpoint with the provider's `client_secret`: in the form
    (client_secret_post) or in an HTTP Basic header (client_secret_basic). """
    access_token: None | str | Unset = UNSET
    """ Org-wide access token (write-only). """
    refresh_token: None | str | Unset = UNSET
    """ Org-wide refresh token (write-only). """
    client_secret: None | str | Unset = UNSET
    """ The client secret registered with the provider (write-only; stored encrypted, named in `credentials_set`
    once set, never returned). Omitted on an update of an oauth2 provider, the stored one stays; `null` clears it.
    """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        authorize_url = self.authorize_url

        token_url = self.token_url

        client_id = self.client_id

        scopes: list[str] | Unset = UNSET
        if not isinstance(self.scopes, Unset):
            scopes = self.scopes

        token_endpoint_auth_method: str | Unset = UNSET
        if not isinstance(self.token_endpoint_auth_method, Unset):
            token_endpoint_auth_method = self.token_endpoint_auth_method.value

        access_token: None | str | Unset
        if isinstance(self.access_token, Unset):
            access_token = UNSET
        else:
            access_token = self.access_token

        refresh_token: None | str | Unset
        if isinstance(self.refresh_token, Unset):
            refresh_token = UNSET
        else:
            refresh_token = self.refresh_token

        client_secret: None | str | Unset
        if isinstance(self.client_secret, Unset):
            client_secret = UNSET
        else:
            client_secret = self.client_secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
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
        if access_token is not UNSET:
            field_dict["access_token"] = access_token
        if refresh_token is not UNSET:
            field_dict["refresh_token"] = refresh_token
        if client_secret is not UNSET:
            field_dict["client_secret"] = client_secret

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["oauth2"], d.pop("type"))
        if type_ != "oauth2":
            raise ValueError(f"type must match const 'oauth2', got '{type_}'")

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

        def _parse_access_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        access_token = _parse_access_token(d.pop("access_token", UNSET))

        def _parse_refresh_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        refresh_token = _parse_refresh_token(d.pop("refresh_token", UNSET))

        def _parse_client_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        client_secret = _parse_client_secret(d.pop("client_secret", UNSET))

        auth_oauth2 = cls(
            type_=type_,
            authorize_url=authorize_url,
            token_url=token_url,
            client_id=client_id,
            scopes=scopes,
            token_endpoint_auth_method=token_endpoint_auth_method,
            access_token=access_token,
            refresh_token=refresh_token,
            client_secret=client_secret,
        )

        return auth_oauth2
