"""/v1/workflow-schedules: create (exactly one of cron, run_at, recurrence; timezone), the
fields and their nulls, PATCH, pause, resume, run-now, delete; owners, session tokens and
isolation between organizations."""
import datetime as dt
import uuid

import pytest

from rules import schedule_time
from tests.factories import assert_problem, list_all, make_org, pages
from tests.factories_workflows import install_sessions, make_workflow, session, wait_run
from tests.fixtures_workflows import settings, worker  # noqa: F401 (module fixtures)

FIELDS = {"id", "workflow_id", "owner_kind", "user_id", "status", "recurrence", "cron", "run_at",
          "description", "timezone", "next_fire_at", "last_fire_at", "last_run_status",
          "last_run_id", "notify", "thread_title", "input", "skip_missed",
          "max_consecutive_failures", "consecutive_failures", "created_at", "updated_at"}


@pytest.fixture(scope="module")
def other(client):
    return make_org(client)


@pytest.fixture(scope="module")
def wf(client, org):
    return make_workflow(client, org, input_schema={"type": "object", "properties": {
        "n": {"type": "integer"}}})


def create(client, headers, status=201, **body):
    resp = client.post("/v1/workflow-schedules", json=body, headers=headers)
    if status != 201:
        return resp
    assert resp.status_code == 201, resp.text
    return resp.json()["schedule"]


def parse(ts: str) -> dt.datetime:
    return dt.datetime.fromisoformat(ts.replace("Z", "+00:00"))


def test_create_cron_in_a_time_zone(client, org, wf):
    before = dt.datetime.now(dt.timezone.utc)
    s = create(client, org["headers"], workflow_id=wf["id"], cron="30 9 * * mon-fri",
               timezone="Europe/Berlin", description="weekday mornings", input={"n": 1})
    assert set(s) == FIELDS
    assert s["owner_kind"] == "org" and s["user_id"] is None and s["status"] == "active"
    assert s["run_at"] is None and s["recurrence"] is None and s["timezone"] == "Europe/Berlin"
    assert s["notify"] == "none" and s["thread_title"] is None and s["skip_missed"] is False
    assert s["max_consecutive_failures"] == 5 and s["consecutive_failures"] == 0
    assert s["last_fire_at"] is None and s["last_run_status"] is None and s["last_run_id"] is None
    spec = schedule_time.validate(cron="30 9 * * mon-fri", timezone="Europe/Berlin")
    expected = schedule_time.next_fire(spec=spec, after=before)
    assert parse(s["next_fire_at"]) == expected
    local = expected.astimezone(spec.tz)
    assert (local.hour, local.minute) == (9, 30) and local.weekday() < 5
    got = client.get(f"/v1/workflow-schedules/{s['id']}", headers=org["headers"]).json()
    assert got == {"schedule": s}


def test_run_at_and_recurrence(client, org, wf):
    past = create(client, org["headers"], workflow_id=wf["id"], run_at="2020-01-01T10:00:00",
                  timezone="America/New_York", notify="thread", thread_title="Reports")
    assert past["run_at"] == "2020-01-01T15:00:00.000Z" == past["next_fire_at"]  # fires at once
    assert past["cron"] is None and past["notify"] == "thread" and past["thread_title"] == "Reports"
    rec = create(client, org["headers"], workflow_id=wf["id"],
                 recurrence={"frequency": "weekly", "by_weekday": ["tu"], "at": "07:15"},
                 timezone="Asia/Tokyo", max_consecutive_failures=2, skip_missed=True)
    assert rec["recurrence"]["frequency"] == "weekly" and rec["recurrence"]["at"] == "07:15"
    local = parse(rec["next_fire_at"]).astimezone(schedule_time.validate(
        cron="* * * * *", timezone="Asia/Tokyo").tz)
    assert local.weekday() == 1 and (local.hour, local.minute) == (7, 15)
    assert rec["max_consecutive_failures"] == 2 and rec["skip_missed"] is True


@pytest.mark.parametrize("body,code", [
    ({}, "schedule_kind_required"),
    ({"cron": "* * * * *", "run_at": "2030-01-01T00:00:00Z"}, "schedule_kind_required"),
    ({"cron": "61 * * * *"}, "invalid_cron"),
    ({"cron": "* * * * *", "timezone": "Mars/Olympus"}, "invalid_timezone"),
    ({"run_at": "next tuesday"}, "invalid_run_at"),
    ({"recurrence": {"frequency": "daily", "interval": 0}}, None),
    ({"recurrence": {"frequency": "daily", "until": "2001-01-01"}}, "schedule_never_fires"),
    ({"cron": "* * * * *", "input": {"n": "x"}}, "workflow_input_invalid"),
    ({"cron": "* * * * *", "notify": "email"}, None),
    ({"cron": "* * * * *", "max_consecutive_failures": 0}, None),
    ({"cron": "* * * * *", "extra": True}, None),
])
def test_invalid_schedules_are_400(client, org, wf, body, code):
    resp = create(client, org["headers"], 400, workflow_id=wf["id"], **body)
    assert_problem(resp, 400, code)


