from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="SessionRefresh")


@_attrs_define
class SessionRefresh:
    refresh_token: str
    """ The refresh token of the previous mint or refresh (`sr_...`). """

    def to_dict(self) -> dict[str, Any]:
        refresh_token = self.refresh_token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "refresh_token": refresh_token,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        refresh_token = d.pop("refresh_token")

        session_refresh = cls(
            refresh_token=refresh_token,
        )

        return session_refresh
