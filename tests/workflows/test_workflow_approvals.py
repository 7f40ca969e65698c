"""Tool approvals in workflow runs: a tool step whose tool requires approval, and an agent step
whose turn paused for one, pause the workflow run in `awaiting_approval` (no lease, no
process, no model call); POST /v1/runs/{id}/approvals on the workflow run (its user's session
token or the API key) continues it: an approved call runs, a denied one fails its step; the
timeout denies; every decision is recorded in the run's steps; cancel ends a waiting run."""
import datetime as dt
import json
import time

import pytest

from jobs import recovery
from core import db
from store.models import WorkflowRun
from tests.factories import assert_problem
from tests.factories_identity import mint
from tests.factories_turns import http_tool, openai_agent
from tests.factories_workflows import make_workflow, start_run, wait_run
from tests.fixtures_turns import allow_loopback, model, org, tools_server  # noqa: F401 (fixtures)
from testkit import text, tool_calls

WAITING = {"awaiting_approval", "succeeded", "failed", "cancelled"}


def bearer(client, org, user_id):
    return {"Authorization": f"Bearer {mint(client, org, user_id)['access_token']}"}


def decide(client, run_id, headers, call_id, decision, status=200, **fields):
    resp = client.post(f"/v1/runs/{run_id}/approvals",
                       json={"call_id": call_id, "decision": decision, **fields}, headers=headers)
    assert resp.status_code == status, resp.text
    return resp.json()


@pytest.fixture
def payout(client, org, tools_server):
    return http_tool(client, org, tools_server, name="payout", path="/payout",
                     requires_approval=True)


def two_steps(client, org, tools_server, tool, **first):
    after = http_tool(client, org, tools_server, name="notify", path="/notify")
    return make_workflow(client, org, steps=[
        {"id": "pay", "type": "tool", "ref": tool["id"], "input": {"amount": "{{input.n}}"},
         **first},
        {"id": "tell", "type": "tool", "ref": after["id"], "input": {"paid": "{{steps.pay.output}}"}}])


def test_a_tool_step_waits_and_an_approval_continues_the_run(client, org, tools_server,
                                                            payout):
    wf = two_steps(client, org, tools_server, payout)
    wes = bearer(client, org, "wes")
    seen = len(tools_server.seen)
    run = start_run(client, wes, wf["id"], {"n": 7})
    run = wait_run(client, org["headers"], run["id"], until=WAITING)
    assert run["status"] == "awaiting_approval" and run["finished_at"] is None
    pay, tell = run["steps"]
    assert pay["status"] == "awaiting_approval" and tell["status"] == "pending"
    [waiting] = pay["approvals"]
    assert waiting["call_id"] == "step_pay" and waiting["tool_id"] == payout["id"]
    assert waiting["name"] == "payout" and waiting["arguments"] == {"amount": 7}
    assert waiting["status"] == "pending" and waiting["decided_by"] is None
    expires = dt.datetime.fromisoformat(waiting["expires_at"].rstrip("Z"))
    assert abs((expires - dt.datetime.utcnow()).total_seconds() - 86400) < 120  # 24 h default
    with db.connection():
        row = WorkflowRun.get_by_id(run["id"])
        assert row.lease_owner is None and row.approval_expires_at is not None  # no process
    time.sleep(0.3)
    assert len(tools_server.seen) == seen  # nothing ran while it waits
    listed = client.get("/v1/workflow-runs?status=awaiting_approval", headers=wes).json()["runs"]
    assert [r["id"] for r in listed] == [run["id"]]

    assert_problem(client.post(f"/v1/runs/{run['id']}/approvals",
                               json={"call_id": "step_pay", "decision": "approve"},
                               headers=bearer(client, org, "xan")), 404)
    assert_problem(client.post(f"/v1/runs/{run['id']}/approvals",
                               json={"call_id": "nope", "decision": "approve"},
                               headers=wes), 404, "approval_not_found")
    body = decide(client, run["id"], wes, "step_pay", "approve", comment="fine")
    assert body["run"]["id"] == run["id"] and body["run"]["workflow_id"] == wf["id"]
    assert body["run"]["status"] in ("queued", "running", "succeeded")
    run = wait_run(client, org["headers"], run["id"])
    assert run["status"] == "succeeded", run
    assert len(tools_server.seen) == seen + 2
    assert tools_server.seen[seen]["json"] == {"amount": 7}
    pay = run["steps"][0]
    assert pay["status"] == "succeeded" and pay["attempts"] == 1
    [decided] = pay["approvals"]
    assert decided["status"] == "approved" and decided["comment"] == "fine"
    assert decided["decided_by"] == {"kind": "user", "user_id": "wes"}
    assert decided["decided_at"] is not None
    assert_problem(client.post(f"/v1/runs/{run['id']}/approvals",
                               json={"call_id": "step_pay", "decision": "deny"},
                               headers=org["headers"]), 409, "run_not_awaiting_approval")


