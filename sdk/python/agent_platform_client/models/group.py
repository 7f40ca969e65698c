from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="Group")


@_attrs_define
class Group:
    group_id: str
    """ The group's id (the customer's); the Default group is `default`. """
    display_name: str
    """ The group's display name. """
    is_default: bool
    """ The organization's Default group (users without a group belong to it). """
    spend_cap_usd: float | None
    """ Monthly (UTC calendar month) spend cap in USD; null: no cap. """
    spend_usd_month: float
    """ Spend of the current calendar month (UTC). """
    created_at: datetime.datetime
    """ When the group was created. """
    updated_at: datetime.datetime
    """ When the group was last changed. """

    def to_dict(self) -> dict[str, Any]:
        group_id = self.group_id

        display_name = self.display_name

        is_default = self.is_default

        spend_cap_usd: float | None
        spend_cap_usd = self.spend_cap_usd

        spend_usd_month = self.spend_usd_month

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "group_id": group_id,
                "display_name": display_name,
                "is_default": is_default,
                "spend_cap_usd": spend_cap_usd,
                "spend_usd_month": spend_usd_month,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        group_id = d.pop("group_id")

        display_name = d.pop("display_name")

        is_default = d.pop("is_default")

        def _parse_spend_cap_usd(data: object) -> float | None:
            if data is None:
                return data
            return cast(float | None, data)

        spend_cap_usd = _parse_spend_cap_usd(d.pop("spend_cap_usd"))

        spend_usd_month = d.pop("spend_usd_month")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        group = cls(
            group_id=group_id,
            display_name=display_name,
            is_default=is_default,
            spend_cap_usd=spend_cap_usd,
            spend_usd_month=spend_usd_month,
            created_at=created_at,
            updated_at=updated_at,
        )

        return group
