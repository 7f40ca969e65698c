"""The end user's threads, messages and votes: newest-activity-first cursor pages with unread
counts and read marks, message pages in both orders, votes (change, remove, only on the
assistant's messages), and workflow schedules with `notify: thread` posting each run's result
into the owning user's thread exactly once (in-process on SQLite; on a real worker with
Postgres + Redis)."""
import datetime as dt
import uuid

import pytest

from jobs.scheduler import Scheduler
from runtime.workflows import notify as notifications
from core import db
from store.models import Message, WorkflowSchedule
from tests.factories import assert_problem, make_org
from tests.factories_chat import make_agent, post_chat, user, wait_turn
from tests.factories_workflows import ToolServer, make_workflow, post_tool, tool_step, wait_run
from tests.fixtures_workflows import settings, worker  # noqa: F401 (module fixtures)
from tests.waiting import wait_until


@pytest.fixture(scope="module")
def agent(client, org):
    return make_agent(client, org["headers"])


def turn(client, headers, agent, message, thread_id=None) -> dict:
    """One turn, waited for until its run is final and its final event logged (the run's
    status is recorded just before the event: the thread then takes the next turn)."""
    from store.models import AgentRun, RunEvent

    body = post_chat(client, headers, message, agent_id=agent["id"], thread_id=thread_id)
    wait_turn(client, headers, body["thread"]["id"], body["run"]["id"])
    run_id = body["run"]["id"]
    def finished() -> bool:
        with db.connection():
            final = AgentRun.get_by_id(run_id).status in ("succeeded", "failed")
            logged = RunEvent.select().where(
                RunEvent.run_id == run_id, RunEvent.kind.in_(["run.completed", "run.failed"]))
            return final and logged.exists()

    wait_until(finished, 20, "the turn to finish", every=0.01)
    return body


def threads_of(client, headers, **params) -> dict:
    resp = client.get("/v1/threads", params=params, headers=headers)
    assert resp.status_code == 200, resp.text
    return resp.json()


def test_threads_newest_first_in_pages_with_unread_counts(client, org, agent):
    jo = user(org, "jo")
    made = [turn(client, jo, agent, f"topic {i}")["thread"]["id"] for i in range(5)]
    seen, cursor = [], None
    while True:
        page = threads_of(client, jo, limit=2, **({"cursor": cursor} if cursor else {}))
        assert len(page["threads"]) <= 2
        seen += page["threads"]
        cursor = page["next_cursor"]
        if cursor is None:
            break
    assert [t["id"] for t in seen] == made[::-1]
    assert all(t["unread_count"] == 1 and t["message_count"] == 2 for t in seen)
    # activity moves a thread to the front; reading clears its count
    turn(client, jo, agent, "again", thread_id=made[0])
    first = threads_of(client, jo, limit=1)["threads"][0]
    assert first["id"] == made[0] and first["unread_count"] == 2
    resp = client.post(f"/v1/threads/{made[0]}/read", headers=jo)
    assert resp.status_code == 200 and resp.json()["thread"]["unread_count"] == 0
    turn(client, jo, agent, "and again", thread_id=made[0])
    assert threads_of(client, jo, limit=1)["threads"][0]["unread_count"] == 1
    for bad in ("nope", "_abc", "12_xyz", "1" * 18):
        assert_problem(client.get("/v1/threads", params={"cursor": bad}, headers=jo), 400)
    # every cursor of the pattern is a position: a bare time pages from that time on
    assert threads_of(client, jo, cursor="12") == {"threads": [], "next_cursor": None}
    assert threads_of(client, user(org, "nobody")) == {"threads": [], "next_cursor": None}


def test_messages_in_pages_both_ways(client, org, agent):
    kim = user(org, "kim")
    tid = turn(client, kim, agent, "m1")["thread"]["id"]
    for n in (2, 3):
        turn(client, kim, agent, f"m{n}", thread_id=tid)

    def pages(order):
        out, cursor = [], None
        while True:
            params = {"thread_id": tid, "limit": 4, "order": order}
            if cursor:
                params["cursor"] = cursor
            resp = client.get("/v1/messages", params=params, headers=kim)
            assert resp.status_code == 200, resp.text
            out.append(resp.json()["messages"])
            cursor = resp.json()["next_cursor"]
            if cursor is None:
                return out

    asc = pages("asc")
    assert [len(p) for p in asc] == [4, 2]
    flat = [m for p in asc for m in p]
    assert [m["position"] for m in flat] == [1, 2, 3, 4, 5, 6]
    assert [(m["role"], m["content"]) for m in flat] == [
        ("user", "m1"), ("assistant", "m1"), ("user", "m2"), ("assistant", "m2"),
        ("user", "m3"), ("assistant", "m3")]
    assert all(m["run_id"] for m in flat)
    assert flat[0]["run_id"] == flat[1]["run_id"] != flat[2]["run_id"]
    desc = [m for p in pages("desc") for m in p]
    assert desc == flat[::-1]
    assert_problem(client.get("/v1/messages", params={"thread_id": tid, "cursor": "x"},
                              headers=kim), 400)
    assert_problem(client.get("/v1/messages", params={"thread_id": str(uuid.uuid4())},
                              headers=kim), 404)


