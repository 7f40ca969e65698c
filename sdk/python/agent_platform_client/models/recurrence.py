from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.frequency import Frequency
from ..models.weekday import Weekday
from ..types import UNSET, Unset

T = TypeVar("T", bound="Recurrence")


@_attrs_define
class Recurrence:
    """`{frequency, interval?, by_weekday?, by_month_day?, at?, until?}` (docs/workflows.md, "Schedule times"). Unspecified
    parts are filled from the creation time and shown filled in.

    """

    frequency: Frequency
    interval: int | Unset = 1
    """ Every how many units (default 1). """
    by_weekday: list[Weekday] | Unset = UNSET
    """ Weekdays to fire on (weekly). """
    by_month_day: list[int] | Unset = UNSET
    """ Days of the month to fire on (monthly; negative counts from the end). """
    at: str | Unset = UNSET
    """ Local time HH:MM. """
    until: str | Unset = UNSET
    """ Last possible fire (inclusive); a date or date-time, local without an offset. """

    def to_dict(self) -> dict[str, Any]:
        frequency = self.frequency.value

        interval = self.interval

        by_weekday: list[str] | Unset = UNSET
        if not isinstance(self.by_weekday, Unset):
            by_weekday = []
            for by_weekday_item_data in self.by_weekday:
                by_weekday_item = by_weekday_item_data.value
                by_weekday.append(by_weekday_item)

        by_month_day: list[int] | Unset = UNSET
        if not isinstance(self.by_month_day, Unset):
            by_month_day = self.by_month_day

        at = self.at

        until = self.until

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "frequency": frequency,
            }
        )
        if interval is not UNSET:
            field_dict["interval"] = interval
        if by_weekday is not UNSET:
            field_dict["by_weekday"] = by_weekday
        if by_month_day is not UNSET:
            field_dict["by_month_day"] = by_month_day
        if at is not UNSET:
            field_dict["at"] = at
        if until is not UNSET:
            field_dict["until"] = until

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        frequency = Frequency(d.pop("frequency"))

        interval = d.pop("interval", UNSET)

        _by_weekday = d.pop("by_weekday", UNSET)
        by_weekday: list[Weekday] | Unset = UNSET
        if _by_weekday is not UNSET:
            by_weekday = []
            for by_weekday_item_data in _by_weekday:
                by_weekday_item = Weekday(by_weekday_item_data)

                by_weekday.append(by_weekday_item)

        by_month_day = cast(list[int], d.pop("by_month_day", UNSET))

        at = d.pop("at", UNSET)

        until = d.pop("until", UNSET)

        recurrence = cls(
            frequency=frequency,
            interval=interval,
            by_weekday=by_weekday,
            by_month_day=by_month_day,
            at=at,
            until=until,
        )

        return recurrence
