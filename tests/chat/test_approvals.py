"""Tool approvals: a call of a tool that requires approval (or that the agent's
approval_tool_ids name) pauses the run in `awaiting_approval` without further model calls;
POST /v1/runs/{id}/approvals by the run's user or the API key approves (the call runs) or
denies (the model gets a denial); every decision is a step with who decided and when; a
timeout denies; chat turns stream the approval events and hold their thread."""
import datetime as dt
import json
import time

import pytest

from jobs import recovery
from core import db
from store.models import RunEvent
from tests.factories import assert_problem
from tests.factories_chat import post_chat
from tests.factories_identity import mint
from tests.factories_turns import http_tool, openai_agent
from tests.fixtures_turns import allow_loopback, model, org, tools_server  # noqa: F401 (fixtures)
from testkit import text, tool_calls
from tests.waiting import wait_until


def as_user(org, user_id):
    return {**org["headers"], "X-User-Id": user_id}


def start(client, agent, headers, message="go"):
    resp = client.post(f"/v1/agents/{agent['id']}/run", json={"input": message}, headers=headers)
    assert resp.status_code == 200, resp.text
    return resp.json()["run"]


def decide(client, run_id, headers, call_id, decision, status=200, **fields):
    resp = client.post(f"/v1/runs/{run_id}/approvals",
                       json={"call_id": call_id, "decision": decision, **fields}, headers=headers)
    assert resp.status_code == status, resp.text
    return resp.json()


def wait_final(client, org, run_id, timeout=20):
    return wait_until(lambda: client.get(f"/v1/runs/{run_id}",
                                         headers=org["headers"]).json()["run"], timeout,
                      f"run {run_id} to end", every=0.05,
                      done=lambda run: run["status"] in ("succeeded", "failed", "cancelled"))


def tool_results(request) -> dict:
    return {m["tool_call_id"]: m["content"] for m in request.body["messages"]
            if m["role"] == "tool"}


@pytest.fixture
def refund(client, org, tools_server):
    return http_tool(client, org, tools_server, name="refund", path="/refund",
                     requires_approval=True)


def test_approve_runs_the_call_and_records_who_decided(client, org, model, tools_server,
                                                       refund):
    model.reset()
    assert refund["requires_approval"] is True and refund["approval_timeout_s"] is None
    lookup = http_tool(client, org, tools_server, name="lookup", path="/lookup")
    agent = openai_agent(client, org, tool_ids=[refund["id"], lookup["id"]])
    model.enqueue(tool_calls(("c1", "refund", {"order": "A-1"}), ("c2", "lookup", {"q": 1})),
                  text("Refunded."))
    seen = len(tools_server.seen)
    run = start(client, agent, as_user(org, "ann"))
    assert run["status"] == "awaiting_approval" and run["output"] is None
    assert len(model.requests) == 1 and len(tools_server.seen) == seen  # nothing ran
    [waiting] = run["approvals"]
    assert waiting["call_id"] == "c1" and waiting["status"] == "pending"
    assert waiting["tool_id"] == refund["id"] and waiting["arguments"] == {"order": "A-1"}
    expires = dt.datetime.fromisoformat(waiting["expires_at"].rstrip("Z"))
    assert abs((expires - dt.datetime.utcnow()).total_seconds() - 86400) < 120  # 24 h default
    assert [s["type"] for s in run["steps"]] == ["model_call", "approval_requested"]
    time.sleep(0.3)
    assert len(model.requests) == 1  # no model tokens while waiting
    body = decide(client, run["id"], org["headers"], "c1", "approve", comment="ok by ops")
    assert body["run"]["status"] in ("queued", "running", "succeeded")
    run = wait_final(client, org, run["id"])
    assert run["status"] == "succeeded" and run["output"] == "Refunded."
    assert len(tools_server.seen) == seen + 2  # both calls ran after the approval
    assert set(tool_results(model.requests[-1])) == {"c1", "c2"}
    [decision] = [s for s in run["steps"] if s["type"] == "approval"]
    assert decision["decision"] == "approved" and decision["comment"] == "ok by ops"
    assert decision["decided_by"]["kind"] == "api_key" and decision["decided_by"]["api_key_id"]
    assert decision["decided_at"] and decision["tool_call_id"] == "c1"
    assert run["approvals"][0]["status"] == "approved"
    assert run["usage"]["model_calls"] == 2 and run["usage"]["tool_calls"] == 2
    assert [s["type"] for s in run["steps"]].count("model_call") == 2


