from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="CorsSettings")


@_attrs_define
class CorsSettings:
    """The browser origins an organization allows (CORS)."""

    allowed_origins: list[str]
    """ Origins as browsers send them, `scheme://host[:port]` (http or https, no path); compared case-insensitively,
    with the scheme's default port left out. """

    def to_dict(self) -> dict[str, Any]:
        allowed_origins = self.allowed_origins

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "allowed_origins": allowed_origins,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        allowed_origins = cast(list[str], d.pop("allowed_origins"))

        cors_settings = cls(
            allowed_origins=allowed_origins,
        )

        return cors_settings
