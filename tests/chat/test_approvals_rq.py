"""Tool approvals across processes (runs when AGENT_PLATFORM_TEST_REDIS_URL is set: Postgres
or SQLite with Redis and real `agent-platform worker` processes): a chat turn pauses in one
worker, that worker stops, the approval is given through the API, and another worker
continues the turn from the database; a run started by the API process is continued by a
worker after its approval."""
import time

import pytest

from core import db
from store.models import RunEvent
from tests.conftest import REDIS_URL
from tests.factories_chat import post_chat
from tests.factories_turns import http_tool, openai_agent
from tests.factories_workflows import start_worker, stop, wf_settings
from tests.fixtures_turns import allow_loopback, model, org, tools_server  # noqa: F401
from testkit import text, tool_calls
from tests.waiting import wait_until

pytestmark = pytest.mark.skipif(not REDIS_URL, reason="needs AGENT_PLATFORM_TEST_REDIS_URL")


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"), model_max_retries=0)


def run_status(client, org, run_id):
    return client.get(f"/v1/runs/{run_id}", headers=org["headers"]).json()["run"]


def wait_for(client, org, run_id, statuses, timeout=60):
    return wait_until(lambda: run_status(client, org, run_id), timeout,
                      f"run {run_id} to reach {statuses}", every=0.1,
                      done=lambda run: run["status"] in statuses)


def test_a_turn_paused_in_one_worker_continues_in_another(client, org, settings, model,
                                                          tools_server):
    tool = http_tool(client, org, tools_server, name="refund", path="/refund",
                     requires_approval=True)
    agent = openai_agent(client, org, tool_ids=[tool["id"]])
    model.enqueue(tool_calls(("c1", "refund", {"order": "R-1"})), text("Refunded."))
    headers = {**org["headers"], "X-User-Id": "rq-user"}
    first = start_worker(settings)
    try:
        turn = post_chat(client, headers, "refund R-1", agent_id=agent["id"])
        run = wait_for(client, org, turn["run"]["id"], {"awaiting_approval"})
    finally:
        stop(first)  # the process that ran the turn is gone
    assert len(model.requests) == 1 and run["approvals"][0]["call_id"] == "c1"
    seen = len(tools_server.seen)
    resp = client.post(f"/v1/runs/{run['id']}/approvals",
                       json={"call_id": "c1", "decision": "approve"}, headers=headers)
    assert resp.status_code == 200, resp.text
    assert resp.json()["run"]["status"] == "queued"
    time.sleep(0.5)
    assert run_status(client, org, run["id"])["status"] == "queued"  # no worker: it waits
    second = start_worker(settings)
    try:
        run = wait_for(client, org, run["id"], {"succeeded", "failed", "cancelled"})
    finally:
        stop(second)
    assert run["status"] == "succeeded" and run["output"] == "Refunded."
    assert len(tools_server.seen) == seen + 1 and len(model.requests) == 2
    with db.connection():
        kinds = [e.kind for e in RunEvent.select().where(RunEvent.run_id == run["id"])
                 .order_by(RunEvent.seq)]
    assert kinds == ["run.started", "tool.called", "approval.requested", "approval.decided",
                     "tool.result", "message.delta", "message.completed", "run.completed"]


def test_a_run_of_the_api_process_is_continued_by_a_worker(client, org, settings, model,
                                                           tools_server):
    tool = http_tool(client, org, tools_server, name="wire", path="/wire",
                     requires_approval=True)
    agent = openai_agent(client, org, tool_ids=[tool["id"]])
    model.enqueue(tool_calls(("w1", "wire", {"amount": 3})), text("Not wired."))
    resp = client.post(f"/v1/agents/{agent['id']}/run", json={"input": "wire 3"},
                       headers=org["headers"])
    run = resp.json()["run"]
    assert run["status"] == "awaiting_approval"
    worker = start_worker(settings)
    try:
        resp = client.post(f"/v1/runs/{run['id']}/approvals",
                           json={"call_id": "w1", "decision": "deny", "comment": "no"},
                           headers=org["headers"])
        assert resp.status_code == 200, resp.text
        run = wait_for(client, org, run["id"], {"succeeded", "failed", "cancelled"})
    finally:
        stop(worker)
    assert run["status"] == "succeeded" and run["output"] == "Not wired."
    assert [s["decision"] for s in run["steps"] if s["type"] == "approval"] == ["denied"]