def test_deny_gives_the_model_a_denial(client, org, model, tools_server, refund):
    model.reset()
    agent = openai_agent(client, org, tool_ids=[refund["id"]])
    model.enqueue(tool_calls(("c1", "refund", {"order": "B-2"})), text("I could not refund."))
    seen = len(tools_server.seen)
    tokens = mint(client, org, "bob")
    bob = {"Authorization": f"Bearer {tokens['access_token']}"}
    run = start(client, agent, bob)
    assert run["status"] == "awaiting_approval"
    decide(client, run["id"], bob, "c1", "deny", comment="over the limit")
    run = wait_final(client, org, run["id"])
    assert run["status"] == "succeeded" and len(tools_server.seen) == seen
    denial = json.loads(tool_results(model.requests[-1])["c1"])
    assert denial["error"]["code"] == "approval_denied"
    assert "over the limit" in denial["error"]["message"]
    [decision] = [s for s in run["steps"] if s["type"] == "approval"]
    assert decision["decision"] == "denied"
    assert decision["decided_by"] == {"kind": "user", "user_id": "bob"}
    failed = [s for s in run["steps"] if s["type"] == "tool_call"]
    assert failed[0]["status"] == "failed" and failed[0]["error"]["code"] == "approval_denied"


def test_who_may_decide(client, org, model, refund):
    model.reset()
    agent = openai_agent(client, org, tool_ids=[refund["id"]])
    model.enqueue(tool_calls(("c1", "refund", {})))
    run = start(client, agent, as_user(org, "cleo"))
    other = {"Authorization": f"Bearer {mint(client, org, 'dan')['access_token']}"}
    assert_problem(client.post(f"/v1/runs/{run['id']}/approvals",
                               json={"call_id": "c1", "decision": "approve"}, headers=other),
                   404)
    assert_problem(client.post(f"/v1/runs/{run['id']}/approvals",
                               json={"call_id": "c1", "decision": "approve"},
                               headers=as_user(org, "dan")), 404)
    assert_problem(client.post(f"/v1/runs/{run['id']}/approvals",
                               json={"call_id": "nope", "decision": "approve"},
                               headers=org["headers"]), 404, "approval_not_found")
    for bad in ({"call_id": "c1"}, {"call_id": "c1", "decision": "maybe"},
                {"call_id": "c1", "decision": "deny", "extra": 1}):
        assert_problem(client.post(f"/v1/runs/{run['id']}/approvals", json=bad,
                                   headers=org["headers"]), 400)
    from tests.factories import make_org

    foreign = make_org(client)
    assert_problem(client.post(f"/v1/runs/{run['id']}/approvals",
                               json={"call_id": "c1", "decision": "approve"},
                               headers=foreign["headers"]), 404)
    cleo = {"Authorization": f"Bearer {mint(client, org, 'cleo')['access_token']}"}
    model.enqueue(text("done"))
    decide(client, run["id"], cleo, "c1", "deny")
    assert_problem(client.post(f"/v1/runs/{run['id']}/approvals",
                               json={"call_id": "c1", "decision": "approve"},
                               headers=org["headers"]), 409)
    wait_final(client, org, run["id"])
    assert_problem(client.post(f"/v1/runs/{run['id']}/approvals",
                               json={"call_id": "c1", "decision": "approve"},
                               headers=org["headers"]), 409, "run_not_awaiting_approval")


def test_agent_level_approval_and_the_timeout(client, org, model, settings, tools_server):
    model.reset()
    plain = http_tool(client, org, tools_server, name="wire", path="/wire")
    assert plain["requires_approval"] is False
    agent = openai_agent(client, org, tool_ids=[plain["id"]], approval_tool_ids=[plain["id"]])
    assert agent["approval_tool_ids"] == [plain["id"]]
    model.enqueue(tool_calls(("c9", "wire", {"amount": 5})), text("Not sent."))
    seen = len(tools_server.seen)
    run = start(client, agent, as_user(org, "eve"))
    assert run["status"] == "awaiting_approval"
    expires = dt.datetime.fromisoformat(run["approvals"][0]["expires_at"].rstrip("Z"))
    assert recovery.sweep(settings, now=expires - dt.timedelta(seconds=5)).get(
        "approvals_timed_out") is None
    assert recovery.sweep(settings, now=expires + dt.timedelta(seconds=1))[
        "approvals_timed_out"] == 1
    run = wait_final(client, org, run["id"])
    assert run["status"] == "succeeded" and len(tools_server.seen) == seen
    denial = json.loads(tool_results(model.requests[-1])["c9"])
    assert denial["error"]["code"] == "approval_timed_out"
    [decision] = [s for s in run["steps"] if s["type"] == "approval"]
    assert decision["decided_by"] == {"kind": "timeout"} and decision["decision"] == "denied"


