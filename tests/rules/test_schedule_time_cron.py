"""Cron schedules: syntax, Vixie day matching, DST in America/New_York and Europe/Berlin, and a
property test against a brute-force minute-by-minute reference."""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from rules.schedule_time import fires_between, next_fire, validate
from store.errors import Invalid

UTC = timezone.utc
NY = ZoneInfo("America/New_York")
BERLIN = ZoneInfo("Europe/Berlin")
MINUTE = timedelta(minutes=1)


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def fires(expr: str, tz: str, start: datetime, end: datetime) -> list[datetime]:
    return fires_between(spec=validate(cron=expr, timezone=tz), start=start, end=end)


# -- syntax -------------------------------------------------------------------------------

@pytest.mark.parametrize("expr, after, expected", [
    ("*/15 * * * *", utc(2026, 5, 6, 10, 7), utc(2026, 5, 6, 10, 15)),
    ("0 9 * * mon-fri", utc(2026, 5, 8, 9, 0), utc(2026, 5, 11, 9, 0)),    # Fri -> Mon
    ("0 9 * * MON-FRI", utc(2026, 5, 8, 9, 0), utc(2026, 5, 11, 9, 0)),
    ("0 0 * * 7", utc(2026, 5, 6), utc(2026, 5, 10)),                      # 7 = Sunday
    ("0 0 * * 0", utc(2026, 5, 6), utc(2026, 5, 10)),
    ("0 0 * * fri-sun", utc(2026, 5, 9, 1), utc(2026, 5, 10)),             # Sat -> Sun
    ("0 0 * * 5-7", utc(2026, 5, 10, 1), utc(2026, 5, 15)),                # Sun -> Fri
    ("0 12 1 jan,jul *", utc(2026, 1, 1, 12), utc(2026, 7, 1, 12)),
    ("5,10-12,50-59/3 * * * *", utc(2026, 1, 1, 0, 12), utc(2026, 1, 1, 0, 50)),
    ("10/20 * * * *", utc(2026, 1, 1, 0, 31), utc(2026, 1, 1, 0, 50)),     # start/step
    ("0 0 29 2 *", utc(2026, 1, 1), utc(2028, 2, 29)),                     # leap day only
    ("@hourly", utc(2026, 1, 1, 0, 0, 1), utc(2026, 1, 1, 1)),
    ("@daily", utc(2026, 1, 1, 0, 0), utc(2026, 1, 2)),
    ("@weekly", utc(2026, 5, 6), utc(2026, 5, 10)),
    ("@monthly", utc(2026, 5, 6), utc(2026, 6, 1)),
    ("@yearly", utc(2026, 5, 6), utc(2027, 1, 1)),
    ("59 23 31 12 *", utc(2026, 12, 31, 23, 59), utc(2027, 12, 31, 23, 59)),
])
def test_cron_next_fire_utc(expr, after, expected):
    assert next_fire(spec=validate(cron=expr), after=after) == expected


def test_vixie_either_day_when_both_restricted():
    # 13th of the month OR any Friday
    got = fires("0 0 13 * fri", "UTC", utc(2026, 5, 1), utc(2026, 6, 1))
    assert [d.day for d in got] == [1, 8, 13, 15, 22, 29]


def test_vixie_star_prefixed_field_means_both_must_match():
    # "*/2" starts with '*': odd days that are also Fridays
    got = fires("0 0 */2 * fri", "UTC", utc(2026, 5, 1), utc(2026, 6, 1))
    assert [d.day for d in got] == [1, 15, 29]
    # only the weekday restricted: every Monday
    got = fires("0 0 * * mon", "UTC", utc(2026, 5, 1), utc(2026, 6, 1))
    assert [d.day for d in got] == [4, 11, 18, 25]


def test_expression_is_normalized_and_equivalent_forms_agree():
    spec = validate(cron="  0   9 *  * 1-5 ")
    assert spec.cron == "0 9 * * 1-5" and spec.fields()["cron"] == "0 9 * * 1-5"
    a, b = validate(cron="0 9 * * 1-5"), validate(cron="0 9 * * MON-FRI")
    start, end = utc(2026, 1, 1), utc(2026, 3, 1)
    assert fires_between(spec=a, start=start, end=end) == fires_between(spec=b, start=start,
                                                                       end=end)


@pytest.mark.parametrize("expr", [
    "", "   ", "* * * *", "* * * * * *", "60 * * * *", "* 24 * * *", "* * 0 * *",
    "* * 32 * *", "* * * 13 *", "* * * 0 *", "* * * * 8", "*/0 * * * *", "5-1 * * * *",
    "1,,2 * * * *", "*-5 * * * *", "a * * * *", "L * * * *", "? * * * *", "0 0 * * mon#2",
    "@reboot", "@every 5m", "+5 * * * *", "0 0 30 2 *", "0 0 31 4,6,9,11 *", "0 0 * * sat-mon",
])
def test_invalid_cron(expr):
    with pytest.raises(Invalid) as err:
        validate(cron=expr)
    assert err.value.code == "invalid_cron"
    assert err.value.detail


