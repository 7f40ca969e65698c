from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="OAuthConnected")


@_attrs_define
class OAuthConnected:
    status: Literal["connected"]
    """ The user is connected. """
    provider_id: UUID
    """ The tool provider the user connected. """
    user_id: str
    """ The user whose tokens were stored. """

    def to_dict(self) -> dict[str, Any]:
        status = self.status

        provider_id = str(self.provider_id)

        user_id = self.user_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "provider_id": provider_id,
                "user_id": user_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = cast(Literal["connected"], d.pop("status"))
        if status != "connected":
            raise ValueError(f"status must match const 'connected', got '{status}'")

        provider_id = UUID(d.pop("provider_id"))

        user_id = d.pop("user_id")

        oauth_connected = cls(
            status=status,
            provider_id=provider_id,
            user_id=user_id,
        )

        return oauth_connected
