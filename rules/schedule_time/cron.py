"""Standard 5-field cron: ``minute hour day-of-month month day-of-week``.

Each field accepts ``*``, numbers, ``a-b`` ranges, ``,`` lists and ``/n`` steps (on ``*``, a
range, or a start value meaning ``start-max``). Months accept ``jan``..``dec``, weekdays
``sun``..``sat``; weekday ``0`` and ``7`` are both Sunday (``fri-sun`` is Friday to Sunday).
The macros ``@yearly``/``@annually``, ``@monthly``, ``@weekly``, ``@daily``/``@midnight`` and
``@hourly`` are accepted. Day matching follows Vixie cron: when both day-of-month and day-of-week
are restricted (neither field starts with ``*``) a day matching EITHER fires; otherwise a day
must match both (so ``*/2`` in one field still restricts it). Times are local wall-clock times of
the schedule's time zone, mapped to instants by ``zones.to_instant``.
"""
from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta, tzinfo
from functools import lru_cache

from rules.errors import Invalid

from .zones import local, to_instant

HORIZON_YEARS = 50  # a valid expression always fires within this many years
_MINUTE = timedelta(minutes=1)
_NUMBER = re.compile(r"[0-9]{1,2}")
_MONTHS = {n.lower(): i for i, n in enumerate(calendar.month_abbr) if n}
_WEEKDAYS = {"sun": 0, "mon": 1, "tue": 2, "wed": 3, "thu": 4, "fri": 5, "sat": 6}
_MACROS = {"@yearly": "0 0 1 1 *", "@annually": "0 0 1 1 *", "@monthly": "0 0 1 * *",
           "@weekly": "0 0 * * 0", "@daily": "0 0 * * *", "@midnight": "0 0 * * *",
           "@hourly": "0 * * * *"}
# (name, low, high, names)
_FIELDS = (("minute", 0, 59, {}), ("hour", 0, 23, {}), ("day of month", 1, 31, {}),
           ("month", 1, 12, _MONTHS), ("day of week", 0, 7, _WEEKDAYS))


def _bad(expr: str, why: str) -> Invalid:
    return Invalid(f"invalid cron expression {expr[:100]!r}: {why}", code="invalid_cron")


def _value(text: str, field: tuple, expr: str) -> int:
    name, low, high, names = field
    if text in names:
        return names[text]
    if not _NUMBER.fullmatch(text):
        raise _bad(expr, f"{text!r} is not a valid {name} value")
    value = int(text)
    if not low <= value <= high:
        raise _bad(expr, f"{name} value {value} is outside {low}-{high}")
    return value


def _field(text: str, field: tuple, expr: str) -> set[int]:
    name, low, high, _ = field
    values: set[int] = set()
    for part in text.split(","):
        base, slash, step_text = part.partition("/")
        step = 1
        if slash:
            if not _NUMBER.fullmatch(step_text) or int(step_text) == 0:
                raise _bad(expr, f"step {step_text!r} in the {name} field must be 1-99")
            step = int(step_text)
        if base == "*":
            start, end = low, high
        elif "-" in base:
            first, _, last = base.partition("-")
            start, end = _value(first, field, expr), _value(last, field, expr)
            if name == "day of week" and end == 0 and start > 0:
                end = 7  # "fri-sun"
            if start > end:
                raise _bad(expr, f"range {base!r} in the {name} field is reversed")
        else:
            start = _value(base, field, expr)
            end = high if slash else start
        values.update(range(start, end + 1, step))
    return values


def _next_table(values: frozenset[int], size: int) -> tuple[int | None, ...]:
    """table[i] = smallest allowed value >= i, or None (the table has one spare slot)."""
    table: list[int | None] = [None] * (size + 1)
    following = None
    for i in range(size - 1, -1, -1):
        if i in values:
            following = i
        table[i] = following
    return tuple(table)


