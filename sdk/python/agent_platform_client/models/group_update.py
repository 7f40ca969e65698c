from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="GroupUpdate")


@_attrs_define
class GroupUpdate:
    display_name: str | Unset = UNSET
    """ The group's new display name. """
    spend_cap_usd: float | None | Unset = UNSET
    """ Monthly (UTC calendar month) spend cap in USD; null removes the cap. """

    def to_dict(self) -> dict[str, Any]:
        display_name = self.display_name

        spend_cap_usd: float | None | Unset
        if isinstance(self.spend_cap_usd, Unset):
            spend_cap_usd = UNSET
        else:
            spend_cap_usd = self.spend_cap_usd

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if display_name is not UNSET:
            field_dict["display_name"] = display_name
        if spend_cap_usd is not UNSET:
            field_dict["spend_cap_usd"] = spend_cap_usd

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        display_name = d.pop("display_name", UNSET)

        def _parse_spend_cap_usd(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        spend_cap_usd = _parse_spend_cap_usd(d.pop("spend_cap_usd", UNSET))

        group_update = cls(
            display_name=display_name,
            spend_cap_usd=spend_cap_usd,
        )

        return group_update
