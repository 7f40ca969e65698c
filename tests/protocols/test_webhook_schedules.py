"""Schedule events, driven by the scheduler with an injected clock and delivered to a real
receiver (verified with `standardwebhooks`): `schedule.completed` when a one-time schedule
has fired, `schedule.disabled` when failures reach `max_consecutive_failures`."""
import datetime as dt

import pytest

from jobs.scheduler import Scheduler
from store import schedules
from core import db
from tests.factories_webhooks import Receiver, make_webhook, wait_for
from tests.factories_workflows import make_workflow, post_tool, tool_step
from tests.fixtures_workflows import (  # noqa: F401 (module fixtures)
    only_this_tests_schedules, server, settings, worker)

UTC = dt.timezone.utc
pytestmark = pytest.mark.usefixtures("only_this_tests_schedules")


class Clock:
    def __init__(self, start: dt.datetime):
        self.now = start

    def __call__(self):
        return self.now


@pytest.fixture()
def receiver():
    r = Receiver()
    yield r
    r.stop()


def new_schedule(org, workflow, now, **fields) -> str:
    with db.connection():
        return schedules.create(org_id=org["id"], fields={"workflow_id": workflow["id"], **fields},
                                now=now).id


def test_a_one_time_schedule_completes(client, settings, org, receiver):
    hook = make_webhook(client, org, receiver.url, ["schedule.completed"])
    workflow = make_workflow(client, org)
    clock = Clock(dt.datetime(2024, 5, 1, 8, tzinfo=UTC))
    sid = new_schedule(org, workflow, clock.now, run_at="2024-05-01T09:00:00Z")
    scheduler = Scheduler(settings, clock=clock)
    clock.now = dt.datetime(2024, 5, 1, 9, 1, tzinfo=UTC)
    assert scheduler.tick() == 1
    event = wait_for(lambda: receiver.events(hook["secret"]))[0]
    assert event["type"] == "schedule.completed"
    assert event["data"]["schedule"]["id"] == sid
    assert event["data"]["schedule"]["status"] == "completed"


def test_a_schedule_disabled_by_its_failures(client, settings, org, server, receiver):
    hook = make_webhook(client, org, receiver.url, ["schedule.disabled", "workflow_run.failed"])
    failing = make_workflow(client, org, steps=[
        tool_step("a", post_tool(client, org, server, "/fail/500"))])
    clock = Clock(dt.datetime(2024, 9, 1, 12, tzinfo=UTC))
    sid = new_schedule(org, failing, clock.now, cron="* * * * *", max_consecutive_failures=2)
    scheduler = Scheduler(settings, clock=clock)
    for minute in (1, 2):
        clock.now = dt.datetime(2024, 9, 1, 12, minute, tzinfo=UTC)
        scheduler.tick()
        wait_for(lambda: len(receiver.events(hook["secret"], "workflow_run.failed")) >= minute)
    disabled = wait_for(lambda: receiver.events(hook["secret"], "schedule.disabled"))
    assert len(disabled) == 1
    schedule = disabled[0]["data"]["schedule"]
    assert schedule["id"] == sid and schedule["status"] == "disabled"
    assert schedule["consecutive_failures"] == 2
    failed = receiver.events(hook["secret"], "workflow_run.failed")
    assert {e["data"]["run"]["schedule_id"] for e in failed} == {sid}
