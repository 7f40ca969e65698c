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

T = TypeVar("T", bound="SessionTokens")


@_attrs_define
class SessionTokens:
    access_token: str
    """ `st_...`; send as `Authorization: Bearer`. """
    refresh_token: str
    """ `sr_...`; good for one POST /v1/sessions/refresh. """
    token_type: Literal["Bearer"]
    """ Always `Bearer`. """
    expires_in: int
    """ Seconds the access token is valid. """
    refresh_expires_in: int
    """ Seconds the refresh token is valid. """
    user_id: str
    """ The session's end user. """
    group_id: str
    """ The group the session bills to. """

    def to_dict(self) -> dict[str, Any]:
        access_token = self.access_token

        refresh_token = self.refresh_token

        token_type = self.token_type

        expires_in = self.expires_in

        refresh_expires_in = self.refresh_expires_in

        user_id = self.user_id

        group_id = self.group_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "access_token": access_token,
                "refresh_token": refresh_token,
                "token_type": token_type,
                "expires_in": expires_in,
                "refresh_expires_in": refresh_expires_in,
                "user_id": user_id,
                "group_id": group_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        access_token = d.pop("access_token")

        refresh_token = d.pop("refresh_token")

        token_type = cast(Literal["Bearer"], d.pop("token_type"))
        if token_type != "Bearer":
            raise ValueError(
                f"token_type must match const 'Bearer', got '{token_type}'"
            )

        expires_in = d.pop("expires_in")

        refresh_expires_in = d.pop("refresh_expires_in")

        user_id = d.pop("user_id")

        group_id = d.pop("group_id")

        session_tokens = cls(
            access_token=access_token,
            refresh_token=refresh_token,
            token_type=token_type,
            expires_in=expires_in,
            refresh_expires_in=refresh_expires_in,
            user_id=user_id,
            group_id=group_id,
        )

        return session_tokens
