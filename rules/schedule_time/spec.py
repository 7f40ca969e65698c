"""Schedule specs: validation, next fire time, and the missed-fire rule."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta, tzinfo
from typing import Literal, NamedTuple

from rules.errors import Invalid

from . import cron as cron_mod
from . import recurrence as recurrence_mod
from .cron import CronExpr
from .recurrence import Recurrence
from .zones import UTC, canonical, iso, parse_datetime, require_aware, zone

Kind = Literal["cron", "run_at", "recurrence"]
MISSED_FIRE_GRACE = timedelta(seconds=60)
_TICK = timedelta(microseconds=1)


@dataclass(frozen=True)
class ScheduleSpec:
    """A validated schedule. Build it with ``validate``; compare and hash it freely."""
    kind: Kind
    timezone: str                        # canonical IANA name
    cron: str | None = None              # whitespace-normalized expression
    run_at: datetime | None = None       # aware UTC, whole seconds
    recurrence: Recurrence | None = None
    anchor: datetime | None = None       # aware UTC, whole minute; recurrences only
    compiled: CronExpr | None = field(default=None, repr=False, compare=False)
    tz: tzinfo = field(default=UTC, repr=False, compare=False)

    def fields(self) -> dict:
        """JSON-ready ``{cron, run_at, recurrence, timezone}``: what to store and show.
        Passing them back to ``validate`` (with the same anchor) gives an equal spec."""
        return {"cron": self.cron,
                "run_at": iso(self.run_at) if self.run_at is not None else None,
                "recurrence": self.recurrence.to_json() if self.recurrence else None,
                "timezone": self.timezone}


class DueFire(NamedTuple):
    fire_at: datetime | None       # the fire to enqueue now (its identity), or None
    next_fire_at: datetime | None  # the schedule's new next_fire_at (None: no further fire)


def validate(*, cron: object = None, run_at: object = None, recurrence: object = None,
             timezone: object = "UTC", anchor: datetime | None = None) -> ScheduleSpec:
    """Check and normalize a schedule definition (exactly one of cron, run_at, recurrence).

    ``anchor`` (default: now) counts recurrence intervals and fills a recurrence's unspecified
    parts (``at``, weekly ``by_weekday``, monthly ``by_month_day``); pass the schedule's
    creation time when rebuilding a stored spec. A run_at or until without an offset is local
    time of ``timezone``. Raises ``store.errors.Invalid`` with code ``schedule_kind_required``,
    ``invalid_timezone``, ``invalid_cron``, ``invalid_run_at`` or ``invalid_recurrence``.
    """
    given = [name for name, value in (("cron", cron), ("run_at", run_at),
                                      ("recurrence", recurrence)) if value is not None]
    if len(given) != 1:
        which = f"got {', '.join(given)}" if given else "got none"
        raise Invalid(f"a schedule needs exactly one of cron, run_at or recurrence ({which})",
                      code="schedule_kind_required")
    name = canonical("UTC" if timezone is None else timezone)
    tz = zone(name)
    if cron is not None:
        compiled = cron_mod.parse(cron)
        return ScheduleSpec(kind="cron", timezone=name, cron=compiled.text, compiled=compiled,
                            tz=tz)
    if run_at is not None:
        instant = parse_datetime(run_at, tz, field="run_at", code="invalid_run_at")
        return ScheduleSpec(kind="run_at", timezone=name, run_at=instant, tz=tz)
    start = require_aware(anchor, "anchor") if anchor is not None else datetime.now(UTC)
    start = start.replace(second=0, microsecond=0)
    rule = recurrence_mod.parse(recurrence, tz=tz, anchor=start)
    return ScheduleSpec(kind="recurrence", timezone=name, recurrence=rule, anchor=start, tz=tz)


def next_fire(*, spec: ScheduleSpec, after: datetime) -> datetime | None:
    """The first fire time strictly after ``after`` (aware), as aware UTC; None when the
    schedule has no further fire (a one-time schedule that is past, a recurrence past until)."""
    after = require_aware(after, "after")
    if spec.compiled is not None:
        return spec.compiled.next_after(after, spec.tz)
    if spec.recurrence is not None:
        return spec.recurrence.next_after(after, spec.tz, spec.anchor or after)
    return spec.run_at if spec.run_at is not None and spec.run_at > after else None


def first_fire(*, spec: ScheduleSpec, now: datetime) -> datetime | None:
    """``next_fire_at`` for a new schedule: a run_at as given (even if already past, so it
    fires at once, or is skipped by the missed-fire rule), otherwise the first fire after now."""
    if spec.run_at is not None:
        return spec.run_at
    return next_fire(spec=spec, after=now)


def fires_between(*, spec: ScheduleSpec, start: datetime, end: datetime,
                  limit: int = 1000) -> list[datetime]:
    """The fire times t with start <= t < end, in order, at most ``limit`` of them."""
    end = require_aware(end, "end")
    out: list[datetime] = []
    cursor = require_aware(start, "start") - _TICK
    while len(out) < limit:
        found = next_fire(spec=spec, after=cursor)
        if found is None or found >= end:
            break
        out.append(found)
        cursor = found
    return out


def due_fire(*, spec: ScheduleSpec, next_fire_at: datetime | None, now: datetime,
             skip_missed: bool, grace: timedelta = MISSED_FIRE_GRACE) -> DueFire:
    """What a scheduler does with a schedule whose stored next fire is ``next_fire_at``.

    - Not due yet (``next_fire_at`` > now, or None): nothing fires, next_fire_at is unchanged.
    - Due: the new next_fire_at is the first fire strictly after ``now``, so however many
      ticks were missed the schedule fires at most ONCE now (never once per missed tick).
    - Without ``skip_missed`` the fire is identified by ``next_fire_at`` (the first missed tick)
      whatever ``now`` is, so a scheduler that retries a claim computes the same fire.
    - With ``skip_missed`` a fire later than ``grace`` is dropped; a tick within the last
      ``grace`` (on time) still fires and is identified by that tick.
    """
    now = require_aware(now, "now")
    if next_fire_at is None:
        return DueFire(None, None)
    next_fire_at = require_aware(next_fire_at, "next_fire_at")
    if next_fire_at > now:
        return DueFire(None, next_fire_at)
    following = next_fire(spec=spec, after=now)
    if not skip_missed or now - next_fire_at <= grace:
        return DueFire(next_fire_at, following)
    recent = next_fire(spec=spec, after=now - grace - _TICK)
    if recent is not None and recent <= now:
        return DueFire(recent, following)
    return DueFire(None, following)
