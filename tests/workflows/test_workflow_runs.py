"""Runs against a real HTTP tool server: templates between steps, per-step results, failures,
continue_on_error, retries, timeouts, unavailable step types, cancel, filters, isolation and
session tokens. Jobs run in-process on SQLite and on real `agent-platform worker` processes
with Postgres + Redis."""
import time
import uuid

import pytest

from tests.factories import assert_problem, list_all, make_org, pages
from tests.factories_workflows import (ToolServer, install_sessions, make_workflow, post_tool,
                                       session, start_run, tool_step, wait_run)
from tests.fixtures_workflows import settings, worker  # noqa: F401 (module fixtures)
from tests.waiting import scaled


@pytest.fixture(scope="module")
def server():
    s = ToolServer()
    yield s
    s.close()


@pytest.fixture(scope="module")
def other(client):
    return make_org(client)


def tool(client, org, server, path, **kw):
    return post_tool(client, org, server, path, **kw)


def test_steps_pass_outputs_through_templates(client, org, server, settings):
    echo, add = tool(client, org, server, "/echo"), tool(client, org, server, "/add")
    wf = make_workflow(client, org, input_schema={
        "type": "object", "required": ["city", "n"],
        "properties": {"city": {"type": "string"}, "n": {"type": "integer"}}}, steps=[
        tool_step("a", echo, input={"city": "{{input.city}}", "n": "{{input.n}}"}),
        tool_step("b", add, input={"a": "{{steps.a.output.json.n}}", "b": 5}),
        tool_step("c", echo, input={"text": "{{steps.a.output.json.city}} has {{steps.b.output.sum}}"}),
    ])
    run = start_run(client, org["headers"], wf["id"], {"city": "Lyon", "n": 2})
    assert run["status"] == "queued" and run["trigger"] == "api" and run["attempt"] == 0
    assert [s["status"] for s in run["steps"]] == ["pending"] * 3
    run = wait_run(client, org["headers"], run["id"])
    assert run["status"] == "succeeded", run
    a, b, c = run["steps"]
    assert a["input"] == {"city": "Lyon", "n": 2}
    assert b["input"] == {"a": 2, "b": 5} and b["output"] == {"sum": 7}
    assert c["output"]["json"] == {"text": "Lyon has 7"}
    assert run["output"] == c["output"] and run["error"] is None
    for s in run["steps"]:
        assert s["status"] == "succeeded" and s["attempts"] == 1 and s["error"] is None
        assert s["started_at"] <= s["finished_at"] and s["duration_ms"] >= 0
        assert s["usage"] == {"tool_calls": 1}
    assert run["usage"] == {"tool_calls": 3} and run["attempt"] == 1
    assert run["started_at"] <= run["finished_at"]
    if settings.redis_url:  # executed by the worker process, as an RQ job
        from rq import Queue

        from core.redis_client import connection as redis_connection
        queue = Queue(settings.workflow_queue, connection=redis_connection(settings.redis_url))
        assert f"run-{run['id']}-0" in queue.finished_job_registry.get_job_ids()


def test_input_is_validated_against_the_schema(client, org):
    wf = make_workflow(client, org, input_schema={"type": "object", "required": ["q"],
                                                  "properties": {"q": {"type": "string"}}})
    resp = client.post(f"/v1/workflows/{wf['id']}/run", json={"input": {"q": 1}},
                       headers=org["headers"])
    assert_problem(resp, 400, "workflow_input_invalid")
    assert_problem(client.post(f"/v1/workflows/{wf['id']}/run", json={}, headers=org["headers"]),
                   400, "workflow_input_invalid")
    assert_problem(client.post(f"/v1/workflows/{uuid.uuid4()}/run", json={},
                               headers=org["headers"]), 404)


def test_a_failed_step_fails_the_run_and_skips_the_rest(client, org, server):
    bad, echo = tool(client, org, server, "/fail/500"), tool(client, org, server, "/echo")
    wf = make_workflow(client, org, steps=[tool_step("a", echo), tool_step("b", bad),
                                           tool_step("c", echo)])
    run = wait_run(client, org["headers"], start_run(client, org["headers"], wf["id"])["id"])
    assert run["status"] == "failed"
    assert [s["status"] for s in run["steps"]] == ["succeeded", "failed", "skipped"]
    assert run["steps"][1]["error"]["code"] == "http_error"
    assert run["error"]["code"] == "step_failed" and run["error"]["step_id"] == "b"