@pytest.mark.parametrize("value", [5, ["* * * * *"], {"cron": "* * * * *"}])
def test_cron_must_be_a_string(value):
    with pytest.raises(Invalid) as err:
        validate(cron=value)
    assert err.value.code == "invalid_cron"


def test_never_firing_detail_says_so():
    with pytest.raises(Invalid, match="never fires"):
        validate(cron="0 0 30 feb *")


# -- DST: America/New_York (2026-03-08 02:00 -> 03:00, 2026-11-01 02:00 -> 01:00) -------------

def test_new_york_spring_forward_skipped_time_fires_once_after_gap():
    got = fires("30 2 * * *", "America/New_York", utc(2026, 3, 7), utc(2026, 3, 10))
    assert got == [utc(2026, 3, 7, 7, 30), utc(2026, 3, 8, 7, 0), utc(2026, 3, 9, 6, 30)]
    assert got[1].astimezone(NY).strftime("%H:%M %Z") == "03:00 EDT"


def test_new_york_gap_collapses_into_one_fire():
    got = fires("*/20 * * * *", "America/New_York", utc(2026, 3, 8, 6, 30), utc(2026, 3, 8, 7, 30))
    # 01:40 EST, then 02:00/02:20/02:40 (skipped) and 03:00 EDT are one fire, then 03:20 EDT
    assert got == [utc(2026, 3, 8, 6, 40), utc(2026, 3, 8, 7, 0), utc(2026, 3, 8, 7, 20)]


def test_new_york_fall_back_repeated_time_fires_once_first_occurrence():
    got = fires("30 1 * * *", "America/New_York", utc(2026, 10, 31), utc(2026, 11, 3))
    assert got == [utc(2026, 10, 31, 5, 30), utc(2026, 11, 1, 5, 30), utc(2026, 11, 2, 6, 30)]
    assert got[1].astimezone(NY).strftime("%H:%M %Z") == "01:30 EDT"


def test_new_york_fall_back_repeated_hour_is_not_fired_twice():
    got = fires("*/30 * * * *", "America/New_York", utc(2026, 11, 1, 4), utc(2026, 11, 1, 8))
    assert got == [utc(2026, 11, 1, 4, 0), utc(2026, 11, 1, 4, 30), utc(2026, 11, 1, 5, 0),
                   utc(2026, 11, 1, 5, 30), utc(2026, 11, 1, 7, 0), utc(2026, 11, 1, 7, 30)]
    walls = [t.astimezone(NY).strftime("%H:%M") for t in got]
    assert len(set(walls)) == len(walls)


def test_new_york_local_time_kept_across_both_changes():
    spring = fires("0 9 * * *", "America/New_York", utc(2026, 3, 6), utc(2026, 3, 11))
    assert [t.hour for t in spring] == [14, 14, 13, 13, 13]
    autumn = fires("0 9 * * *", "America/New_York", utc(2026, 10, 30), utc(2026, 11, 4))
    assert [t.hour for t in autumn] == [13, 13, 14, 14, 14]  # Oct 30, 31 EDT; Nov 1-3 EST
    assert {t.astimezone(NY).hour for t in spring + autumn} == {9}


def test_after_inside_the_repeated_hour():
    spec = validate(cron="30 1 * * *", timezone="America/New_York")
    # 01:15 EST, the second 01:xx: the day's 01:30 already fired at 01:30 EDT
    assert next_fire(spec=spec, after=utc(2026, 11, 1, 6, 15)) == utc(2026, 11, 2, 6, 30)


# -- DST: Europe/Berlin (2026-03-29 02:00 -> 03:00, 2026-10-25 03:00 -> 02:00) ---------------

def test_berlin_spring_forward():
    got = fires("30 2 * * *", "Europe/Berlin", utc(2026, 3, 28), utc(2026, 3, 31))
    assert got == [utc(2026, 3, 28, 1, 30), utc(2026, 3, 29, 1, 0), utc(2026, 3, 30, 0, 30)]
    assert got[1].astimezone(BERLIN).strftime("%H:%M %Z") == "03:00 CEST"


def test_berlin_fall_back():
    got = fires("30 2 * * *", "Europe/Berlin", utc(2026, 10, 24), utc(2026, 10, 27))
    assert got == [utc(2026, 10, 24, 0, 30), utc(2026, 10, 25, 0, 30), utc(2026, 10, 26, 1, 30)]
    assert got[1].astimezone(BERLIN).strftime("%H:%M %Z") == "02:30 CEST"
    hourly = fires("0 * * * *", "Europe/Berlin", utc(2026, 10, 24, 23), utc(2026, 10, 25, 3))
    # 01:00 CEST, 02:00 CEST, (02:00 CET repeated: skipped), 03:00 CET
    assert hourly == [utc(2026, 10, 24, 23), utc(2026, 10, 25, 0), utc(2026, 10, 25, 2)]


def test_berlin_weekday_schedule_keeps_local_time():
    got = fires("15 8 * * mon-fri", "Europe/Berlin", utc(2026, 3, 26), utc(2026, 4, 1))
    assert [t.astimezone(BERLIN).strftime("%a %H:%M") for t in got] == [
        "Thu 08:15", "Fri 08:15", "Mon 08:15", "Tue 08:15"]
    assert [t.hour for t in got] == [7, 7, 6, 6]


