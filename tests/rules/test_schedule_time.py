"""Schedule specs: validation codes, one-time run_at, fires_between, and the missed-fire rule."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from rules.schedule_time import (MISSED_FIRE_GRACE, due_fire, fires_between, first_fire,
                                   next_fire, validate)
from store.errors import Invalid

UTC = timezone.utc


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


# -- validate -----------------------------------------------------------------------------------

@pytest.mark.parametrize("kwargs", [
    {}, {"timezone": "Europe/Berlin"},
    {"cron": "* * * * *", "run_at": "2026-05-01T09:00:00Z"},
    {"cron": "* * * * *", "recurrence": {"frequency": "daily"}},
    {"run_at": "2026-05-01T09:00:00Z", "recurrence": {"frequency": "daily"}},
    {"cron": "* * * * *", "run_at": "2026-05-01T09:00:00Z", "recurrence": {"frequency": "daily"}},
    {"cron": "not cron", "run_at": "never", "timezone": "Nowhere"},  # counted before checking
])
def test_exactly_one_kind_is_required(kwargs):
    with pytest.raises(Invalid) as err:
        validate(**kwargs)
    assert err.value.code == "schedule_kind_required"
    assert "exactly one of cron, run_at or recurrence" in err.value.detail


@pytest.mark.parametrize("tz", ["Mars/Olympus", "", "  ", 5, "../../etc/passwd", "/etc/localtime",
                                "localtime", "Factory", "Europe/Berlin/Mitte", "GMT+2:00",
                                ["UTC"], {"name": "UTC"}])
def test_invalid_timezone(tz):
    with pytest.raises(Invalid) as err:
        validate(cron="* * * * *", timezone=tz)
    assert err.value.code == "invalid_timezone"


def test_timezone_is_canonicalized():
    assert validate(cron="0 9 * * *", timezone="europe/berlin").timezone == "Europe/Berlin"
    assert validate(cron="0 9 * * *", timezone=None).timezone == "UTC"
    assert validate(cron="0 9 * * *").timezone == "UTC"
    assert validate(cron="0 9 * * *", timezone="utc").timezone == "UTC"
    assert validate(cron="0 9 * * *", timezone="Asia/Kolkata").fields() == {
        "cron": "0 9 * * *", "run_at": None, "recurrence": None, "timezone": "Asia/Kolkata"}


def test_cron_evaluated_in_a_half_hour_offset_zone():
    spec = validate(cron="0 9 * * *", timezone="Asia/Kolkata")
    assert next_fire(spec=spec, after=utc(2026, 5, 1)) == utc(2026, 5, 1, 3, 30)


# -- run_at -------------------------------------------------------------------------------------

def test_run_at_forms():
    assert validate(run_at="2026-05-01T09:00:00+02:00").run_at == utc(2026, 5, 1, 7)
    assert validate(run_at="2026-05-01T07:00:00Z").fields()["run_at"] == "2026-05-01T07:00:00Z"
    # without an offset: local time of the schedule's zone
    assert validate(run_at="2026-05-01T09:00:00", timezone="Europe/Berlin").run_at == utc(
        2026, 5, 1, 7)
    assert validate(run_at=datetime(2026, 5, 1, 9), timezone="America/New_York").run_at == utc(
        2026, 5, 1, 13)
    assert validate(run_at=utc(2026, 5, 1, 7, 0, 5, 999999)).run_at == utc(2026, 5, 1, 7, 0, 5)
    # a skipped local time runs at the end of the gap, a repeated one at its first occurrence
    assert validate(run_at="2026-03-29T02:30", timezone="Europe/Berlin").run_at == utc(
        2026, 3, 29, 1)
    assert validate(run_at="2026-10-25T02:30", timezone="Europe/Berlin").run_at == utc(
        2026, 10, 25, 0, 30)


@pytest.mark.parametrize("value", ["tomorrow", "", "2026-13-01T00:00:00Z", 1767225600,
                                   ["2026-05-01T07:00:00Z"], "9999-12-31T23:59:59-05:00"])
def test_invalid_run_at(value):
    with pytest.raises(Invalid) as err:
        validate(run_at=value)
    assert err.value.code == "invalid_run_at"


def test_one_time_future_and_past():
    spec = validate(run_at="2026-05-01T07:00:00Z")
    assert next_fire(spec=spec, after=utc(2026, 4, 30)) == utc(2026, 5, 1, 7)
    assert next_fire(spec=spec, after=utc(2026, 5, 1, 7)) is None  # strictly after
    assert next_fire(spec=spec, after=utc(2026, 6, 1)) is None
    assert first_fire(spec=spec, now=utc(2026, 4, 30)) == utc(2026, 5, 1, 7)
    # created after its time: still due at once (or skipped by the missed-fire rule)
    assert first_fire(spec=spec, now=utc(2026, 5, 2)) == utc(2026, 5, 1, 7)
    assert fires_between(spec=spec, start=utc(2026, 1, 1), end=utc(2027, 1, 1)) == [
        utc(2026, 5, 1, 7)]


def test_one_time_missed_fires_once_or_is_skipped():
    spec = validate(run_at="2026-05-01T07:00:00Z")
    now = utc(2026, 5, 1, 9)
    assert due_fire(spec=spec, next_fire_at=spec.run_at, now=now, skip_missed=False) == (
        utc(2026, 5, 1, 7), None)
    assert due_fire(spec=spec, next_fire_at=spec.run_at, now=now, skip_missed=True) == (None, None)
    assert due_fire(spec=spec, next_fire_at=None, now=now, skip_missed=False) == (None, None)


# -- next_fire / fires_between ------------------------------------------------------------------

def test_results_are_aware_utc_and_inputs_must_be_aware():
    spec = validate(cron="0 9 * * *", timezone="Europe/Berlin")
    berlin_after = datetime(2026, 5, 1, 12, tzinfo=timezone(timedelta(hours=2)))
    result = next_fire(spec=spec, after=berlin_after)
    assert result == utc(2026, 5, 2, 7) and result.tzinfo is UTC
    with pytest.raises(ValueError):
        next_fire(spec=spec, after=datetime(2026, 5, 1))
    with pytest.raises(ValueError):
        validate(recurrence={"frequency": "daily"}, anchor=datetime(2026, 5, 1))
    with pytest.raises(ValueError):
        due_fire(spec=spec, next_fire_at=utc(2026, 5, 1), now=datetime(2026, 5, 1),
                 skip_missed=False)


def test_fires_between_is_half_open_and_limited():
    spec = validate(cron="0 * * * *")
    got = fires_between(spec=spec, start=utc(2026, 1, 1, 1), end=utc(2026, 1, 1, 4))
    assert got == [utc(2026, 1, 1, 1), utc(2026, 1, 1, 2), utc(2026, 1, 1, 3)]
    assert fires_between(spec=spec, start=utc(2026, 1, 1), end=utc(2027, 1, 1), limit=5) == [
        utc(2026, 1, 1, h) for h in range(5)]
    assert fires_between(spec=spec, start=utc(2026, 1, 2), end=utc(2026, 1, 1)) == []


def test_first_fire_of_recurring_schedules_is_after_now():
    now = utc(2026, 5, 1, 9, 0)
    assert first_fire(spec=validate(cron="0 9 * * *"), now=now) == utc(2026, 5, 2, 9)
    spec = validate(recurrence={"frequency": "hourly"}, anchor=now)
    assert first_fire(spec=spec, now=now) == utc(2026, 5, 1, 10)


# -- the missed-fire rule -----------------------------------------------------------------------

def _simulate(spec, next_at, polls, skip_missed):
    """A scheduler polling at the given instants; returns [(poll time, fire time)], next_at."""
    fired = []
    for now in polls:
        fire, next_at = due_fire(spec=spec, next_fire_at=next_at, now=now, skip_missed=skip_missed)
        if fire is not None:
            fired.append((now, fire))
    return fired, next_at


def _polls(start: datetime, end: datetime, every: timedelta = timedelta(seconds=10)):
    out, t = [], start
    while t < end:
        out.append(t)
        t += every
    return out


def test_not_due_and_on_time():
    spec = validate(cron="0 * * * *")
    assert due_fire(spec=spec, next_fire_at=utc(2026, 1, 1, 10), now=utc(2026, 1, 1, 9, 59, 59),
                    skip_missed=False) == (None, utc(2026, 1, 1, 10))
    for skip in (False, True):
        assert due_fire(spec=spec, next_fire_at=utc(2026, 1, 1, 10),
                        now=utc(2026, 1, 1, 10, 0, 1), skip_missed=skip) == (
            utc(2026, 1, 1, 10), utc(2026, 1, 1, 11))


def test_steady_polling_fires_every_tick_exactly_once():
    spec = validate(cron="*/5 * * * *")
    fired, next_at = _simulate(spec, utc(2026, 1, 1, 10), _polls(utc(2026, 1, 1, 10),
                                                                 utc(2026, 1, 1, 11)), False)
    assert [fire for _, fire in fired] == [utc(2026, 1, 1, 10, m) for m in range(0, 60, 5)]
    assert all(now - fire < timedelta(seconds=10) for now, fire in fired)
    assert next_at == utc(2026, 1, 1, 11)


def test_downtime_fires_once_at_startup_not_once_per_missed_tick():
    spec = validate(cron="*/5 * * * *")
    before = _polls(utc(2026, 1, 1, 10), utc(2026, 1, 1, 10, 7))
    after = _polls(utc(2026, 1, 1, 12, 2, 30), utc(2026, 1, 1, 12, 16))  # 23 ticks missed
    fired, _ = _simulate(spec, utc(2026, 1, 1, 10), before + after, skip_missed=False)
    assert fired == [
        (utc(2026, 1, 1, 10, 0), utc(2026, 1, 1, 10, 0)),
        (utc(2026, 1, 1, 10, 5), utc(2026, 1, 1, 10, 5)),
        # the one catch-up fire, identified by the first missed tick
        (utc(2026, 1, 1, 12, 2, 30), utc(2026, 1, 1, 10, 10)),
        (utc(2026, 1, 1, 12, 5), utc(2026, 1, 1, 12, 5)),
        (utc(2026, 1, 1, 12, 10), utc(2026, 1, 1, 12, 10)),
        (utc(2026, 1, 1, 12, 15), utc(2026, 1, 1, 12, 15)),
    ]


def test_downtime_with_skip_missed_fires_nothing_for_missed_ticks():
    spec = validate(cron="*/5 * * * *")
    before = _polls(utc(2026, 1, 1, 10), utc(2026, 1, 1, 10, 7))
    after = _polls(utc(2026, 1, 1, 12, 2, 30), utc(2026, 1, 1, 12, 11))
    fired, _ = _simulate(spec, utc(2026, 1, 1, 10), before + after, skip_missed=True)
    assert [fire for _, fire in fired] == [utc(2026, 1, 1, 10, 0), utc(2026, 1, 1, 10, 5),
                                           utc(2026, 1, 1, 12, 5), utc(2026, 1, 1, 12, 10)]


def test_skip_missed_still_fires_a_tick_that_is_on_time():
    spec = validate(cron="*/5 * * * *")
    # down since 10:10; back at 12:05:20, within the grace of the 12:05 tick
    assert due_fire(spec=spec, next_fire_at=utc(2026, 1, 1, 10, 10),
                    now=utc(2026, 1, 1, 12, 5, 20), skip_missed=True) == (
        utc(2026, 1, 1, 12, 5), utc(2026, 1, 1, 12, 10))
    assert due_fire(spec=spec, next_fire_at=utc(2026, 1, 1, 10, 10),
                    now=utc(2026, 1, 1, 12, 5, 20), skip_missed=False) == (
        utc(2026, 1, 1, 10, 10), utc(2026, 1, 1, 12, 10))


def test_grace_boundary_and_custom_grace():
    spec = validate(cron="0 * * * *")
    tick = utc(2026, 1, 1, 10)
    assert due_fire(spec=spec, next_fire_at=tick, now=tick + MISSED_FIRE_GRACE,
                    skip_missed=True).fire_at == tick
    assert due_fire(spec=spec, next_fire_at=tick, now=tick + MISSED_FIRE_GRACE + timedelta(
        seconds=1), skip_missed=True).fire_at is None
    late = due_fire(spec=spec, next_fire_at=tick, now=tick + timedelta(minutes=10),
                    skip_missed=True, grace=timedelta(minutes=15))
    assert late == (tick, utc(2026, 1, 1, 11))


def test_retried_claim_computes_the_same_fire():
    # a scheduler that enqueued and died before committing leaves next_fire_at unchanged;
    # whoever claims the row later must compute the same fire identity
    spec = validate(recurrence={"frequency": "minutely", "interval": 2}, anchor=utc(2026, 1, 1))
    stored = utc(2026, 1, 1, 10, 0)
    results = {due_fire(spec=spec, next_fire_at=stored, now=stored + timedelta(seconds=s),
                        skip_missed=False).fire_at for s in (1, 59, 61, 600, 86400)}
    assert results == {stored}


def test_missed_fire_with_until_completes():
    spec = validate(recurrence={"frequency": "daily", "at": "09:00", "until": "2026-01-03"},
                    anchor=utc(2026, 1, 1))
    assert due_fire(spec=spec, next_fire_at=utc(2026, 1, 2, 9), now=utc(2026, 1, 10),
                    skip_missed=False) == (utc(2026, 1, 2, 9), None)


@pytest.mark.parametrize("kwargs", [{"cron": "* * * * *"}, {"recurrence": {"frequency": "minutely"}},
                                    {"recurrence": {"frequency": "monthly"}}])
def test_end_of_calendar_has_no_further_fire(kwargs):
    spec = validate(**kwargs, anchor=utc(2026, 1, 1)) if "recurrence" in kwargs else validate(
        **kwargs)
    assert next_fire(spec=spec, after=datetime(9999, 12, 31, 23, 59, 30, tzinfo=UTC)) is None
    assert next_fire(spec=spec, after=datetime(1, 1, 1, tzinfo=UTC)) is not None


def test_a_whole_skipped_day():
    # Samoa skipped 2011-12-30: a daily 10:00 fires once at the first instant after the gap
    spec = validate(cron="0 10 * * *", timezone="Pacific/Apia")
    got = fires_between(spec=spec, start=utc(2011, 12, 29), end=utc(2012, 1, 1))
    assert got == [utc(2011, 12, 29, 20), utc(2011, 12, 30, 10), utc(2011, 12, 30, 20),
                   utc(2011, 12, 31, 20)]
    assert got[1].astimezone(spec.tz).strftime("%Y-%m-%d %H:%M") == "2011-12-31 00:00"


def test_midnight_skipped_by_dst():
    # Santiago springs forward at 00:00 -> 01:00 (2026-09-06)
    spec = validate(recurrence={"frequency": "daily", "at": "00:00"}, timezone="America/Santiago",
                    anchor=utc(2026, 8, 1))
    got = fires_between(spec=spec, start=utc(2026, 9, 5), end=utc(2026, 9, 8))
    assert [t.astimezone(spec.tz).strftime("%d %H:%M") for t in got] == [
        "05 00:00", "06 01:00", "07 00:00"]
