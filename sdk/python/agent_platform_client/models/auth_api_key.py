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

from ..models.api_key_location import ApiKeyLocation
from ..types import UNSET, Unset

T = TypeVar("T", bound="AuthApiKey")


@_attrs_define
class AuthApiKey:
    type_: Literal["api_key"]
    """ A key in a header or query parameter. """
    name: str
    """ Header or query parameter name. """
    in_: ApiKeyLocation | Unset = UNSET
    api_key: None | str | Unset = UNSET
    """ Org-wide key (write-only); users' own credentials win. """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        name = self.name

        in_: str | Unset = UNSET
        if not isinstance(self.in_, Unset):
            in_ = self.in_.value

        api_key: None | str | Unset
        if isinstance(self.api_key, Unset):
            api_key = UNSET
        else:
            api_key = self.api_key

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "name": name,
            }
        )
        if in_ is not UNSET:
            field_dict["in"] = in_
        if api_key is not UNSET:
            field_dict["api_key"] = api_key

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["api_key"], d.pop("type"))
        if type_ != "api_key":
            raise ValueError(f"type must match const 'api_key', got '{type_}'")

        name = d.pop("name")

        _in_ = d.pop("in", UNSET)
        in_: ApiKeyLocation | Unset
        if isinstance(_in_, Unset):
            in_ = UNSET
        else:
            in_ = ApiKeyLocation(_in_)

        def _parse_api_key(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        api_key = _parse_api_key(d.pop("api_key", UNSET))

        auth_api_key = cls(
            type_=type_,
            name=name,
            in_=in_,
            api_key=api_key,
        )

        return auth_api_key