def test_the_workflow_must_be_the_callers(client, org, other, wf):
    resp = create(client, other["headers"], 404, workflow_id=wf["id"], cron="* * * * *")
    assert_problem(resp, 404)


def test_patch_replaces_fields_and_recomputes_next_fire(client, org, wf):
    s = create(client, org["headers"], workflow_id=wf["id"], cron="0 12 * * *",
               description="noon", notify="thread", thread_title="t")
    url = f"/v1/workflow-schedules/{s['id']}"
    resp = client.patch(url, json={"cron": "0 6 * * *", "timezone": "Europe/Paris"},
                        headers=org["headers"])
    assert resp.status_code == 200, resp.text
    got = resp.json()["schedule"]
    local = parse(got["next_fire_at"]).astimezone(schedule_time.validate(
        cron="* * * * *", timezone="Europe/Paris").tz)
    assert (local.hour, local.minute) == (6, 0) and got["description"] == "noon"
    got = client.patch(url, json={"run_at": "2099-05-01T08:00:00Z"}, headers=org["headers"]).json()["schedule"]
    assert got["cron"] is None and got["run_at"] == got["next_fire_at"] == "2099-05-01T08:00:00.000Z"
    got = client.patch(url, json={"notify": None, "description": None, "max_consecutive_failures": None,
                                  "input": {"n": 3}}, headers=org["headers"]).json()["schedule"]
    assert got["notify"] == "none" and got["description"] is None and got["input"] == {"n": 3}
    assert got["max_consecutive_failures"] == 5 and got["run_at"] == "2099-05-01T08:00:00.000Z"
    assert_problem(client.patch(url, json={"cron": "* * * * *", "run_at": "2099-01-01T00:00:00Z"},
                                headers=org["headers"]), 400, "schedule_kind_required")
    assert_problem(client.patch(url, json={"input": {"n": "x"}}, headers=org["headers"]),
                   400, "workflow_input_invalid")
    assert_problem(client.patch(url, json={"workflow_id": wf["id"]}, headers=org["headers"]), 400)


def test_pause_and_resume(client, org, wf):
    s = create(client, org["headers"], workflow_id=wf["id"], cron="*/5 * * * *")
    url = f"/v1/workflow-schedules/{s['id']}"
    paused = client.post(url + "/pause", headers=org["headers"]).json()["schedule"]
    assert paused["status"] == "paused" and paused["next_fire_at"] is None
    assert client.post(url + "/pause", headers=org["headers"]).json()["schedule"] == paused
    listed = client.get(f"/v1/workflow-schedules?status=paused&workflow_id={wf['id']}",
                        headers=org["headers"]).json()["schedules"]
    assert s["id"] in {x["id"] for x in listed}
    # a PATCH of the timing keeps it paused; resume computes the next fire from now
    client.patch(url, json={"cron": "*/10 * * * *"}, headers=org["headers"])
    assert client.get(url, headers=org["headers"]).json()["schedule"]["next_fire_at"] is None
    before = dt.datetime.now(dt.timezone.utc)
    resp = client.post(url + "/resume", headers=org["headers"])
    assert resp.status_code == 200, resp.text
    resumed = resp.json()["schedule"]
    assert resumed["status"] == "active"
    nxt = parse(resumed["next_fire_at"])
    assert before < nxt <= before + dt.timedelta(minutes=10) and nxt.minute % 10 == 0
    assert client.post(url + "/resume", headers=org["headers"]).json()["schedule"] == resumed


def test_resume_a_past_one_time_schedule_fires_nothing(client, org, wf):
    s = create(client, org["headers"], workflow_id=wf["id"], run_at="2099-01-01T00:00:00Z")
    url = f"/v1/workflow-schedules/{s['id']}"
    client.post(url + "/pause", headers=org["headers"])
    client.patch(url, json={"run_at": "2001-01-01T00:00:00Z"}, headers=org["headers"])
    resumed = client.post(url + "/resume", headers=org["headers"]).json()["schedule"]
    assert resumed["status"] == "active" and resumed["next_fire_at"] is None


def test_run_now(client, org, wf):
    s = create(client, org["headers"], workflow_id=wf["id"], cron="0 0 1 1 *", input={"n": 7})
    url = f"/v1/workflow-schedules/{s['id']}"
    client.post(url + "/pause", headers=org["headers"])
    resp = client.post(url + "/run-now", headers=org["headers"])
    assert resp.status_code == 202, resp.text
    run = resp.json()["run"]
    assert run["trigger"] == "run_now" and run["schedule_id"] == s["id"] and run["input"] == {"n": 7}
    assert run["fire_at"] is None
    assert wait_run(client, org["headers"], run["id"])["status"] == "succeeded"
    got = client.get(url, headers=org["headers"]).json()["schedule"]
    assert got["last_run_status"] == "succeeded" and got["last_run_id"] == run["id"]
    assert got["last_fire_at"] == run["created_at"] and got["status"] == "paused"
    assert got["next_fire_at"] is None
    runs = client.get(f"/v1/workflow-runs?schedule_id={s['id']}", headers=org["headers"]).json()
    assert [r["id"] for r in runs["runs"]] == [run["id"]]


