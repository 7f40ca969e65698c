"""Recurrence rules: ``{frequency, interval, by_weekday?, by_month_day?, at?, until?}``.

- ``minutely`` / ``hourly``: every ``interval`` minutes / hours of elapsed time, on the grid that
  passes through ``at`` on the anchor's local date (``at`` defaults to the anchor's local time).
  Across DST changes the spacing stays exact (an hourly rule fires 23 or 25 times that day).
- ``daily``: every ``interval`` local calendar days counted from the anchor's local date, at the
  local time ``at``.
- ``weekly``: every ``interval`` weeks (Monday-based) counted from the anchor's week, on each
  day of ``by_weekday`` (default: the anchor's weekday), at ``at``.
- ``monthly``: every ``interval`` months counted from the anchor's month, on each day of
  ``by_month_day`` (1..31 or -1..-31 counted from the month's end, -1 = last day; a month without
  that day is skipped; default: the anchor's day of month unless ``by_weekday`` is given), at ``at``.
  ``by_weekday`` alone means every such weekday of the month; with ``by_month_day`` both must match.
- ``by_weekday`` / ``by_month_day`` restrict the other frequencies (the fire's local date must
  match); ``until`` (inclusive) ends the rule; a bare date means the end of that local day.
Local times follow ``zones.to_instant``: daily 09:00 stays 09:00 local across DST changes.
"""
from __future__ import annotations

import calendar
import math
import re
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta, tzinfo
from typing import Iterator, Mapping

from rules.errors import Invalid

from .zones import UTC, iso, local, parse_datetime, to_instant

FREQUENCIES = ("minutely", "hourly", "daily", "weekly", "monthly")
WEEKDAYS = ("mo", "tu", "we", "th", "fr", "sa", "su")  # index = date.weekday()
MAX_INTERVAL = 1000
HORIZON_YEARS = 50
_KEYS = {"frequency", "interval", "by_weekday", "by_month_day", "at", "until"}
_AT = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9])")
_DAY = timedelta(days=1)


def _bad(why: str) -> Invalid:
    return Invalid(f"invalid recurrence: {why}", code="invalid_recurrence")


