"""Scheduled fires and run-now are admitted like API-started runs: the billed group under its
spend cap and the organization under its monthly run quota. Run-now is refused with 429 and
records nothing; a scheduled fire that is refused becomes a failed run carrying the refusal's
code (a failure of its schedule), and uses no quota."""
import datetime as dt
import types

import pytest

from jobs.scheduler import Scheduler
from runtime.workflows import engine as workflow_engine
from store import limits, schedules
from core import db
from store.errors import LimitReached
from store.models import WorkflowRun, WorkflowSchedule
from tests.factories import ADMIN, assert_problem, make_org
from tests.factories_identity import mint
from tests.factories_workflows import make_workflow
from tests.fixtures_workflows import settings, worker  # noqa: F401 (module fixtures)
from tests.waiting import wait_until

UTC = dt.timezone.utc


@pytest.fixture(autouse=True)
def only_this_tests_schedules():
    """The scheduler sees every organization: a test's clock must not meet earlier tests'
    schedules."""
    yield
    with db.connection():
        WorkflowSchedule.delete().execute()


class Clock:
    def __init__(self, start: dt.datetime):
        self.now = start

    def __call__(self):
        return self.now


def quota(client, org, runs: int) -> None:
    resp = client.put(f"/v1/admin/orgs/{org['id']}/limits", json={"runs_per_month": runs},
                      headers=ADMIN)
    assert resp.status_code == 200, resp.text


def capped_user(client, org, user_id: str) -> None:
    resp = client.post("/v1/groups", json={"group_id": f"capped-{user_id}", "display_name": "Capped",
                                           "spend_cap_usd": 0}, headers=org["headers"])
    assert resp.status_code == 201, resp.text
    resp = client.post("/v1/users", json={"user_id": user_id, "group_id": f"capped-{user_id}"},
                       headers=org["headers"])
    assert resp.status_code == 201, resp.text


def new_schedule(org, workflow, now, **fields) -> str:
    with db.connection():
        return schedules.create(org_id=org["id"], fields={"workflow_id": workflow["id"], **fields},
                                now=now).id


def runs_of(schedule_id: str) -> list[WorkflowRun]:
    with db.connection():
        return [*WorkflowRun.select().where(WorkflowRun.schedule_id == schedule_id)
                .order_by(WorkflowRun.created_at)]


def wait_finished(schedule_id: str, count: int, timeout: float = 20) -> list[WorkflowRun]:
    return wait_until(lambda: [r for r in runs_of(schedule_id)
                               if r.status in ("succeeded", "failed")], timeout,
                      f"{count} runs of schedule {schedule_id} to finish",
                      done=lambda finished: len(finished) >= count)


def used(org) -> int:
    with db.connection():
        return limits.runs_this_month(org_id=org["id"])


def test_a_fire_over_the_run_quota_fails_with_its_code(client, settings):
    org = make_org(client)
    wf = make_workflow(client, org)
    quota(client, org, 1)
    clock = Clock(dt.datetime(2024, 2, 1, 12, tzinfo=UTC))
    sid = new_schedule(org, wf, clock.now, cron="* * * * *", max_consecutive_failures=2)
    scheduler = Scheduler(settings, clock=clock)
    clock.now += dt.timedelta(minutes=1)
    assert scheduler.tick() == 1
    first, = wait_finished(sid, 1)
    assert first.status == "succeeded" and used(org) == 1
    clock.now += dt.timedelta(minutes=1)
    assert scheduler.tick() == 1
    second = [r for r in wait_finished(sid, 2) if r.id != first.id][0]
    assert second.status == "failed" and second.error["code"] == "usage_limit_reached"
    assert used(org) == 1  # a refused fire uses no quota
    with db.connection():
        row = schedules.get(org_id=org["id"], schedule_id=sid)
    assert row.last_run_status == "failed" and row.consecutive_failures == 1
    assert row.status == "active"