def test_a_denial_fails_the_step(client, org, tools_server, payout):
    wf = two_steps(client, org, tools_server, payout)
    seen = len(tools_server.seen)
    run = wait_run(client, org["headers"], start_run(client, org["headers"], wf["id"],
                                                     {"n": 1})["id"], until=WAITING)
    decide(client, run["id"], org["headers"], "step_pay", "deny", comment="not today")
    run = wait_run(client, org["headers"], run["id"])
    assert run["status"] == "failed" and len(tools_server.seen) == seen
    pay, tell = run["steps"]
    assert pay["status"] == "failed" and pay["error"]["code"] == "approval_denied"
    assert "not today" in pay["error"]["message"] and pay["attempts"] == 1
    assert pay["approvals"][0]["decided_by"]["kind"] == "api_key"
    assert tell["status"] == "skipped"
    assert run["error"]["code"] == "step_failed" and run["error"]["step_id"] == "pay"

    lenient = two_steps(client, org, tools_server, payout, continue_on_error=True, retries=2)
    run = wait_run(client, org["headers"], start_run(client, org["headers"], lenient["id"],
                                                     {"n": 2})["id"], until=WAITING)
    decide(client, run["id"], org["headers"], "step_pay", "deny")
    run = wait_run(client, org["headers"], run["id"])
    assert run["status"] == "succeeded"  # continue_on_error: the next step runs
    assert [s["status"] for s in run["steps"]] == ["failed", "succeeded"]
    assert run["steps"][0]["attempts"] == 1  # a denial is not retried
    assert len(tools_server.seen) == seen + 1


def test_the_timeout_denies(client, org, settings, tools_server):
    slow = http_tool(client, org, tools_server, name="slowpay", path="/slowpay",
                     requires_approval=True, approval_timeout_s=120)
    wf = two_steps(client, org, tools_server, slow)
    run = wait_run(client, org["headers"], start_run(client, org["headers"], wf["id"],
                                                     {"n": 3})["id"], until=WAITING)
    expires = dt.datetime.fromisoformat(run["steps"][0]["approvals"][0]["expires_at"]
                                        .rstrip("Z"))
    assert abs((expires - dt.datetime.utcnow()).total_seconds() - 120) < 30
    assert recovery.sweep(settings, now=expires - dt.timedelta(seconds=5)).get(
        "approvals_timed_out") is None
    assert recovery.sweep(settings, now=expires + dt.timedelta(seconds=1))[
        "approvals_timed_out"] == 1
    run = wait_run(client, org["headers"], run["id"])
    assert run["status"] == "failed"
    pay = run["steps"][0]
    assert pay["error"]["code"] == "approval_timed_out"
    assert pay["approvals"][0]["decided_by"] == {"kind": "timeout"}


def test_an_agent_step_waits_for_its_turns_approval(client, org, model, tools_server,
                                                   payout):
    model.reset()
    agent = openai_agent(client, org, tool_ids=[payout["id"]])
    wf = make_workflow(client, org, steps=[
        {"id": "ask", "type": "agent", "ref": agent["id"], "input": "pay {{input.who}}"}])
    model.enqueue(tool_calls(("c1", "payout", {"to": "ann"})), text("Paid ann."))
    seen = len(tools_server.seen)
    yan = bearer(client, org, "yan")
    run = wait_run(client, org["headers"], start_run(client, yan, wf["id"],
                                                     {"who": "ann"})["id"], until=WAITING)
    assert run["status"] == "awaiting_approval", run
    [ask] = run["steps"]
    assert ask["status"] == "awaiting_approval" and ask["run_id"]
    [waiting] = ask["approvals"]
    assert waiting["call_id"] == "c1" and waiting["arguments"] == {"to": "ann"}
    time.sleep(0.3)
    assert len(model.requests) == 1 and len(tools_server.seen) == seen  # no tokens meanwhile
    turn = client.get(f"/v1/runs/{ask['run_id']}", headers=org["headers"]).json()["run"]
    assert turn["status"] == "awaiting_approval" and turn["workflow_run_id"] == run["id"]

    decide(client, run["id"], yan, "c1", "approve")  # on the workflow run's id
    run = wait_run(client, org["headers"], run["id"])
    assert run["status"] == "succeeded" and run["output"] == "Paid ann."
    assert len(tools_server.seen) == seen + 1 and len(model.requests) == 2
    ask = run["steps"][0]
    assert ask["approvals"][0]["status"] == "approved"
    assert ask["approvals"][0]["decided_by"] == {"kind": "user", "user_id": "yan"}
    assert ask["usage"]["model_calls"] == 2
    turn = client.get(f"/v1/runs/{ask['run_id']}", headers=org["headers"]).json()["run"]
    assert turn["status"] == "succeeded"
    assert [s["decision"] for s in turn["steps"] if s["type"] == "approval"] == ["approved"]

    # deciding on the turn's own id continues the workflow run as well; the model gets the denial
    model.enqueue(tool_calls(("c2", "payout", {"to": "bo"})), text("Not paid."))
    run = wait_run(client, org["headers"], start_run(client, org["headers"], wf["id"],
                                                     {"who": "bo"})["id"], until=WAITING)
    decide(client, run["steps"][0]["run_id"], org["headers"], "c2", "deny", comment="no")
    run = wait_run(client, org["headers"], run["id"])
    assert run["status"] == "succeeded" and run["output"] == "Not paid."
    denial = json.loads(next(m["content"] for m in model.requests[-1].body["messages"]
                             if m["role"] == "tool"))
    assert denial["error"]["code"] == "approval_denied"
    assert run["steps"][0]["approvals"][0]["status"] == "denied"
    assert len(tools_server.seen) == seen + 1