def test_votes_change_and_remove(client, org, agent):
    lu = user(org, "lu")
    tid = turn(client, lu, agent, "rate me")["thread"]["id"]
    user_msg, answer = client.get("/v1/messages", params={"thread_id": tid},
                                  headers=lu).json()["messages"]

    def vote(status=200, **body):
        resp = client.post("/v1/vote", json={"message_id": answer["id"], **body}, headers=lu)
        assert resp.status_code == status, resp.text
        return resp.json()["vote"] if status == 200 else resp.json()

    up = vote(value="up")
    assert up["value"] == "up" and up["comment"] is None and up["message_id"] == answer["id"]
    down = vote(value="down", comment="too short")
    assert down["value"] == "down" and down["comment"] == "too short"
    assert down["created_at"] == up["created_at"]
    with db.connection():
        from store.models import MessageVote
        assert MessageVote.select().where(MessageVote.message == answer["id"]).count() == 1
    removed = vote(value=None)
    assert removed == {"message_id": answer["id"], "value": None, "comment": None,
                       "created_at": None, "updated_at": None}
    assert vote(value=None)["value"] is None  # removing nothing is fine
    assert vote(value="up")["value"] == "up"
    assert_problem(client.post("/v1/vote", json={"message_id": user_msg["id"], "value": "up"},
                               headers=lu), 409, "message_not_votable")
    assert_problem(client.post("/v1/vote", json={"message_id": answer["id"], "value": "meh"},
                               headers=lu), 400)
    assert_problem(client.post("/v1/vote", json={"message_id": answer["id"]}, headers=lu), 400)
    # another user of the org votes separately, and cannot see lu's message
    assert_problem(client.post("/v1/vote", json={"message_id": answer["id"], "value": "up"},
                               headers=user(org, "max")), 404)


@pytest.fixture(scope="module")
def tools():
    server = ToolServer()
    yield server
    server.close()


def _schedule(client, org, workflow, **body) -> dict:
    past = (dt.datetime.now(dt.timezone.utc) - dt.timedelta(minutes=1)).isoformat()
    resp = client.post("/v1/workflow-schedules", headers=org["headers"],
                       json={"workflow_id": workflow["id"], "run_at": past, **body})
    assert resp.status_code == 201, resp.text
    return resp.json()["schedule"]


def _fire_and_wait(client, org, settings, schedule) -> dict:
    assert Scheduler(settings).tick() >= 1
    deadline = dt.datetime.now() + dt.timedelta(seconds=20)
    while True:
        runs = client.get("/v1/workflow-runs", params={"schedule_id": schedule["id"]},
                          headers=org["headers"]).json()["runs"]
        if runs:
            return wait_run(client, org["headers"], runs[0]["id"])
        assert dt.datetime.now() < deadline, "the schedule did not fire"


def test_notify_thread_posts_each_result_once(client, org, settings, tools):
    ok_flow = make_workflow(client, org, name="Daily report", steps=[
        tool_step("fetch", post_tool(client, org, tools, "/echo"), input={"q": 1})])
    bad_flow = make_workflow(client, org, name="Sync", steps=[
        tool_step("push", post_tool(client, org, tools, "/fail/500"))])
    mo = user(org, "mo")
    good = _schedule(client, org, ok_flow, user_id="mo", notify="thread",
                     thread_title="Reports")
    run = _fire_and_wait(client, org, settings, good)
    assert run["status"] == "succeeded" and run["trigger"] == "schedule"
    listed = threads_of(client, mo)["threads"]
    assert [(t["title"], t["unread_count"]) for t in listed] == [("Reports", 1)]
    reports = listed[0]["id"]
    posted = client.get("/v1/messages", params={"thread_id": reports}, headers=mo).json()
    (message,) = posted["messages"]
    assert message["role"] == "assistant" and message["run_id"] is None
    assert message["content"].startswith("Workflow \u201cDaily report\u201d succeeded.")
    assert '"path": "/echo"' in message["content"]
    # run-now runs of the schedule post too, into the same thread
    resp = client.post(f"/v1/workflow-schedules/{good['id']}/run-now", headers=org["headers"])
    assert resp.status_code == 202, resp.text
    wait_run(client, org["headers"], resp.json()["run"]["id"])
    again = threads_of(client, mo)["threads"]
    assert len(again) == 1 and again[0]["id"] == reports and again[0]["unread_count"] == 2
    # a failed run, default title: the workflow's name
    failing = _schedule(client, org, bad_flow, user_id="mo", notify="thread")
    failed = _fire_and_wait(client, org, settings, failing)
    assert failed["status"] == "failed"
    sync = threads_of(client, mo)["threads"][0]
    assert sync["title"] == "Sync" and sync["unread_count"] == 1
    text = client.get("/v1/messages", params={"thread_id": sync["id"]},
                      headers=mo).json()["messages"][0]["content"]
    assert text.startswith("Workflow \u201cSync\u201d failed: ")
    # exactly once per run: a repeated post of the same run's result changes nothing
    with db.connection():
        for _ in range(2):
            notifications.post_run_result(schedule=WorkflowSchedule.get_by_id(good["id"]),
                                          run_id=run["id"], status="succeeded", output={"x": 1})
        assert Message.select().where(Message.source == f"workflow_run:{run['id']}").count() == 1
    assert threads_of(client, mo)["threads"][1]["unread_count"] == 2
    # no notify: nothing posted; other users see nothing
    quiet = _schedule(client, org, ok_flow, user_id="mo")
    _fire_and_wait(client, org, settings, quiet)
    assert len(threads_of(client, mo)["threads"]) == 2
    assert threads_of(client, user(org, "someone"))["threads"] == []


