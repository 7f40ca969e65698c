from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="OAuthAuthorization")


@_attrs_define
class OAuthAuthorization:
    authorization_url: str
    """ Send the user's browser here to connect. """
    state: str
    """ Signed; names the org, provider and user. """
    redirect_uri: str
    """ Where the provider sends the user back (GET /{integration}/callback). """
    expires_in: int
    """ Seconds the state stays valid. """

    def to_dict(self) -> dict[str, Any]:
        authorization_url = self.authorization_url

        state = self.state

        redirect_uri = self.redirect_uri

        expires_in = self.expires_in

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "authorization_url": authorization_url,
                "state": state,
                "redirect_uri": redirect_uri,
                "expires_in": expires_in,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        authorization_url = d.pop("authorization_url")

        state = d.pop("state")

        redirect_uri = d.pop("redirect_uri")

        expires_in = d.pop("expires_in")

        oauth_authorization = cls(
            authorization_url=authorization_url,
            state=state,
            redirect_uri=redirect_uri,
            expires_in=expires_in,
        )

        return oauth_authorization