def test_tool_approval_settings_and_validation(client, org, tools_server):
    tool = http_tool(client, org, tools_server, name="slow-approval", path="/slow",
                     requires_approval=True, approval_timeout_s=120)
    assert tool["approval_timeout_s"] == 120
    resp = client.patch(f"/v1/tools/{tool['id']}", json={"requires_approval": False},
                        headers=org["headers"])
    assert resp.status_code == 200 and resp.json()["tool"]["requires_approval"] is False
    assert_problem(client.patch(f"/v1/tools/{tool['id']}", json={"approval_timeout_s": 5},
                                headers=org["headers"]), 400)
    assert_problem(client.post("/v1/agents", json={
        "name": "x", "approval_tool_ids": ["00000000-0000-4000-8000-000000000000"]},
        headers=org["headers"]), 404, "tool_not_found")


def test_chat_turns_stream_the_approval_and_hold_their_thread(client, org, model, refund):
    model.reset()
    agent = openai_agent(client, org, tool_ids=[refund["id"]])
    fay = as_user(org, "fay")
    model.enqueue(tool_calls(("c1", "refund", {"order": "C-3"})), text("Done."))
    turn = post_chat(client, fay, "refund C-3", agent_id=agent["id"])
    run_id, thread_id = turn["run"]["id"], turn["thread"]["id"]

    def kinds():
        with db.connection():
            return [(e.kind, e.data) for e in RunEvent.select().where(
                RunEvent.run_id == run_id).order_by(RunEvent.seq)]

    wait_until(lambda: "approval.requested" in [k for k, _ in kinds()], 20,
               "approval.requested")
    requested = dict(kinds())["approval.requested"]
    assert requested["call_id"] == "c1" and requested["name"] == "refund"
    assert requested["arguments"] == {"order": "C-3"} and requested["tool_id"] == refund["id"]
    assert [k for k, _ in kinds()] == ["run.started", "tool.called", "approval.requested"]
    assert_problem(client.post("/v1/chat", json={"agent_id": agent["id"], "message": "again",
                                                 "thread_id": thread_id}, headers=fay),
                   409, "turn_in_progress")
    decide(client, run_id, fay, "c1", "approve")
    wait_until(lambda: "run.completed" in [k for k, _ in kinds()], 20, "run.completed")
    order = [k for k, _ in kinds()]
    assert order == ["run.started", "tool.called", "approval.requested", "approval.decided",
                     "tool.result", "message.delta", "message.completed", "run.completed"]
    decided = dict(kinds())["approval.decided"]
    assert decided["decision"] == "approved" and decided["decided_by"]["kind"] == "api_key"
    assert decided["decided_by"]["user_id"] == "fay"


def test_cancel_while_waiting(client, org, model, refund):
    model.reset()
    agent = openai_agent(client, org, tool_ids=[refund["id"]])
    model.enqueue(tool_calls(("c1", "refund", {})))
    gus = as_user(org, "gus")
    turn = post_chat(client, gus, "refund", agent_id=agent["id"])
    wait_until(lambda: client.get(f"/v1/runs/{turn['run']['id']}", headers=org["headers"]).json()[
        "run"]["status"] == "awaiting_approval", 20, "the run to await approval")
    resp = client.delete("/v1/chat/stream", params={"thread_id": turn["thread"]["id"]},
                         headers=gus)
    assert resp.status_code == 202, resp.text
    assert resp.json()["run"]["status"] == "cancelled"
    assert_problem(client.post(f"/v1/runs/{turn['run']['id']}/approvals",
                               json={"call_id": "c1", "decision": "approve"},
                               headers=org["headers"]), 409, "run_not_awaiting_approval")
