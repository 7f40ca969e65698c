"""Recurrence rules: every frequency with intervals, by_weekday, by_month_day (short months,
-1), at, until, anchors, DST in Europe/Berlin and America/New_York, normalization, errors."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from rules.schedule_time import fires_between, next_fire, validate
from store.errors import Invalid

UTC = timezone.utc
BERLIN = ZoneInfo("Europe/Berlin")
NY = ZoneInfo("America/New_York")
MONDAY = datetime(2026, 1, 5, 8, 0, tzinfo=UTC)  # anchor used by most tests


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def rule(tz: str = "UTC", anchor: datetime = MONDAY, **recurrence):
    return validate(recurrence=recurrence, timezone=tz, anchor=anchor)


def between(spec, start, end, limit=1000):
    return fires_between(spec=spec, start=start, end=end, limit=limit)


# -- minutely / hourly ----------------------------------------------------------------------

def test_minutely_interval_counts_from_anchor():
    spec = rule(frequency="minutely", interval=15)
    assert spec.fields()["recurrence"] == {"frequency": "minutely", "interval": 15, "at": "08:00"}
    assert between(spec, utc(2026, 1, 5, 8), utc(2026, 1, 5, 9)) == [
        utc(2026, 1, 5, 8, 0), utc(2026, 1, 5, 8, 15), utc(2026, 1, 5, 8, 30),
        utc(2026, 1, 5, 8, 45)]
    # 7-minute grid through 08:00 crosses midnight unaligned: 16h06 = 138 * 7 minutes
    assert next_fire(spec=rule(frequency="minutely", interval=7),
                     after=utc(2026, 1, 6)) == utc(2026, 1, 6, 0, 6)


def test_minutely_at_sets_the_grid():
    spec = rule(frequency="minutely", interval=15, at="00:05")
    assert between(spec, utc(2026, 1, 5, 8), utc(2026, 1, 5, 9)) == [
        utc(2026, 1, 5, 8, 5), utc(2026, 1, 5, 8, 20), utc(2026, 1, 5, 8, 35),
        utc(2026, 1, 5, 8, 50)]


def test_hourly_interval():
    spec = rule(frequency="hourly", interval=5)
    assert between(spec, utc(2026, 1, 5, 9), utc(2026, 1, 6, 6)) == [
        utc(2026, 1, 5, 13), utc(2026, 1, 5, 18), utc(2026, 1, 5, 23), utc(2026, 1, 6, 4)]


def test_hourly_is_elapsed_time_across_berlin_dst():
    spec = rule("Europe/Berlin", utc(2026, 3, 27, 12), frequency="hourly", at="00:00")
    spring_day = between(spec, utc(2026, 3, 28, 23), utc(2026, 3, 29, 22))  # local Mar 29
    assert len(spring_day) == 23
    assert all(b - a == timedelta(hours=1) for a, b in zip(spring_day, spring_day[1:]))
    assert "02:00" not in [t.astimezone(BERLIN).strftime("%H:%M") for t in spring_day]
    autumn_day = between(spec, utc(2026, 10, 24, 22), utc(2026, 10, 25, 23))  # local Oct 25
    assert len(autumn_day) == 25
    walls = [t.astimezone(BERLIN).strftime("%H:%M") for t in autumn_day]
    assert walls.count("02:00") == 2


def test_minutely_and_hourly_filters_use_local_dates():
    saturday = rule(frequency="minutely", interval=30, by_weekday=["sa"])
    assert next_fire(spec=saturday, after=MONDAY) == utc(2026, 1, 10, 0, 0)
    assert next_fire(spec=saturday, after=utc(2026, 1, 10, 23, 30)) == utc(2026, 1, 17)
    first = rule(frequency="hourly", interval=5, by_month_day=[1])
    assert between(first, MONDAY, utc(2026, 2, 2)) == [
        utc(2026, 2, 1, 0), utc(2026, 2, 1, 5), utc(2026, 2, 1, 10), utc(2026, 2, 1, 15),
        utc(2026, 2, 1, 20)]
    # the local date decides: 23:00 UTC on Friday is Saturday 00:00 in Berlin
    berlin = rule("Europe/Berlin", frequency="hourly", by_weekday=["sa"], at="00:00")
    assert next_fire(spec=berlin, after=MONDAY) == utc(2026, 1, 9, 23)


# -- daily ------------------------------------------------------------------------------------

def test_daily_interval_counts_days_from_anchor():
    spec = rule(frequency="daily", interval=3, at="09:00")
    assert between(spec, MONDAY, utc(2026, 1, 18)) == [
        utc(2026, 1, d, 9) for d in (5, 8, 11, 14, 17)]


def test_daily_interval_counts_local_dates():
    # 03:00 UTC on Jan 6 is 22:00 on Jan 5 in New York: the anchor's local date is Jan 5
    spec = rule("America/New_York", utc(2026, 1, 6, 3), frequency="daily", interval=2)
    assert spec.fields()["recurrence"]["at"] == "22:00"
    assert between(spec, utc(2026, 1, 6), utc(2026, 1, 11)) == [
        utc(2026, 1, 6, 3), utc(2026, 1, 8, 3), utc(2026, 1, 10, 3)]


def test_daily_weekdays_only():
    spec = rule(frequency="daily", at="07:30", by_weekday=["mo", "tu", "we", "th", "fr"])
    got = between(spec, utc(2026, 1, 8), utc(2026, 1, 14))
    assert [t.strftime("%a %d %H:%M") for t in got] == [
        "Thu 08 07:30", "Fri 09 07:30", "Mon 12 07:30", "Tue 13 07:30"]


def test_daily_berlin_stays_at_local_time_across_both_changes():
    spec = rule("Europe/Berlin", utc(2026, 3, 20), frequency="daily", at="09:00")
    spring = between(spec, utc(2026, 3, 28), utc(2026, 3, 30, 12))
    assert spring == [utc(2026, 3, 28, 8), utc(2026, 3, 29, 7), utc(2026, 3, 30, 7)]
    autumn = between(spec, utc(2026, 10, 24), utc(2026, 10, 26, 12))
    assert autumn == [utc(2026, 10, 24, 7), utc(2026, 10, 25, 8), utc(2026, 10, 26, 8)]
    assert {t.astimezone(BERLIN).strftime("%H:%M") for t in spring + autumn} == {"09:00"}


def test_daily_at_a_skipped_or_repeated_local_time():
    gap = rule("America/New_York", utc(2026, 3, 1), frequency="daily", at="02:30")
    assert between(gap, utc(2026, 3, 7), utc(2026, 3, 10)) == [
        utc(2026, 3, 7, 7, 30), utc(2026, 3, 8, 7, 0), utc(2026, 3, 9, 6, 30)]
    fold = rule("America/New_York", utc(2026, 10, 20), frequency="daily", at="01:30")
    assert between(fold, utc(2026, 10, 31), utc(2026, 11, 3)) == [
        utc(2026, 10, 31, 5, 30), utc(2026, 11, 1, 5, 30), utc(2026, 11, 2, 6, 30)]


# -- weekly -----------------------------------------------------------------------------------

def test_weekly_interval_with_weekdays():
    spec = rule(frequency="weekly", interval=2, by_weekday=["th", "mo"], at="09:00")
    assert [t.date().isoformat() for t in between(spec, MONDAY, utc(2026, 2, 7))] == [
        "2026-01-05", "2026-01-08", "2026-01-19", "2026-01-22", "2026-02-02", "2026-02-05"]


def test_weekly_defaults_come_from_the_anchor():
    anchor = utc(2026, 1, 7, 14, 37, 22)  # a Wednesday
    spec = rule(anchor=anchor, frequency="weekly")
    assert spec.fields()["recurrence"] == {"frequency": "weekly", "interval": 1, "at": "14:37",
                                           "by_weekday": ["we"]}
    assert next_fire(spec=spec, after=anchor) == utc(2026, 1, 14, 14, 37)


def test_weekly_with_month_day_filter():
    # Mondays that are also among the first seven days of the month
    spec = rule(frequency="weekly", by_weekday=["mo"], by_month_day=[1, 2, 3, 4, 5, 6, 7],
                at="10:00")
    assert [t.date().isoformat() for t in between(spec, MONDAY, utc(2026, 4, 1))] == [
        "2026-01-05", "2026-02-02", "2026-03-02"]


# -- monthly ----------------------------------------------------------------------------------

def test_monthly_day_31_skips_short_months():
    spec = rule(frequency="monthly", by_month_day=[31], at="12:00")
    assert [t.month for t in between(spec, utc(2026, 1, 1), utc(2027, 1, 1))] == [
        1, 3, 5, 7, 8, 10, 12]


def test_monthly_day_29_only_in_leap_february():
    spec = rule(frequency="monthly", by_month_day=[29], at="12:00")
    febs = [t for t in between(spec, utc(2026, 1, 1), utc(2029, 1, 1)) if t.month == 2]
    assert febs == [utc(2028, 2, 29, 12)]


def test_monthly_last_day():
    spec = rule(frequency="monthly", by_month_day=[-1], at="18:00")
    got = between(spec, utc(2026, 1, 1), utc(2026, 6, 1))
    assert [t.date().isoformat() for t in got] == [
        "2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30", "2026-05-31"]
    assert next_fire(spec=spec, after=utc(2028, 2, 1)) == utc(2028, 2, 29, 18)
    both = rule(frequency="monthly", by_month_day=[1, -1], at="00:00")
    assert [t.day for t in between(both, utc(2026, 2, 1), utc(2026, 3, 1))] == [1, 28]


def test_monthly_interval_counts_months_from_anchor():
    spec = rule(frequency="monthly", interval=3, by_month_day=[15], at="06:00")
    assert [t.date().isoformat() for t in between(spec, MONDAY, utc(2027, 2, 1))] == [
        "2026-01-15", "2026-04-15", "2026-07-15", "2026-10-15", "2027-01-15"]


def test_monthly_friday_the_13th():
    spec = rule(frequency="monthly", by_weekday=["fr"], by_month_day=[13], at="13:00")
    assert [t.month for t in between(spec, utc(2026, 1, 1), utc(2027, 1, 1))] == [2, 3, 11]


def test_monthly_by_weekday_means_every_such_weekday():
    spec = rule(frequency="monthly", interval=2, by_weekday=["mo"], at="08:00")
    got = between(spec, MONDAY, utc(2026, 4, 1))
    assert [t.date().isoformat() for t in got] == [
        "2026-01-05", "2026-01-12", "2026-01-19", "2026-01-26",
        "2026-03-02", "2026-03-09", "2026-03-16", "2026-03-23", "2026-03-30"]


def test_monthly_default_day_is_the_anchor_day():
    spec = rule(anchor=utc(2026, 1, 31, 9), frequency="monthly")
    assert spec.fields()["recurrence"]["by_month_day"] == [31]
    assert next_fire(spec=spec, after=utc(2026, 1, 31, 9)) == utc(2026, 3, 31, 9)


# -- until ------------------------------------------------------------------------------------

def test_until_date_is_inclusive_of_that_local_day():
    spec = rule(frequency="daily", at="09:00", until="2026-01-08")
    assert spec.fields()["recurrence"]["until"] == "2026-01-08T23:59:59Z"
    assert [t.day for t in between(spec, MONDAY, utc(2026, 2, 1))] == [5, 6, 7, 8]
    assert next_fire(spec=spec, after=utc(2026, 1, 8, 9)) is None


def test_until_instant_is_inclusive():
    spec = rule(frequency="daily", at="09:00", until="2026-01-07T09:00:00Z")
    assert next_fire(spec=spec, after=utc(2026, 1, 6, 9)) == utc(2026, 1, 7, 9)
    assert next_fire(spec=spec, after=utc(2026, 1, 7, 9)) is None


def test_until_without_offset_is_local_time():
    spec = rule("Europe/Berlin", frequency="daily", at="09:00", until="2026-01-07T09:00")
    assert spec.fields()["recurrence"]["until"] == "2026-01-07T08:00:00Z"
    assert between(spec, MONDAY, utc(2026, 2, 1))[-1] == utc(2026, 1, 7, 8)
    date_only = rule("Europe/Berlin", frequency="hourly", until="2026-01-07")
    assert date_only.fields()["recurrence"]["until"] == "2026-01-07T22:59:59Z"
    assert between(date_only, MONDAY, utc(2026, 2, 1))[-1] == utc(2026, 1, 7, 22)


def test_until_in_the_past_is_accepted_and_never_fires():
    # a stored schedule past its end must still load; it simply has no further fire
    spec = rule(frequency="minutely", until="2025-12-31T00:00:00Z")
    assert next_fire(spec=spec, after=MONDAY) is None


# -- normalization and errors ------------------------------------------------------------

def test_normalization_round_trips():
    spec = rule("Europe/Berlin", frequency="DAILY", by_weekday=["FR", "mo", "mo"],
                by_month_day=[15, -1, 15], at="07:05", interval=None)
    recurrence = spec.fields()["recurrence"]
    assert recurrence == {"frequency": "daily", "interval": 1, "at": "07:05",
                          "by_weekday": ["mo", "fr"], "by_month_day": [-1, 15]}
    again = validate(recurrence=recurrence, timezone="Europe/Berlin", anchor=MONDAY)
    assert again == spec and hash(again) == hash(spec)


def test_anchor_is_floored_to_the_minute():
    spec = rule(anchor=utc(2026, 1, 5, 8, 0, 59), frequency="minutely", interval=10)
    assert spec.anchor == MONDAY
    assert next_fire(spec=spec, after=MONDAY) == utc(2026, 1, 5, 8, 10)


@pytest.mark.parametrize("recurrence", [
    "daily", ["daily"], {}, {"frequency": "yearly"}, {"frequency": 1}, {"interval": 2},
    {"frequency": "daily", "every": 2}, {"frequency": "daily", "interval": 0},
    {"frequency": "daily", "interval": -1}, {"frequency": "daily", "interval": 1.5},
    {"frequency": "daily", "interval": True}, {"frequency": "daily", "interval": "2"},
    {"frequency": "daily", "interval": 1001}, {"frequency": "weekly", "by_weekday": []},
    {"frequency": "weekly", "by_weekday": ["xx"]}, {"frequency": "weekly", "by_weekday": "mo"},
    {"frequency": "weekly", "by_weekday": ["monday"]}, {"frequency": "monthly", "by_month_day": [0]},
    {"frequency": "monthly", "by_month_day": [32]}, {"frequency": "monthly", "by_month_day": [-32]},
    {"frequency": "monthly", "by_month_day": [True]}, {"frequency": "monthly", "by_month_day": ["1"]},
    {"frequency": "daily", "at": "9:00"}, {"frequency": "daily", "at": "24:00"},
    {"frequency": "daily", "at": "09:60"}, {"frequency": "daily", "at": 900},
    {"frequency": "daily", "at": "09:00:00"}, {"frequency": "daily", "until": "soon"},
    {"frequency": "daily", "until": 20260101},
    # never fires: every 7th day from a Monday is never a Tuesday
    {"frequency": "daily", "interval": 7, "by_weekday": ["tu"]},
])
def test_invalid_recurrence(recurrence):
    with pytest.raises(Invalid) as err:
        validate(recurrence=recurrence, anchor=MONDAY)
    assert err.value.code == "invalid_recurrence"
    assert "recurrence" in err.value.detail


def test_never_firing_monthly_rule_is_invalid():
    # every 12 months from February: never a 30th or 31st
    with pytest.raises(Invalid, match="never fires") as err:
        validate(recurrence={"frequency": "monthly", "interval": 12, "by_month_day": [30, 31]},
                 anchor=utc(2026, 2, 3))
    assert err.value.code == "invalid_recurrence"
    # the same rule from March is fine
    spec = validate(recurrence={"frequency": "monthly", "interval": 12, "by_month_day": [30, 31]},
                    anchor=utc(2026, 3, 3))
    assert next_fire(spec=spec, after=utc(2026, 3, 3)) == utc(2026, 3, 30)
