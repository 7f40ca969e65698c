"""The scheduler, driven by an injected clock: cron across DST changes in non-UTC zones,
recurrences, one-time schedules, missed fires at start-up, pause/resume without retroactive
fires, disable after consecutive failures and resume, a scheduler killed between enqueue and
commit, and the in-process scheduler thread of `serve`."""
import dataclasses
import datetime as dt
import time
import uuid

import pytest

from jobs.scheduler import Scheduler
from store import schedules
from core import db
from store.models import WorkflowRun, WorkflowSchedule
from tests.factories_workflows import make_workflow, post_tool, tool_step
from tests.fixtures_workflows import (  # noqa: F401 (module fixtures)
    only_this_tests_schedules, server, settings, worker)
from tests.waiting import wait_until

UTC = dt.timezone.utc
pytestmark = pytest.mark.usefixtures("only_this_tests_schedules")


@pytest.fixture(scope="module")
def empty(client, org):
    return make_workflow(client, org)


class Clock:
    def __init__(self, start: dt.datetime):
        self.now = start

    def __call__(self):
        return self.now


def utc(*args) -> dt.datetime:
    return dt.datetime(*args, tzinfo=UTC)


def new_schedule(org, workflow, now, **fields) -> str:
    with db.connection():
        return schedules.create(org_id=org["id"], fields={"workflow_id": workflow["id"], **fields},
                                now=now).id


def fires_of(schedule_id) -> list[dt.datetime]:
    with db.connection():
        rows = (WorkflowRun.select(WorkflowRun.fire_at).where(WorkflowRun.schedule_id == schedule_id)
                .order_by(WorkflowRun.fire_at))
        return [r.fire_at.replace(tzinfo=UTC) for r in rows]


def schedule(schedule_id) -> WorkflowSchedule:
    with db.connection():
        return WorkflowSchedule.get_by_id(schedule_id)


def drive(scheduler, clock, until, step) -> list[tuple[dt.datetime, int]]:
    """Tick at each clock step; returns (time, fires) of the ticks that fired."""
    fired = []
    while clock.now < until:
        clock.now += step
        count = scheduler.tick()
        if count:
            fired.append((clock.now, count))
    return fired


def wait_runs_done(schedule_id, count, timeout=30):
    def finished() -> int:
        with db.connection():
            return (WorkflowRun.select().where(WorkflowRun.schedule_id == schedule_id,
                                               WorkflowRun.status.in_(["succeeded", "failed"]))
                    .count())

    wait_until(finished, timeout, f"{count} runs of schedule {schedule_id} to finish",
               done=lambda done: done >= count)


def test_cron_in_berlin_across_spring_forward(settings, org, empty):
    clock = Clock(utc(2024, 3, 29, 12))
    sid = new_schedule(org, empty, clock.now, cron="30 2 * * *", timezone="Europe/Berlin")
    fired = drive(Scheduler(settings, clock=clock), clock, utc(2024, 4, 1, 12), dt.timedelta(minutes=5))
    # 02:30 CET on the 30th; 02:30 does not exist on the 31st: 03:00 CEST; then 02:30 CEST
    assert fires_of(sid) == [utc(2024, 3, 30, 1, 30), utc(2024, 3, 31, 1, 0), utc(2024, 4, 1, 0, 30)]
    assert [t for t, _ in fired] == [utc(2024, 3, 30, 1, 30), utc(2024, 3, 31, 1, 0), utc(2024, 4, 1, 0, 30)]
    row = schedule(sid)
    assert row.next_fire_at == dt.datetime(2024, 4, 2, 0, 30) and row.last_fire_at == dt.datetime(2024, 4, 1, 0, 30)
    wait_runs_done(sid, 3)
    assert schedule(sid).last_run_status == "succeeded"


def test_cron_in_new_york_across_fall_back(settings, org, empty):
    clock = Clock(utc(2024, 11, 1, 12))
    sid = new_schedule(org, empty, clock.now, cron="30 1 * * *", timezone="America/New_York")
    hourly = new_schedule(org, empty, clock.now, cron="15 * * * *", timezone="America/New_York")
    drive(Scheduler(settings, clock=clock), clock, utc(2024, 11, 4, 12), dt.timedelta(minutes=5))
    # 01:30 happens twice on Nov 3: it fires once, at the first (EDT) occurrence
    assert fires_of(sid) == [utc(2024, 11, 2, 5, 30), utc(2024, 11, 3, 5, 30), utc(2024, 11, 4, 6, 30)]
    on_the_day = [f for f in fires_of(hourly) if utc(2024, 11, 3, 4) <= f < utc(2024, 11, 4, 5)]
    assert len(on_the_day) == 24  # local 00:15 .. 23:15 once each, the repeated 01:15 once


