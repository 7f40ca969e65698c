from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.usage_group_by import UsageGroupBy

if TYPE_CHECKING:
    from ..models.usage_group import UsageGroup
    from ..models.usage_totals import UsageTotals


T = TypeVar("T", bound="UsageReport")


@_attrs_define
class UsageReport:
    start: datetime.datetime
    """ Start of the range (inclusive). """
    end: datetime.datetime
    """ End of the range (exclusive). """
    group_by: None | UsageGroupBy
    """ The key of `groups` (null without grouping). """
    totals: UsageTotals
    groups: list[UsageGroup] | None
    """ Sums per key, largest cost first (null without `group_by`). """

    def to_dict(self) -> dict[str, Any]:
        start = self.start.isoformat()

        end = self.end.isoformat()

        group_by: None | str
        if isinstance(self.group_by, UsageGroupBy):
            group_by = self.group_by.value
        else:
            group_by = self.group_by

        totals = self.totals.to_dict()

        groups: list[dict[str, Any]] | None
        if isinstance(self.groups, list):
            groups = []
            for groups_type_0_item_data in self.groups:
                groups_type_0_item = groups_type_0_item_data.to_dict()
                groups.append(groups_type_0_item)

        else:
            groups = self.groups

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "start": start,
                "end": end,
                "group_by": group_by,
                "totals": totals,
                "groups": groups,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.usage_group import UsageGroup
        from ..models.usage_totals import UsageTotals

        d = dict(src_dict)
        start = datetime.datetime.fromisoformat(d.pop("start"))

        end = datetime.datetime.fromisoformat(d.pop("end"))

        def _parse_group_by(data: object) -> None | UsageGroupBy:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                group_by_type_0 = UsageGroupBy(data)

                return group_by_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UsageGroupBy, data)

        group_by = _parse_group_by(d.pop("group_by"))

        totals = UsageTotals.from_dict(d.pop("totals"))

        def _parse_groups(data: object) -> list[UsageGroup] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                groups_type_0 = []
                _groups_type_0 = data
                for groups_type_0_item_data in _groups_type_0:
                    groups_type_0_item = UsageGroup.from_dict(groups_type_0_item_data)

                    groups_type_0.append(groups_type_0_item)

                return groups_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[UsageGroup] | None, data)

        groups = _parse_groups(d.pop("groups"))

        usage_report = cls(
            start=start,
            end=end,
            group_by=group_by,
            totals=totals,
            groups=groups,
        )

        return usage_report
