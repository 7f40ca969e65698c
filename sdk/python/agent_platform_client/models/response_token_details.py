from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="ResponseTokenDetails")


@_attrs_define
class ResponseTokenDetails:
    """Parts of a token count (always 0 here)."""

    cached_tokens: int | Unset = UNSET
    """ Cached input tokens. """
    reasoning_tokens: int | Unset = UNSET
    """ Reasoning tokens. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        cached_tokens = self.cached_tokens

        reasoning_tokens = self.reasoning_tokens

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if cached_tokens is not UNSET:
            field_dict["cached_tokens"] = cached_tokens
        if reasoning_tokens is not UNSET:
            field_dict["reasoning_tokens"] = reasoning_tokens

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        cached_tokens = d.pop("cached_tokens", UNSET)

        reasoning_tokens = d.pop("reasoning_tokens", UNSET)

        response_token_details = cls(
            cached_tokens=cached_tokens,
            reasoning_tokens=reasoning_tokens,
        )

        response_token_details.additional_properties = d
        return response_token_details

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