def test_weekly_recurrence_until_then_completed(settings, org, empty):
    clock = Clock(utc(2024, 1, 1, 12))  # a Monday
    sid = new_schedule(org, empty, clock.now, timezone="Europe/London", recurrence={
        "frequency": "weekly", "by_weekday": ["mo", "we"], "at": "18:00", "until": "2024-01-14"})
    drive(Scheduler(settings, clock=clock), clock, utc(2024, 1, 20), dt.timedelta(hours=1))
    assert fires_of(sid) == [utc(2024, 1, 1, 18), utc(2024, 1, 3, 18), utc(2024, 1, 8, 18),
                             utc(2024, 1, 10, 18)]
    row = schedule(sid)
    assert row.status == "completed" and row.next_fire_at is None


def test_interval_recurrence_every_90_minutes(settings, org, empty):
    clock = Clock(utc(2024, 6, 1, 0, 0))
    sid = new_schedule(org, empty, clock.now, recurrence={"frequency": "minutely", "interval": 90})
    drive(Scheduler(settings, clock=clock), clock, utc(2024, 6, 1, 6, 1), dt.timedelta(minutes=1))
    assert fires_of(sid) == [utc(2024, 6, 1, 1, 30), utc(2024, 6, 1, 3), utc(2024, 6, 1, 4, 30),
                             utc(2024, 6, 1, 6)]


def test_one_time_schedule_fires_once_then_completes(settings, org, empty):
    clock = Clock(utc(2024, 5, 1, 8))
    sid = new_schedule(org, empty, clock.now, run_at="2024-05-01T10:00:00", timezone="Asia/Tokyo")
    # 10:00 in Tokyo is 01:00 UTC, already past: a schedule created after its run_at fires at once
    scheduler = Scheduler(settings, clock=clock)
    assert scheduler.tick() == 1 and scheduler.tick() == 0
    later = new_schedule(org, empty, clock.now, run_at="2024-05-01T09:00:00Z")
    fired = drive(scheduler, clock, utc(2024, 5, 1, 10), dt.timedelta(minutes=1))
    assert fired == [(utc(2024, 5, 1, 9), 1)]
    assert fires_of(sid) == [utc(2024, 5, 1, 1)] and fires_of(later) == [utc(2024, 5, 1, 9)]
    row = schedule(later)
    assert row.status == "completed" and row.next_fire_at is None
    assert row.last_fire_at == dt.datetime(2024, 5, 1, 9)
    wait_runs_done(later, 1)
    assert schedule(later).last_run_status == "succeeded"


def test_missed_fires_fire_once_at_start_up_unless_skipped(settings, org, empty):
    start = utc(2024, 7, 1, 12)
    once = new_schedule(org, empty, start, cron="*/10 * * * *")
    skip = new_schedule(org, empty, start, cron="*/10 * * * *", skip_missed=True)
    # no scheduler ran for 65 minutes (six ticks missed); one starts now
    clock = Clock(start + dt.timedelta(minutes=65))
    assert Scheduler(settings, clock=clock).tick() == 1
    assert fires_of(once) == [utc(2024, 7, 1, 12, 10)]  # once, identified by the first missed tick
    assert fires_of(skip) == []
    for sid in (once, skip):
        assert schedule(sid).next_fire_at == dt.datetime(2024, 7, 1, 13, 10)
    # the missed fire's run records its outcome on the schedule row as it finishes; a claim
    # at that instant skips the locked row until the next tick (FOR UPDATE SKIP LOCKED)
    wait_runs_done(once, 1)
    clock.now = utc(2024, 7, 1, 13, 10, 30)  # on time (within a minute): both fire
    assert Scheduler(settings, clock=clock).tick() == 2


def test_pause_stops_and_resume_fires_nothing_retroactively(settings, org, empty):
    clock = Clock(utc(2024, 8, 1, 12))
    sid = new_schedule(org, empty, clock.now, cron="*/10 * * * *")
    scheduler = Scheduler(settings, clock=clock)
    # each fire's run finishes before the next tick: a run finishing updates its schedule's row,
    # which a claim at that instant skips (SKIP LOCKED) until its next tick
    drive(scheduler, clock, utc(2024, 8, 1, 12, 10), dt.timedelta(minutes=1))
    wait_runs_done(sid, 1)
    drive(scheduler, clock, utc(2024, 8, 1, 12, 20), dt.timedelta(minutes=1))
    wait_runs_done(sid, 2)
    assert len(fires_of(sid)) == 2
    with db.connection():
        schedules.pause(org_id=org["id"], schedule_id=sid, now=clock.now)
    assert drive(scheduler, clock, utc(2024, 8, 1, 13), dt.timedelta(minutes=1)) == []
    with db.connection():
        resumed = schedules.resume(org_id=org["id"], schedule_id=sid, now=utc(2024, 8, 1, 13, 5))
    assert resumed.next_fire_at == dt.datetime(2024, 8, 1, 13, 10)
    clock.now = utc(2024, 8, 1, 13, 5)
    assert scheduler.tick() == 0  # the ticks missed while paused do not fire
    drive(scheduler, clock, utc(2024, 8, 1, 13, 10), dt.timedelta(minutes=1))
    assert fires_of(sid)[2:] == [utc(2024, 8, 1, 13, 10)]