def test_continue_on_error_keeps_going(client, org, server):
    bad, echo = tool(client, org, server, "/fail/404"), tool(client, org, server, "/echo")
    wf = make_workflow(client, org, steps=[tool_step("a", bad, continue_on_error=True),
                                           tool_step("b", echo, input={"prev": "{{steps.a.output.path}}"})])
    run = wait_run(client, org["headers"], start_run(client, org["headers"], wf["id"])["id"])
    assert run["status"] == "succeeded"
    assert run["steps"][0]["status"] == "failed" and run["steps"][0]["error"]["code"] == "http_error"
    assert run["steps"][1]["input"] == {"prev": "/fail/404"}


def test_retries_until_success_or_exhausted(client, org, server):
    key = uuid.uuid4().hex[:8]
    flaky = tool(client, org, server, f"/flaky/{key}/2")
    wf = make_workflow(client, org, steps=[tool_step("a", flaky, retries=2)])
    run = wait_run(client, org["headers"], start_run(client, org["headers"], wf["id"])["id"])
    assert run["status"] == "succeeded" and run["steps"][0]["attempts"] == 3
    assert server.count(f"/flaky/{key}/2") == 3

    key = uuid.uuid4().hex[:8]
    flaky = tool(client, org, server, f"/flaky/{key}/5")
    wf = make_workflow(client, org, steps=[tool_step("a", flaky, retries=1)])
    run = wait_run(client, org["headers"], start_run(client, org["headers"], wf["id"])["id"])
    assert run["status"] == "failed" and run["steps"][0]["attempts"] == 2
    assert server.count(f"/flaky/{key}/5") == 2


def test_step_timeout_with_retry(client, org, server):
    slow = tool(client, org, server, "/sleep/1.5")
    wf = make_workflow(client, org, steps=[tool_step("a", slow, timeout_ms=200, retries=1)])
    run = wait_run(client, org["headers"], start_run(client, org["headers"], wf["id"])["id"])
    assert run["status"] == "failed"
    step = run["steps"][0]
    # two 200 ms attempts that timed out, not the tool's 1.5 s answer
    assert step["error"]["code"] == "step_timeout" and step["attempts"] == 2
    assert 150 <= step["duration_ms"] < scaled(1.4) * 1000


@pytest.mark.parametrize("kind", ["agent", "copilot"])
def test_agent_and_copilot_steps_that_cannot_run_fail_without_retry(client, org, server, kind):
    ref = str(uuid.uuid4())
    if kind == "agent":
        from core import db
        from store.models import Agent
        with db.connection():
            ref = Agent.create(org=org["id"], name="a1").id
    else:
        ref = client.post("/v1/copilots", json={"name": "n"},
                          headers=org["headers"]).json()["copilot"]["id"]
    echo = tool(client, org, server, "/echo")
    wf = make_workflow(client, org, steps=[{"id": "x", "type": kind, "ref": ref, "retries": 3,
                                            "input": "hello"},
                                           tool_step("after", echo)])
    run = wait_run(client, org["headers"], start_run(client, org["headers"], wf["id"])["id"])
    assert run["status"] == "failed"
    # an agent that was never built; a network without agents
    expected = "agent_not_built" if kind == "agent" else "network_empty"
    assert run["steps"][0]["error"]["code"] == expected
    assert run["steps"][0]["attempts"] == 1  # not retried: another attempt cannot help
    assert run["steps"][1]["status"] == "skipped"


def test_a_deleted_tool_fails_its_step(client, org, server):
    gone = tool(client, org, server, "/echo")
    wf = make_workflow(client, org, steps=[tool_step("a", gone)])
    assert client.delete(f"/v1/tools/{gone['id']}", headers=org["headers"]).status_code == 200
    run = wait_run(client, org["headers"], start_run(client, org["headers"], wf["id"])["id"])
    assert run["status"] == "failed" and run["steps"][0]["error"]["code"] == "tool_not_found"