# -- property tests -----------------------------------------------------------------------

def _random_field(rng: random.Random, low: int, high: int) -> tuple[str, set[int], bool]:
    """(text, expected values, restricted?) built independently of the parser."""
    kind = rng.choice(["star", "star", "list", "range", "step", "rangestep"])
    if kind == "star":
        return "*", set(range(low, high + 1)), False
    if kind == "step":
        step = rng.randint(2, max(2, (high - low) // 2))
        return f"*/{step}", set(range(low, high + 1, step)), False
    a = rng.randint(low, high)
    b = rng.randint(a, high)
    if kind == "range":
        return f"{a}-{b}", set(range(a, b + 1)), True
    if kind == "rangestep":
        step = rng.randint(1, 5)
        return f"{a}-{b}/{step}", set(range(a, b + 1, step)), True
    values = set(rng.sample(range(low, high + 1), rng.randint(1, 4)))
    return ",".join(map(str, sorted(values))), values, True


def _random_cron(rng: random.Random, dense_days: bool = False):
    """A random expression and an independent matcher; ``dense_days`` keeps the day fields
    mostly ``*`` so that short windows see fires."""
    parts = [_random_field(rng, *bounds) for bounds in ((0, 59), (0, 23), (1, 31), (1, 12),
                                                       (0, 6))]
    if dense_days:
        for i, (low, high) in ((2, (1, 31)), (3, (1, 12)), (4, (0, 6))):
            if rng.random() < 0.8:
                parts[i] = ("*", set(range(low, high + 1)), False)
    expr = " ".join(p[0] for p in parts)
    sets = [p[1] for p in parts]
    either = parts[2][2] and parts[4][2]  # both restricted (neither starts with '*')

    def matches(wall: datetime) -> bool:
        dom, dow = wall.day in sets[2], (wall.weekday() + 1) % 7 in sets[4]
        day = (dom or dow) if either else (dom and dow)
        return wall.minute in sets[0] and wall.hour in sets[1] and wall.month in sets[3] and day
    return expr, matches


def _brute_force(matches, tz, start: datetime, end: datetime) -> list[datetime]:
    """Every UTC minute in [start, end): fires when its local wall time matches and is the first
    occurrence, or when it is the first instant after a gap that skipped a matching wall."""
    out, t = [], start
    while t < end:
        wall = t.astimezone(tz)
        naive = wall.replace(tzinfo=None)
        previous = (t - MINUTE).astimezone(tz).replace(tzinfo=None)
        skipped = [previous + MINUTE * k for k in range(1, int((naive - previous) / MINUTE))]
        if (wall.fold == 0 and matches(naive)) or any(matches(w) for w in skipped):
            out.append(t)
        t += MINUTE
    return out


@pytest.mark.parametrize("zone, start", [
    ("America/New_York", utc(2026, 3, 7, 12)), ("America/New_York", utc(2026, 10, 31, 12)),
    ("Europe/Berlin", utc(2026, 3, 28, 12)), ("Europe/Berlin", utc(2026, 10, 24, 12)),
    ("Australia/Lord_Howe", utc(2026, 4, 4, 6)), ("UTC", utc(2026, 2, 27, 12)),
])
def test_matches_brute_force_reference_around_transitions(zone, start):
    rng = random.Random(f"{zone}{start}")
    tz = ZoneInfo(zone)
    end = start + timedelta(days=1, hours=12)
    nonempty = 0
    for _ in range(25):
        expr, matches = _random_cron(rng, dense_days=True)
        try:
            spec = validate(cron=expr, timezone=zone)
        except Invalid:
            continue  # e.g. "31 in a 30-day month only": a never-firing draw
        expected = _brute_force(matches, tz, start, end)
        assert fires_between(spec=spec, start=start, end=end, limit=10_000) == expected, expr
        nonempty += bool(expected)
    assert nonempty >= 10


@pytest.mark.parametrize("zone", ["UTC", "Asia/Tokyo", "America/New_York", "Europe/Berlin"])
def test_next_fire_strictly_increasing_and_matches_fields(zone):
    rng = random.Random(zone)
    tz = ZoneInfo(zone)
    checked = 0
    for _ in range(150):
        expr, matches = _random_cron(rng)
        try:
            spec = validate(cron=expr, timezone=zone)
        except Invalid:
            continue
        t = utc(2026, 1, 1) + timedelta(minutes=rng.randint(0, 525600))
        for _ in range(20):
            following = next_fire(spec=spec, after=t)
            assert following is not None and following > t, expr
            assert following.tzinfo is UTC and following.second == 0
            wall = following.astimezone(tz).replace(tzinfo=None)
            if not matches(wall):  # only allowed as the first instant after a DST gap
                before = (following - MINUTE).astimezone(tz).replace(tzinfo=None)
                gap = [before + MINUTE * k for k in range(1, int((wall - before) / MINUTE))]
                assert gap and any(matches(w) for w in gap), (expr, following)
            t = following
            checked += 1
    assert checked > 1000