def test_an_organizations_schedule_posts_nothing(client, org, settings):
    flow = make_workflow(client, org, name="Org flow", steps=[])
    schedule = _schedule(client, org, flow, notify="thread", thread_title="Org news")
    assert schedule["owner_kind"] == "org" and schedule["notify"] == "thread"
    assert _fire_and_wait(client, org, settings, schedule)["status"] == "succeeded"
    with db.connection():
        assert not Message.select().where(Message.content.contains("Org flow")).exists()


def test_other_organizations_threads_are_invisible(client, org, agent):
    tid = turn(client, user(org, "pat"), agent, "mine")["thread"]["id"]
    other = make_org(client)
    assert threads_of(client, user(other, "pat"))["threads"] == []
    assert_problem(client.post(f"/v1/threads/{tid}/read", headers=user(other, "pat")), 404)
    assert_problem(client.post(f"/v1/threads/{tid}/read", headers=user(org, "quinn")), 404)


def test_a_queued_turn_whose_job_was_lost_is_queued_again_not_failed(client, org, agent,
                                                                     settings):
    """Waiting is not a fault: a chat turn still queued long after it was posted (its job
    lost, or waiting for a free slot) is queued again by recovery and executes; it is never
    reported as interrupted."""
    from jobs import recovery
    from store.models import AgentRun, RunEvent
    from store.models import Message as Said

    lee = user(org, "lee")
    first = turn(client, lee, agent, "hello")
    tid, run_id = first["thread"]["id"], first["run"]["id"]
    with db.connection():  # as if its job had been lost before anyone executed it
        Said.delete().where(Said.run_id == run_id, Said.role == "assistant").execute()
        RunEvent.delete().where(RunEvent.run_id == run_id).execute()
        AgentRun.update(status="queued", started_at=None, finished_at=None, output=None,
                        updated_at=dt.datetime(2000, 1, 1)).where(AgentRun.id == run_id).execute()
    assert_problem(client.post("/v1/chat", json={"message": "next", "agent_id": agent["id"],
                                                 "thread_id": tid}, headers=lee),
                   409, "turn_in_progress")  # a queued turn is in progress, not stale
    counts = recovery.sweep(settings)
    assert counts.get("turns_queued_again", 0) >= 1
    answer = wait_turn(client, lee, tid, run_id)
    assert answer["content"] == "hello"
    with db.connection():
        row = AgentRun.get_by_id(run_id)
        kinds = [e.kind for e in RunEvent.select().where(RunEvent.run_id == run_id)
                 .order_by(RunEvent.seq)]
    assert row.status == "succeeded" and row.error is None
    assert kinds[0] == "run.started" and kinds[-1] == "run.completed"


def test_a_turn_that_stopped_reporting_no_longer_blocks_its_thread(client, org, agent):
    from store.models import AgentRun, RunEvent

    ros = user(org, "ros")
    first = turn(client, ros, agent, "hello")
    tid, run_id = first["thread"]["id"], first["run"]["id"]
    with db.connection():  # as if its process had died while running it
        AgentRun.update(status="running", finished_at=None).where(AgentRun.id == run_id).execute()
        RunEvent.delete().where(RunEvent.run_id == run_id,
                                RunEvent.kind == "run.completed").execute()
    assert_problem(client.post("/v1/chat", json={"message": "next", "agent_id": agent["id"],
                                                 "thread_id": tid}, headers=ros),
                   409, "turn_in_progress")
    with db.connection():  # its heartbeat stopped long ago
        AgentRun.update(updated_at=dt.datetime(2000, 1, 1)).where(AgentRun.id == run_id).execute()
    second = turn(client, ros, agent, "next", thread_id=tid)
    with db.connection():
        old = AgentRun.get_by_id(run_id)
        assert old.status == "failed" and old.error["code"] == "run_interrupted"
        events = [*RunEvent.select().where(RunEvent.thread == tid).order_by(RunEvent.seq)]
    kinds = [e.kind for e in events]
    assert kinds.count("run.failed") == 1 and kinds[-1] == "run.completed"
    assert kinds[kinds.index("run.failed") + 1] == "run.started"
    assert len({e.seq for e in events}) == len(events)
    assert second["run"]["id"] != run_id