def test_disabled_after_consecutive_failures_and_resumed(client, settings, org, server):
    failing = make_workflow(client, org, steps=[tool_step("a", post_tool(client, org, server, "/fail/500"))])
    key = uuid.uuid4().hex[:6]
    flaky = make_workflow(client, org, steps=[tool_step("a", post_tool(client, org, server, f"/flaky/{key}/2"))])
    clock = Clock(utc(2024, 9, 1, 12))
    bad = new_schedule(org, failing, clock.now, cron="* * * * *", max_consecutive_failures=3)
    mixed = new_schedule(org, flaky, clock.now, cron="* * * * *", max_consecutive_failures=3)
    scheduler = Scheduler(settings, clock=clock)
    for minute in range(1, 6):
        clock.now = utc(2024, 9, 1, 12, minute)
        scheduler.tick()
        wait_runs_done(bad, min(minute, 3))
        wait_runs_done(mixed, minute)
    row = schedule(bad)
    assert len(fires_of(bad)) == 3  # disabled after the third failure: no more fires
    assert row.status == "disabled" and row.next_fire_at is None
    assert row.consecutive_failures == 3 and row.last_run_status == "failed"
    other = schedule(mixed)  # fail, fail, success (reset), success, success
    assert other.status == "active" and other.consecutive_failures == 0
    assert other.last_run_status == "succeeded" and len(fires_of(mixed)) == 5
    with db.connection():
        resumed = schedules.resume(org_id=org["id"], schedule_id=bad, now=utc(2024, 9, 1, 12, 30, 10))
    assert resumed.status == "active" and resumed.consecutive_failures == 0
    assert resumed.next_fire_at == dt.datetime(2024, 9, 1, 12, 31)
    clock.now = utc(2024, 9, 1, 12, 30, 10)
    assert scheduler.tick() == 1  # only `mixed` (missed ticks fire once); nothing for `bad`
    assert len(fires_of(bad)) == 3


class Killed(BaseException):
    """The scheduler process dies: nothing after this point runs, the transaction is lost."""


def test_a_scheduler_killed_between_enqueue_and_commit_fires_once(settings, org, empty):
    clock = Clock(utc(2024, 10, 1, 12))
    ids = [new_schedule(org, empty, clock.now, cron="0 13 * * *") for _ in range(5)]
    clock.now = utc(2024, 10, 1, 13, 0, 5)
    doomed = Scheduler(settings, clock=clock)

    def enqueue_then_die(fires):
        doomed.enqueue_fires(fires)
        raise Killed()

    doomed.enqueue = enqueue_then_die
    with pytest.raises(Killed):
        doomed.tick()
    for sid in ids:  # rolled back: still due, no run recorded
        assert fires_of(sid) == [] and schedule(sid).next_fire_at == dt.datetime(2024, 10, 1, 13)
    assert Scheduler(settings, clock=clock).tick() == 5  # the next scheduler fires them
    for sid in ids:
        wait_runs_done(sid, 1)
    time.sleep(0.3)
    with db.connection():
        runs = [*WorkflowRun.select().where(WorkflowRun.schedule_id.in_(ids))]
    assert len(runs) == 5 and {r.status for r in runs} == {"succeeded"}
    assert {r.attempt for r in runs} == {1}  # each executed once


def test_the_in_process_scheduler_thread_of_serve(settings, org, empty, tmp_path):
    from server.app import create_app

    on = dataclasses.replace(settings, scheduler="on", data_dir=tmp_path)
    assert on.scheduler_thread and not dataclasses.replace(settings, scheduler="off").scheduler_thread
    past = new_schedule(org, empty, dt.datetime.now(UTC), run_at="2001-01-01T00:00:00Z")
    app = create_app(on)
    with app.test_client():  # start-up starts the thread; the missed one-time fire fires
        wait_until(lambda: schedule(past).status == "completed", 10,
                   "the scheduler thread to fire")
        wait_runs_done(past, 1)
    assert fires_of(past) == [utc(2001, 1, 1)]
    later = new_schedule(org, empty, dt.datetime.now(UTC), run_at="2001-01-01T00:00:00Z")
    time.sleep(1.5)  # shut down with the app: nothing claims any more
    assert schedule(later).status == "active" and fires_of(later) == []
