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

T = TypeVar("T", bound="AuthBasic")


@_attrs_define
class AuthBasic:
    type_: Literal["basic"]
    """ HTTP Basic authentication. """
    username: None | str | Unset = UNSET
    """ Org-wide user name (write-only). """
    password: None | str | Unset = UNSET
    """ Org-wide password (write-only). """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        username: None | str | Unset
        if isinstance(self.username, Unset):
            username = UNSET
        else:
            username = self.username

        password: None | str | Unset
        if isinstance(self.password, Unset):
            password = UNSET
        else:
            password = self.password

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if username is not UNSET:
            field_dict["username"] = username
        if password is not UNSET:
            field_dict["password"] = password

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["basic"], d.pop("type"))
        if type_ != "basic":
            raise ValueError(f"type must match const 'basic', got '{type_}'")

        def _parse_username(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        username = _parse_username(d.pop("username", UNSET))

        def _parse_password(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        password = _parse_password(d.pop("password", UNSET))

        auth_basic = cls(
            type_=type_,
            username=username,
            password=password,
        )

        return auth_basic