def test_cancel_a_running_run(client, org, server):
    slow, echo = tool(client, org, server, "/sleep/3"), tool(client, org, server, "/echo")
    wf = make_workflow(client, org, steps=[tool_step("a", slow), tool_step("b", echo)])
    run = start_run(client, org["headers"], wf["id"])
    wait_run(client, org["headers"], run["id"], until={"running"})
    started = time.monotonic()
    resp = client.post(f"/v1/workflow-runs/{run['id']}/cancel", headers=org["headers"])
    assert resp.status_code == 200, resp.text
    assert resp.json()["run"]["cancel_requested"] is True
    run = wait_run(client, org["headers"], run["id"])
    assert time.monotonic() - started < scaled(2.5)  # the 3 s tool call was cut short
    assert run["status"] == "cancelled" and run["error"]["code"] == "cancelled"
    assert [s["status"] for s in run["steps"]] == ["cancelled", "skipped"]
    again = client.post(f"/v1/workflow-runs/{run['id']}/cancel", headers=org["headers"])
    assert again.status_code == 200 and again.json()["run"]["status"] == "cancelled"


def test_cancel_a_queued_run_and_a_finished_one(client, org):
    from store import workflow_runs
    from core import db

    wf = make_workflow(client, org)
    with db.connection():  # recorded, not yet picked up by a worker
        queued = workflow_runs.create(org_id=org["id"], workflow_id=wf["id"], input={})
    resp = client.post(f"/v1/workflow-runs/{queued.id}/cancel", headers=org["headers"])
    assert resp.status_code == 200 and resp.json()["run"]["status"] == "cancelled"
    done = wait_run(client, org["headers"], start_run(client, org["headers"], wf["id"])["id"])
    assert done["status"] == "succeeded" and done["output"] is None
    assert_problem(client.post(f"/v1/workflow-runs/{done['id']}/cancel", headers=org["headers"]),
                   409, "run_finished")


def test_list_filters_and_isolation(client, org, other):
    wf1, wf2 = make_workflow(client, org), make_workflow(client, org)
    r1 = wait_run(client, org["headers"], start_run(client, org["headers"], wf1["id"])["id"])
    r2 = wait_run(client, org["headers"], start_run(client, org["headers"], wf2["id"])["id"])
    page = client.get(f"/v1/workflow-runs?workflow_id={wf1['id']}", headers=org["headers"]).json()
    assert [r["id"] for r in page["runs"]] == [r1["id"]] and page["next_cursor"] is None
    ids = [r["id"] for r in list_all(client, "/v1/workflow-runs?status=succeeded", "runs",
                                     org["headers"])]
    assert ids.index(r2["id"]) < ids.index(r1["id"])  # newest first
    assert client.get("/v1/workflow-runs?status=nope", headers=org["headers"]).status_code == 400
    h = other["headers"]
    assert_problem(client.get(f"/v1/workflow-runs/{r1['id']}", headers=h), 404)
    assert_problem(client.post(f"/v1/workflow-runs/{r1['id']}/cancel", headers=h), 404)
    assert_problem(client.post(f"/v1/workflows/{wf1['id']}/run", json={}, headers=h), 404)
    assert client.get("/v1/workflow-runs", headers=h).json() == {"runs": [], "next_cursor": None}


def test_session_tokens_reach_only_their_users_runs(client, org, monkeypatch):
    install_sessions(monkeypatch)
    wf = make_workflow(client, org)
    alice, bob = session(org, "alice"), session(org, "bob")
    mine = start_run(client, alice, wf["id"])
    assert mine["user_id"] == "alice"
    mine = wait_run(client, alice, mine["id"])
    org_run = wait_run(client, org["headers"], start_run(client, org["headers"], wf["id"])["id"])
    assert org_run["user_id"] is None
    assert_problem(client.get(f"/v1/workflow-runs/{mine['id']}", headers=bob), 404)
    assert_problem(client.post(f"/v1/workflow-runs/{mine['id']}/cancel", headers=bob), 404)
    assert_problem(client.get(f"/v1/workflow-runs/{org_run['id']}", headers=alice), 404)
    assert [r["id"] for r in client.get("/v1/workflow-runs", headers=alice).json()["runs"]] == [mine["id"]]
    assert client.get("/v1/workflow-runs", headers=bob).json()["runs"] == []
    seen = {r["id"] for r in list_all(client, "/v1/workflow-runs", "runs", org["headers"])}
    assert {mine["id"], org_run["id"]} <= seen  # the API key sees the whole organization