def test_a_fire_of_a_user_whose_group_is_at_its_cap_fails(client, settings):
    org = make_org(client)
    wf = make_workflow(client, org, steps=[])
    capped_user(client, org, "cap-owner")
    clock = Clock(dt.datetime(2024, 3, 1, 12, tzinfo=UTC))
    sid = new_schedule(org, wf, clock.now, cron="* * * * *", user_id="cap-owner")
    clock.now += dt.timedelta(minutes=1)
    assert Scheduler(settings, clock=clock).tick() == 1
    run, = wait_finished(sid, 1)
    assert run.status == "failed" and run.error["code"] == "spend_cap_reached"
    assert used(org) == 0
    free = new_schedule(org, wf, clock.now, cron="* * * * *")  # the org's: Default, no cap
    clock.now += dt.timedelta(minutes=1)
    Scheduler(settings, clock=clock).tick()
    assert wait_finished(free, 1)[0].status == "succeeded"


def test_run_now_is_refused_over_the_quota_and_records_nothing(client):
    org = make_org(client)
    wf = make_workflow(client, org)
    body = {"workflow_id": wf["id"], "cron": "0 0 1 1 *"}
    schedule = client.post("/v1/workflow-schedules", json=body, headers=org["headers"]).json()
    url = f"/v1/workflow-schedules/{schedule['schedule']['id']}/run-now"
    quota(client, org, 1)
    assert client.post(url, headers=org["headers"]).status_code == 202
    resp = client.post(url, headers=org["headers"])
    assert_problem(resp, 429, "usage_limit_reached")
    assert int(resp.headers["Retry-After"]) > 0
    assert len(runs_of(schedule["schedule"]["id"])) == 1 and used(org) == 1


def test_run_now_bills_the_sessions_group_else_the_owners(client):
    org = make_org(client)
    wf = make_workflow(client, org)
    capped_user(client, org, "olga")
    token = mint(client, org, "olga")["access_token"]
    olga = {"Authorization": f"Bearer {token}"}
    created = client.post("/v1/workflow-schedules", json={"workflow_id": wf["id"],
                                                          "cron": "0 0 1 1 *"}, headers=olga)
    assert created.status_code == 201, created.text
    sid = created.json()["schedule"]["id"]
    url = f"/v1/workflow-schedules/{sid}/run-now"
    assert_problem(client.post(url, headers=olga), 429, "spend_cap_reached")
    # the API key on the owner's schedule: the owner's group pays, so the cap applies too
    assert_problem(client.post(url, headers=org["headers"]), 429, "spend_cap_reached")
    assert runs_of(sid) == []
    # a session billed to an uncapped group may run it
    client.post("/v1/groups", json={"group_id": "open", "display_name": "Open"}, headers=org["headers"])
    other = mint(client, org, "olga", group_id="open")["access_token"]
    assert client.post(url, headers={"Authorization": f"Bearer {other}"}).status_code == 202


def test_a_run_resumed_after_a_lost_worker_is_not_admitted_again(client, settings):
    org = make_org(client)
    quota(client, org, 1)
    with db.connection():
        limits.consume_run(org_id=org["id"], settings=settings)  # the quota is used up
        run = types.SimpleNamespace(trigger="schedule", org_id=org["id"], user_id=None, attempt=2)
        workflow_engine._admit_fire(run, settings)  # admitted on its first attempt
        run.attempt = 1
        with pytest.raises(LimitReached):
            workflow_engine._admit_fire(run, settings)
        run.trigger = "api"  # admitted by the endpoint that started it
        workflow_engine._admit_fire(run, settings)


def test_a_fire_of_the_organization_whose_default_group_is_at_its_cap_fails(client, settings):
    org = make_org(client)
    wf = make_workflow(client, org, steps=[])
    resp = client.patch("/v1/groups/default", json={"spend_cap_usd": 0}, headers=org["headers"])
    assert resp.status_code == 200, resp.text
    clock = Clock(dt.datetime(2024, 4, 1, 12, tzinfo=UTC))
    sid = new_schedule(org, wf, clock.now, cron="* * * * *")  # no user: billed to Default
    clock.now += dt.timedelta(minutes=1)
    assert Scheduler(settings, clock=clock).tick() == 1
    run, = wait_finished(sid, 1)
    assert run.status == "failed" and run.error["code"] == "spend_cap_reached"
    assert used(org) == 0  # counted with the group's read, then taken back
    resp = client.patch("/v1/groups/default", json={"spend_cap_usd": None}, headers=org["headers"])
    assert resp.status_code == 200, resp.text
    clock.now += dt.timedelta(minutes=1)
    assert Scheduler(settings, clock=clock).tick() == 1
    assert [r.status for r in wait_finished(sid, 2)] == ["failed", "succeeded"]
    assert used(org) == 1
