"""Time zones: name lookup and the wall-clock -> instant rule shared by cron and recurrences.

A local wall time maps to exactly one instant:
- an ordinary wall time maps to its instant;
- a wall time repeated by a fall-back transition maps to its FIRST occurrence (``fold=0``);
- a wall time skipped by a spring-forward gap maps to the first valid instant after the gap
  (the transition instant itself: 02:30 on a day when 02:00 jumps to 03:00 becomes 03:00).
"""
from __future__ import annotations

import zoneinfo
from datetime import datetime, timedelta, timezone, tzinfo
from functools import lru_cache

from rules.errors import Invalid

UTC = timezone.utc
_ZERO = timedelta(0)
_names: dict[str, str] | None = None
_NOT_ZONES = {"localtime", "posixrules", "factory"}  # host-specific or "zone not set"


def _canonical_names() -> dict[str, str]:
    global _names
    if _names is None:
        names = {name.lower(): name for name in zoneinfo.available_timezones()
                 if name.lower() not in _NOT_ZONES}
        names["utc"] = "UTC"
        _names = names
    return _names


def canonical(name: object) -> str:
    """The canonical IANA name of ``name`` (case-insensitive), or Invalid ``invalid_timezone``."""
    if not isinstance(name, str) or not name.strip():
        raise Invalid("timezone must be an IANA time zone name such as 'Europe/Berlin'",
                      code="invalid_timezone")
    return _canonical(name)


@lru_cache(maxsize=1024)
def _canonical(name: str) -> str:
    found = _canonical_names().get(name.strip().lower())
    if found is None:
        raise Invalid(f"unknown time zone {name.strip()[:64]!r}; use an IANA name such as "
                      "'America/New_York' or 'UTC'", code="invalid_timezone")
    return found


@lru_cache(maxsize=1024)
def zone(name: str) -> tzinfo:
    """The tzinfo of a canonical zone name (``UTC`` is the fixed-offset fast path)."""
    return UTC if name == "UTC" else zoneinfo.ZoneInfo(name)


def to_instant(wall: datetime, tz: tzinfo) -> datetime:
    """The aware UTC instant of the naive local ``wall`` time in ``tz`` (rules above)."""
    if tz is UTC:
        return wall.replace(tzinfo=UTC)
    off0 = wall.replace(tzinfo=tz).utcoffset() or _ZERO
    off1 = wall.replace(tzinfo=tz, fold=1).utcoffset() or _ZERO
    if off0 >= off1:  # ordinary (equal) or repeated (fold=0 is the first occurrence)
        return (wall - off0).replace(tzinfo=UTC)
    return _gap_end(wall, tz, off0, off1)


def _gap_end(wall: datetime, tz: tzinfo, before: timedelta, after: timedelta) -> datetime:
    """First instant after the gap containing ``wall``: the smallest instant in
    (wall - after, wall - before] whose offset is no longer ``before``."""
    lo = (wall - after).replace(tzinfo=UTC)   # still before the transition
    hi = (wall - before).replace(tzinfo=UTC)  # at or after the transition
    lo_s, hi_s = 0, int((hi - lo).total_seconds())
    while hi_s - lo_s > 1:
        mid = (lo_s + hi_s) // 2
        if (lo + timedelta(seconds=mid)).astimezone(tz).utcoffset() == before:
            lo_s = mid
        else:
            hi_s = mid
    return lo + timedelta(seconds=hi_s)


def local(instant: datetime, tz: tzinfo) -> datetime:
    """The naive local wall time of an aware instant."""
    return instant.astimezone(tz).replace(tzinfo=None)


def require_aware(value: datetime, name: str) -> datetime:
    """``value`` as an aware UTC datetime; a naive datetime is a programming error."""
    if not isinstance(value, datetime) or value.tzinfo is None or value.utcoffset() is None:
        raise ValueError(f"{name} must be a timezone-aware datetime")
    return value.astimezone(UTC)


_DATE_ONLY_LEN = len("2026-01-31")


def parse_datetime(value: object, tz: tzinfo, *, field: str, code: str,
                   end_of_day: bool = False) -> datetime:
    """An aware UTC instant (whole seconds) from an RFC 3339 string or a datetime.

    A value without an offset is a local time of ``tz`` (gap/fold rules above). A bare date
    means the start of that local day, or its last second when ``end_of_day``.
    """
    if isinstance(value, str):
        text = value.strip()
        try:
            parsed = datetime.fromisoformat(text)
        except ValueError:
            raise Invalid(f"{field} must be an RFC 3339 date-time such as "
                          f"'2026-05-01T09:00:00Z', got {text[:40]!r}", code=code) from None
        if end_of_day and len(text) == _DATE_ONLY_LEN:
            parsed = parsed.replace(hour=23, minute=59, second=59)
    elif isinstance(value, datetime):
        parsed = value
    else:
        raise Invalid(f"{field} must be a date-time string", code=code)
    try:
        if parsed.tzinfo is None or parsed.utcoffset() is None:
            instant = to_instant(parsed.replace(tzinfo=None), tz)
        else:
            instant = parsed.astimezone(UTC)
    except (OverflowError, ValueError):
        raise Invalid(f"{field} is out of range", code=code) from None
    return instant.replace(microsecond=0)


def iso(instant: datetime) -> str:
    """RFC 3339 UTC text of an aware instant: ``2026-05-01T07:00:00Z``."""
    return instant.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
