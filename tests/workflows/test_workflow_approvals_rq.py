"""Tool approvals of workflow runs across processes (runs when AGENT_PLATFORM_TEST_REDIS_URL is
set: Postgres or SQLite with Redis and real `agent-platform worker` processes): a workflow run
pauses in one worker, that worker stops, the approval is given through the API, and another
worker continues the run from the database, for a tool step and for an agent step's turn."""
import time

import pytest

from core import db
from store.models import WorkflowRun
from tests.conftest import REDIS_URL
from tests.factories_identity import mint
from tests.factories_turns import http_tool, openai_agent
from tests.factories_workflows import make_workflow, start_run, start_worker, stop, wf_settings
from tests.fixtures_turns import allow_loopback, model, org, tools_server  # noqa: F401
from testkit import text, tool_calls
from tests.waiting import wait_until

pytestmark = pytest.mark.skipif(not REDIS_URL, reason="needs AGENT_PLATFORM_TEST_REDIS_URL")


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"), model_max_retries=0)


FINAL = {"succeeded", "failed", "cancelled"}


def wait_for(client, org, run_id, statuses, timeout=60):
    return wait_until(
        lambda: client.get(f"/v1/workflow-runs/{run_id}", headers=org["headers"]).json()["run"],
        timeout, f"workflow run {run_id} to reach {statuses}", every=0.1,
        done=lambda run: run["status"] in statuses)


def approve(client, run_id, headers, call_id):
    resp = client.post(f"/v1/runs/{run_id}/approvals",
                       json={"call_id": call_id, "decision": "approve"}, headers=headers)
    assert resp.status_code == 200, resp.text
    return resp.json()["run"]


def test_a_tool_step_paused_in_one_worker_continues_in_another(client, org, settings,
                                                               tools_server):
    tool = http_tool(client, org, tools_server, name="payout", path="/payout",
                     requires_approval=True)
    wf = make_workflow(client, org, steps=[
        {"id": "pay", "type": "tool", "ref": tool["id"], "input": {"amount": 5}}])
    user = {"Authorization": f"Bearer {mint(client, org, 'rq-wes')['access_token']}"}
    seen = len(tools_server.seen)
    first = start_worker(settings)
    try:
        run = wait_for(client, org, start_run(client, user, wf["id"])["id"],
                       {"awaiting_approval", *FINAL})
    finally:
        stop(first)  # the process that ran the run is gone
    assert run["status"] == "awaiting_approval"
    with db.connection():
        assert WorkflowRun.get_by_id(run["id"]).lease_owner is None
    assert approve(client, run["id"], user, "step_pay")["status"] == "queued"
    time.sleep(0.5)
    assert wait_for(client, org, run["id"], {"queued"})["status"] == "queued"  # no worker yet
    assert len(tools_server.seen) == seen
    second = start_worker(settings)
    try:
        run = wait_for(client, org, run["id"], FINAL)
    finally:
        stop(second)
    assert run["status"] == "succeeded" and len(tools_server.seen) == seen + 1
    [decided] = run["steps"][0]["approvals"]
    assert decided["status"] == "approved"
    assert decided["decided_by"] == {"kind": "user", "user_id": "rq-wes"}
    assert run["attempt"] == 1  # a pause is not an execution attempt


def test_an_agent_steps_turn_paused_in_one_worker_continues_in_another(client, org, settings,
                                                                       model, tools_server):
    tool = http_tool(client, org, tools_server, name="refund", path="/refund",
                     requires_approval=True)
    agent = openai_agent(client, org, tool_ids=[tool["id"]])
    wf = make_workflow(client, org, steps=[
        {"id": "ask", "type": "agent", "ref": agent["id"], "input": "refund R-9"}])
    model.enqueue(tool_calls(("c1", "refund", {"order": "R-9"})), text("Refunded R-9."))
    seen = len(tools_server.seen)
    first = start_worker(settings)
    try:
        run = wait_for(client, org, start_run(client, org["headers"], wf["id"])["id"],
                       {"awaiting_approval", *FINAL})
    finally:
        stop(first)
    assert run["status"] == "awaiting_approval" and len(model.requests) == 1
    approve(client, run["id"], org["headers"], "c1")
    second = start_worker(settings)
    try:
        run = wait_for(client, org, run["id"], FINAL)
    finally:
        stop(second)
    assert run["status"] == "succeeded" and run["output"] == "Refunded R-9."
    assert len(model.requests) == 2 and len(tools_server.seen) == seen + 1
    assert run["steps"][0]["approvals"][0]["decided_by"]["kind"] == "api_key"