@dataclass(frozen=True)
class Recurrence:
    frequency: str
    interval: int
    at: tuple[int, int]                  # local hour, minute
    by_weekday: tuple[int, ...] | None   # date.weekday() numbers, Monday = 0
    by_month_day: tuple[int, ...] | None
    until: datetime | None               # aware UTC, inclusive

    def to_json(self) -> dict:
        out: dict = {"frequency": self.frequency, "interval": self.interval,
                     "at": "%02d:%02d" % self.at}
        if self.by_weekday is not None:
            out["by_weekday"] = [WEEKDAYS[d] for d in self.by_weekday]
        if self.by_month_day is not None:
            out["by_month_day"] = list(self.by_month_day)
        if self.until is not None:
            out["until"] = iso(self.until)
        return out

    # -- matching --------------------------------------------------------------------------
    def _month_day_ok(self, d: date) -> bool:
        if self.by_month_day is None:
            return True
        from_end = d.day - calendar.monthrange(d.year, d.month)[1] - 1
        return d.day in self.by_month_day or from_end in self.by_month_day

    def _day_ok(self, d: date) -> bool:
        return ((self.by_weekday is None or d.weekday() in self.by_weekday)
                and self._month_day_ok(d))

    def _month_days(self, y: int, m: int) -> list[int]:
        first_weekday, days_in_month = calendar.monthrange(y, m)
        if self.by_month_day is not None:
            days = sorted({v if v > 0 else days_in_month + 1 + v for v in self.by_month_day})
            days = [v for v in days if 1 <= v <= days_in_month]
        else:
            days = list(range(1, days_in_month + 1))
        if self.by_weekday is not None:
            days = [v for v in days if (first_weekday + v - 1) % 7 in self.by_weekday]
        return days

    def _dates(self, start: date, last: date, anchor: date) -> Iterator[date]:
        """Candidate local dates >= start in order (the calendar frequencies)."""
        n = self.interval
        if self.frequency == "daily":
            d = start + timedelta(days=-(start - anchor).days % n)
            while d <= last:
                if self._day_ok(d):
                    yield d
                d += timedelta(days=n)
        elif self.frequency == "weekly":
            anchor_week = anchor - timedelta(days=anchor.weekday())
            week = start - timedelta(days=start.weekday())
            week += timedelta(weeks=-((week - anchor_week).days // 7) % n)
            while week <= last:
                for weekday in self.by_weekday or ():
                    d = week + timedelta(days=weekday)
                    if d >= start and self._month_day_ok(d):
                        yield d
                week += timedelta(weeks=n)
        else:  # monthly
            anchor_index = anchor.year * 12 + anchor.month - 1
            index = start.year * 12 + start.month - 1
            index += -(index - anchor_index) % n
            while index <= last.year * 12 + last.month - 1:
                y, m = divmod(index, 12)
                for day in self._month_days(y, m + 1):
                    d = date(y, m + 1, day)
                    if d >= start:
                        yield d
                index += n

    def next_after(self, after: datetime, tz: tzinfo, anchor: datetime) -> datetime | None:
        """First fire instant strictly after ``after`` (aware UTC); ``anchor`` is aware UTC."""
        anchor_date = local(anchor, tz).date()
        try:
            if self.frequency in ("minutely", "hourly"):
                found = self._next_on_grid(after, tz, anchor_date)
            else:
                found = self._next_on_calendar(after, tz, anchor_date)
        except (OverflowError, ValueError):  # beyond year 9999
            return None
        if found is not None and self.until is not None and found > self.until:
            return None
        return found

    def _next_on_calendar(self, after: datetime, tz: tzinfo, anchor: date) -> datetime | None:
        start = local(after, tz).date()
        start = start - _DAY if start > date.min else start
        last = date(min(start.year + HORIZON_YEARS, 9998), 12, 31)
        at = time(*self.at)
        for d in self._dates(start, last, anchor):
            instant = to_instant(datetime.combine(d, at), tz)
            if instant > after:
                return instant
        return None

    def _next_on_grid(self, after: datetime, tz: tzinfo, anchor: date) -> datetime | None:
        step = self.interval * (60 if self.frequency == "minutely" else 3600)
        ref = int(to_instant(datetime.combine(anchor, time(*self.at)), tz).timestamp())
        after_ts = math.floor(after.timestamp())
        t = ref + ((after_ts - ref) // step + 1) * step
        horizon = after_ts + HORIZON_YEARS * 366 * 86400
        while t <= horizon:
            instant = datetime.fromtimestamp(t, UTC)
            if self.by_weekday is None and self.by_month_day is None:
                return instant
            day = local(instant, tz).date()
            if self._day_ok(day):
                return instant
            midnight = int(to_instant(datetime.combine(day + _DAY, time()), tz).timestamp())
            t = ref + -(-(midnight - ref) // step) * step  # first grid point >= next midnight
        return None


def _int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _list(value: object, name: str) -> list:
    if not isinstance(value, (list, tuple)) or not value:
        raise _bad(f"{name} must be a non-empty list")
    return list(value)


def parse(value: object, *, tz: tzinfo, anchor: datetime) -> Recurrence:
    """Check and normalize a recurrence object; unspecified parts come from ``anchor``."""
    if not isinstance(value, Mapping):
        raise _bad("recurrence must be an object such as {\"frequency\": \"daily\", \"at\": \"09:00\"}")
    unknown = sorted(str(k) for k in value if k not in _KEYS)
    if unknown:
        raise _bad(f"unknown field(s) {', '.join(unknown)}; allowed: {', '.join(sorted(_KEYS))}")
    frequency = value.get("frequency")
    if not isinstance(frequency, str) or frequency.lower() not in FREQUENCIES:
        raise _bad(f"frequency must be one of {', '.join(FREQUENCIES)}")
    interval = value.get("interval", 1)
    if interval is None:
        interval = 1
    if not _int(interval) or not 1 <= interval <= MAX_INTERVAL:
        raise _bad(f"interval must be an integer from 1 to {MAX_INTERVAL}")
    by_weekday = value.get("by_weekday")
    if by_weekday is not None:
        items = _list(by_weekday, "by_weekday")
        if not all(isinstance(v, str) and v.lower() in WEEKDAYS for v in items):
            raise _bad("by_weekday entries must be mo, tu, we, th, fr, sa or su")
        by_weekday = tuple(sorted({WEEKDAYS.index(v.lower()) for v in items}))
    by_month_day = value.get("by_month_day")
    if by_month_day is not None:
        items = _list(by_month_day, "by_month_day")
        if not all(_int(v) and 1 <= abs(v) <= 31 for v in items):
            raise _bad("by_month_day entries must be integers 1..31 or -1..-31 (-1 = last day)")
        by_month_day = tuple(sorted(set(items)))
    at = value.get("at")
    wall = local(anchor, tz)
    if at is None:
        at_pair = (wall.hour, wall.minute)
    else:
        match = _AT.fullmatch(at) if isinstance(at, str) else None
        if match is None:
            raise _bad("at must be a 24-hour local time \"HH:MM\" such as \"09:30\"")
        at_pair = (int(match[1]), int(match[2]))
    until = value.get("until")
    if until is not None:
        until = parse_datetime(until, tz, field="recurrence.until", code="invalid_recurrence",
                               end_of_day=True)
    frequency = frequency.lower()
    if frequency == "weekly" and by_weekday is None:
        by_weekday = (wall.weekday(),)
    if frequency == "monthly" and by_weekday is None and by_month_day is None:
        by_month_day = (wall.day,)
    rule = Recurrence(frequency=frequency, interval=interval, at=at_pair,
                      by_weekday=by_weekday, by_month_day=by_month_day, until=until)
    if replace(rule, until=None).next_after(anchor, tz, anchor) is None:
        raise _bad("it never fires (no date satisfies interval, by_weekday and by_month_day)")
    return rule