@dataclass(frozen=True)
class CronExpr:
    text: str
    minutes: frozenset[int]
    hours: frozenset[int]
    days: frozenset[int]
    months: frozenset[int]
    weekdays: frozenset[int]  # 0 = Sunday
    either_day: bool          # Vixie: both day fields restricted -> either may match

    def __post_init__(self) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "_next_minute", _next_table(self.minutes, 60))
        setattr_(self, "_next_hour", _next_table(self.hours, 24))
        setattr_(self, "_next_month", _next_table(self.months, 13))
        setattr_(self, "_first_month", min(self.months))
        setattr_(self, "_every_day", not self.either_day and len(self.days) == 31
                 and len(self.weekdays) == 7)

    def matches(self, wall: datetime) -> bool:
        """Whether a local wall time matches every field (seconds ignored)."""
        weekday = (wall.weekday() + 1) % 7
        return (wall.minute in self.minutes and wall.hour in self.hours
                and wall.month in self.months and self._day_ok(wall.day, weekday))

    def _day_ok(self, day: int, weekday: int) -> bool:
        if self.either_day:
            return day in self.days or weekday in self.weekdays
        return day in self.days and weekday in self.weekdays

    def next_wall(self, y: int, mo: int, d: int, h: int, mi: int,
                  last_year: int) -> tuple[int, int, int, int, int] | None:
        """The smallest matching local wall time >= the given one, up to ``last_year``."""
        next_month, next_hour, next_minute = self._next_month, self._next_hour, self._next_minute
        while y <= last_year:
            month = next_month[mo]
            if month is None:
                y, mo, d, h, mi = y + 1, self._first_month, 1, 0, 0
                continue
            if month != mo:
                mo, d, h, mi = month, 1, 0, 0
            days_in_month = calendar.monthrange(y, mo)[1]
            if not self._every_day and d <= days_in_month:
                weekday = (date(y, mo, d).weekday() + 1) % 7
                while d <= days_in_month and not self._day_ok(d, weekday):
                    d, weekday, h, mi = d + 1, (weekday + 1) % 7, 0, 0
            if d > days_in_month:
                y, mo, d, h, mi = (y + 1, 1, 1, 0, 0) if mo == 12 else (y, mo + 1, 1, 0, 0)
                continue
            hour = next_hour[h]
            if hour is None:
                d, h, mi = d + 1, 0, 0
                continue
            if hour != h:
                h, mi = hour, 0
            minute = next_minute[mi]
            if minute is None:
                h, mi = h + 1, 0
                continue
            return y, mo, d, h, minute
        return None

    def next_after(self, after: datetime, tz: tzinfo) -> datetime | None:
        """First fire instant strictly after the aware UTC instant ``after``."""
        try:
            wall = local(after, tz).replace(second=0, microsecond=0) + _MINUTE
            last_year = min(wall.year + HORIZON_YEARS, 9998)
            while True:
                found = self.next_wall(wall.year, wall.month, wall.day, wall.hour, wall.minute,
                                       last_year)
                if found is None:
                    return None
                candidate = datetime(*found)
                instant = to_instant(candidate, tz)
                if instant > after:  # a repeated hour's walls map back before `after`
                    return instant
                wall = candidate + _MINUTE
        except OverflowError:  # beyond year 9999
            return None


def parse(expr: object) -> CronExpr:
    """Parse and check a cron expression (Invalid ``invalid_cron`` with the reason)."""
    if not isinstance(expr, str) or not expr.strip():
        raise Invalid("cron must be a non-empty string such as '0 9 * * mon-fri'",
                      code="invalid_cron")
    return _parse(" ".join(expr.split()))


@lru_cache(maxsize=4096)
def _parse(text: str) -> CronExpr:
    lowered = text.lower()
    parts = _MACROS.get(lowered, lowered).split(" ")
    if lowered.startswith("@") and lowered not in _MACROS:
        raise _bad(text, "unknown macro; use @yearly, @monthly, @weekly, @daily or @hourly")
    if len(parts) != 5:
        raise _bad(text, f"expected 5 fields (minute hour day-of-month month day-of-week), "
                         f"got {len(parts)}")
    sets = [_field(part, field, text) for part, field in zip(parts, _FIELDS)]
    weekdays = frozenset(v % 7 for v in sets[4])
    cron = CronExpr(text=text, minutes=frozenset(sets[0]), hours=frozenset(sets[1]),
                    days=frozenset(sets[2]), months=frozenset(sets[3]), weekdays=weekdays,
                    either_day=not parts[2].startswith("*") and not parts[4].startswith("*"))
    if cron.next_wall(2000, 1, 1, 0, 0, 2000 + HORIZON_YEARS) is None:
        raise _bad(text, "it never fires (no such date)")
    return cron