def test_cancel_while_waiting(client, org, model, tools_server, payout):
    model.reset()
    agent = openai_agent(client, org, tool_ids=[payout["id"]])
    wf = make_workflow(client, org, steps=[
        {"id": "ask", "type": "agent", "ref": agent["id"], "input": "pay"},
        {"id": "then", "type": "tool", "ref": payout["id"], "input": {}}])
    model.enqueue(tool_calls(("c1", "payout", {})))
    run = wait_run(client, org["headers"], start_run(client, org["headers"], wf["id"])["id"],
                   until=WAITING)
    resp = client.post(f"/v1/workflow-runs/{run['id']}/cancel", headers=org["headers"])
    assert resp.status_code == 200 and resp.json()["run"]["status"] == "cancelled"
    run = resp.json()["run"]
    assert [s["status"] for s in run["steps"]] == ["cancelled", "skipped"]
    turn = client.get(f"/v1/runs/{run['steps'][0]['run_id']}", headers=org["headers"]).json()
    assert turn["run"]["status"] == "cancelled"
    assert_problem(client.post(f"/v1/runs/{run['id']}/approvals",
                               json={"call_id": "c1", "decision": "approve"},
                               headers=org["headers"]), 409, "run_not_awaiting_approval")


def test_a_workflow_called_as_a_tool_cannot_wait(client, org, model, settings, payout):
    """Nobody could answer inside the calling turn's tool call: the workflow run is cancelled
    and the model gets `workflow_awaiting_approval`."""
    import uuid

    from runtime.turns import service as turns

    model.reset()
    wf = make_workflow(client, org, name="Pay out", steps=[
        {"id": "pay", "type": "tool", "ref": payout["id"], "input": {}}])
    agent = openai_agent(client, org, name="clerk")
    cfg = {"id": str(uuid.uuid4()), "name": "net", "environment": "dev",
           "agents": [{"agent_id": agent["id"], "agent_version_id": None}],
           "workflows": [{"workflow_id": wf["id"]}], "handoff_prompt": None,
           "followup_instructions": []}
    model.enqueue(tool_calls(("c1", "workflow_Pay_out", {})), text("It needs approval."))
    with db.connection():
        run = turns.start(settings=settings, org_id=org["id"], input="pay", network=cfg,
                          copilot_id=cfg["id"])
        run = turns.execute(settings=settings, org_id=org["id"], run_id=run.id, network=cfg)
    assert run.status == "succeeded" and run.output == "It needs approval."
    answer = json.loads(next(m["content"] for m in model.requests[-1].body["messages"]
                             if m["role"] == "tool"))
    assert answer["error"]["code"] == "workflow_awaiting_approval"
    [wf_run] = client.get(f"/v1/workflow-runs?workflow_id={wf['id']}",
                          headers=org["headers"]).json()["runs"]
    assert wf_run["status"] == "cancelled" and wf_run["trigger"] == "agent"
    assert wf_run["steps"][0]["status"] == "cancelled"
    assert wf_run["steps"][0]["approvals"][0]["call_id"] == "step_pay"


def test_a_turn_decided_before_its_workflow_run_paused_is_continued_at_once(
        client, org, model, tools_server, payout):
    """The executor pauses the workflow run just after the step's turn paused; a decision on
    the turn in between finds the run still running: the pause then sees the turn decided
    (with the decision) and the executor continues instead of waiting."""
    from store import workflow_approvals

    model.reset()
    agent = openai_agent(client, org, tool_ids=[payout["id"]])
    wf = make_workflow(client, org, steps=[
        {"id": "ask", "type": "agent", "ref": agent["id"], "input": "pay"}])
    model.enqueue(tool_calls(("c1", "payout", {})))
    run = wait_run(client, org["headers"], start_run(client, org["headers"], wf["id"])["id"],
                   until=WAITING)
    turn_id = run["steps"][0]["run_id"]
    with db.connection():  # as if its executor had not recorded the pause yet
        WorkflowRun.update(status="running", lease_owner="t0k").where(
            WorkflowRun.id == run["id"]).execute()
    decided = decide(client, turn_id, org["headers"], "c1", "approve")["run"]
    assert decided["status"] == "queued" and "kind" in decided  # the turn's id: the turn
    with db.connection():
        assert WorkflowRun.get_by_id(run["id"]).status == "running"  # not queued by it
        outcome, calls = workflow_approvals.pause(run_id=run["id"], token="t0k",
                                                  steps=run["steps"], usage=None,
                                                  child_id=turn_id)
        assert WorkflowRun.get_by_id(run["id"]).status == "running"
    assert outcome == "decided"
    assert [(c["call_id"], c["status"]) for c in calls] == [("c1", "approved")]
    assert calls[0]["decided_by"]["kind"] == "api_key"