def test_delete_schedule_and_cascade_from_the_workflow(client, org):
    wf = make_workflow(client, org)
    s1 = create(client, org["headers"], workflow_id=wf["id"], cron="* * * * *")
    s2 = create(client, org["headers"], workflow_id=wf["id"], cron="* * * * *")
    assert client.delete(f"/v1/workflow-schedules/{s1['id']}", headers=org["headers"]).status_code == 204
    assert_problem(client.get(f"/v1/workflow-schedules/{s1['id']}", headers=org["headers"]), 404)
    assert_problem(client.delete(f"/v1/workflow-schedules/{s1['id']}", headers=org["headers"]), 404)
    assert client.delete(f"/v1/workflows/{wf['id']}", headers=org["headers"]).status_code == 204
    assert_problem(client.get(f"/v1/workflow-schedules/{s2['id']}", headers=org["headers"]), 404)


def test_another_orgs_schedule_is_404(client, org, other, wf):
    s = create(client, org["headers"], workflow_id=wf["id"], cron="* * * * *")
    url, h = f"/v1/workflow-schedules/{s['id']}", other["headers"]
    assert_problem(client.get(url, headers=h), 404)
    assert_problem(client.patch(url, json={"description": "x"}, headers=h), 404)
    for action in ("pause", "resume", "run-now"):
        assert_problem(client.post(f"{url}/{action}", headers=h), 404)
    assert_problem(client.delete(url, headers=h), 404)
    assert client.get("/v1/workflow-schedules", headers=h).json() == {"schedules": [],
                                                                      "next_cursor": None}
    assert client.get(url, headers=org["headers"]).json()["schedule"]["status"] == "active"


def test_session_tokens_own_and_see_only_their_schedules(client, org, wf, monkeypatch):
    install_sessions(monkeypatch)
    alice, bob = session(org, "alice"), session(org, "bob")
    mine = create(client, alice, workflow_id=wf["id"], cron="0 8 * * *")
    assert mine["owner_kind"] == "user" and mine["user_id"] == "alice"
    for_carol = create(client, org["headers"], workflow_id=wf["id"], cron="0 8 * * *", user_id="carol")
    assert for_carol["owner_kind"] == "user" and for_carol["user_id"] == "carol"
    assert_problem(create(client, alice, 403, workflow_id=wf["id"], cron="* * * * *", user_id="bob"),
                   403, "schedule_owner_forbidden")
    same = create(client, alice, workflow_id=wf["id"], cron="* * * * *", user_id="alice")
    assert same["user_id"] == "alice"
    url = f"/v1/workflow-schedules/{mine['id']}"
    assert_problem(client.get(url, headers=bob), 404)
    assert_problem(client.patch(url, json={"description": "x"}, headers=bob), 404)
    for action in ("pause", "resume", "run-now"):
        assert_problem(client.post(f"{url}/{action}", headers=bob), 404)
    assert_problem(client.delete(url, headers=bob), 404)
    assert_problem(client.get(f"/v1/workflow-schedules/{for_carol['id']}", headers=alice), 404)
    assert {s["id"] for s in client.get("/v1/workflow-schedules", headers=alice).json()["schedules"]} == {mine["id"], same["id"]}
    assert client.get("/v1/workflow-schedules", headers=bob).json()["schedules"] == []
    assert client.post(f"{url}/pause", headers=alice).json()["schedule"]["status"] == "paused"
    run = client.post(f"{url}/run-now", headers=alice).json()["run"]
    assert run["user_id"] == "alice"
    assert wait_run(client, alice, run["id"])["status"] == "succeeded"
    assert_problem(client.get(f"/v1/workflow-runs/{run['id']}", headers=bob), 404)
    everything = list_all(client, "/v1/workflow-schedules", "schedules", org["headers"])
    assert {mine["id"], for_carol["id"]} <= {s["id"] for s in everything}
    assert client.delete(url, headers=alice).status_code == 204


def test_list_paging(client, org):
    wf = make_workflow(client, org)
    made = [create(client, org["headers"], workflow_id=wf["id"], cron="* * * * *")["id"] for _ in range(3)]
    assert [[s["id"] for s in page] for page in pages(
        client, f"/v1/workflow-schedules?workflow_id={wf['id']}", "schedules", org["headers"],
        limit=2)] == [made[:2], made[2:]]
    assert_problem(client.get(f"/v1/workflow-schedules/{uuid.uuid4()}", headers=org["headers"]), 404)
