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

from ..types import UNSET, Unset

T = TypeVar("T", bound="AuthBearer")


@_attrs_define
class AuthBearer:
    type_: Literal["bearer"]
    """ `Authorization: Bearer <token>`. """
    token: None | str | Unset = UNSET
    """ Org-wide token (write-only); users' own credentials win. """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        token: None | str | Unset
        if isinstance(self.token, Unset):
            token = UNSET
        else:
            token = self.token

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if token is not UNSET:
            field_dict["token"] = token

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["bearer"], d.pop("type"))
        if type_ != "bearer":
            raise ValueError(f"type must match const 'bearer', got '{type_}'")

        def _parse_token(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        token = _parse_token(d.pop("token", UNSET))

        auth_bearer = cls(
            type_=type_,
            token=token,
        )

        return auth_bearer
