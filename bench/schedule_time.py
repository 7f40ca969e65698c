"""Cost of computing fire times: ``python -m bench schedule_time``.

Prints microseconds per ``next_fire`` for typical cron expressions and recurrences (best of
several rounds), per ``validate`` when a stored schedule is rebuilt, and the throughput of
advancing a mixed population of 10,000 schedules.
"""
from __future__ import annotations

import random
import time
from datetime import datetime, timedelta, timezone

from bench._support import report
from rules.schedule_time import due_fire, next_fire, validate

UTC = timezone.utc
ANCHOR = datetime(2026, 1, 5, 8, 0, tzinfo=UTC)
CASES = [
    {"cron": "* * * * *"},
    {"cron": "*/5 * * * *", "timezone": "America/New_York"},
    {"cron": "0 9 * * mon-fri", "timezone": "Europe/Berlin"},
    {"cron": "30 2 * * *", "timezone": "America/New_York"},
    {"cron": "0 0 1 * *", "timezone": "Asia/Kolkata"},
    {"cron": "15 10 13 * fri", "timezone": "Australia/Sydney"},
    {"cron": "0 0 29 2 *"},
    {"recurrence": {"frequency": "minutely", "interval": 15}, "timezone": "Europe/Berlin"},
    {"recurrence": {"frequency": "hourly", "interval": 3}, "timezone": "America/New_York"},
    {"recurrence": {"frequency": "daily", "at": "09:00"}, "timezone": "Europe/Berlin"},
    {"recurrence": {"frequency": "weekly", "interval": 2, "by_weekday": ["mo", "th"],
                    "at": "07:30"}, "timezone": "America/Los_Angeles"},
    {"recurrence": {"frequency": "monthly", "by_month_day": [-1], "at": "18:00"},
     "timezone": "Europe/London"},
    {"run_at": "2026-06-01T09:00:00Z"},
]


def _label(case: dict) -> str:
    kind = case.get("cron") or case.get("run_at") or case["recurrence"]["frequency"]
    return f"{kind} [{case.get('timezone', 'UTC')}]"


def _best_per_call(fn, calls: int, rounds: int = 5) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(calls):
            fn()
        best = min(best, (time.perf_counter() - start) / calls)
    return best * 1e6


def main(argv: list[str] | None = None) -> None:
    rng = random.Random(1)
    afters = [ANCHOR + timedelta(seconds=rng.randint(0, 365 * 86400)) for _ in range(256)]
    print(f"{'schedule':<48} {'next_fire us':>12} {'validate us':>12}")
    worst = 0.0
    for case in CASES:
        spec = validate(**case, anchor=ANCHOR) if "recurrence" in case else validate(**case)
        it = iter(afters * 1000)
        per_next = _best_per_call(lambda: next_fire(spec=spec, after=next(it)), 2000)
        per_validate = _best_per_call(
            lambda: validate(**spec.fields(), anchor=ANCHOR), 500)
        if "run_at" not in case:
            worst = max(worst, per_next)
        print(f"{_label(case):<48} {per_next:>12.1f} {per_validate:>12.1f}")
    population = [validate(**case, anchor=ANCHOR) if "recurrence" in case else validate(**case)
                  for case in (rng.choice(CASES[:-1]) for _ in range(10_000))]
    now = datetime(2026, 5, 6, 12, 0, tzinfo=UTC)
    due = [next_fire(spec=s, after=now - timedelta(days=1)) for s in population]
    start = time.perf_counter()
    for spec, next_at in zip(population, due):
        due_fire(spec=spec, next_fire_at=next_at, now=now, skip_missed=False)
    elapsed = time.perf_counter() - start
    print(f"worst typical next_fire: {worst:.1f} us (target < 100 us)")
    print(f"due_fire over 10,000 mixed schedules: {elapsed * 1e3:.1f} ms "
          f"({len(population) / elapsed:,.0f} schedules/s, one core)")
    report("schedule_time", {"worst_next_fire_us": round(worst, 1),
                             "due_fire_10000_ms": round(elapsed * 1e3, 1)},
           {"next_fire_lt_100us": worst < 100})
