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

T = TypeVar("T", bound="AuthNone")


@_attrs_define
class AuthNone:
    type_: Literal["none"]
    """ No authentication. """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["none"], d.pop("type"))
        if type_ != "none":
            raise ValueError(f"type must match const 'none', got '{type_}'")

        auth_none = cls(
            type_=type_,
        )

        return auth_none
