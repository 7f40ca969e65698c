"""AG-UI endpoints checked with AG-UI's own event types (the `ag-ui-protocol` package): a
network's streamed turn with a handoff and a tool call, a thread continued by the client's
threadId, an approval surfaced as an interrupt and answered with `resume`, and the errors
before a stream starts. Turns run in-process on SQLite and on a real `agent-platform worker`
(RQ) with Postgres + Redis."""
import json
import subprocess
import sys

import pytest
from ag_ui.core import Event, RunAgentInput
from pydantic import TypeAdapter

from tests.factories import assert_problem, make_org
from tests.factories_identity import mint
from tests.factories_tools import EchoServer, make_provider, make_tool
from tests.factories_turns import MODEL, use_model_server
from tests.factories_workflows import ROOT, stop, wf_settings, worker_env
from testkit import OpenAIServer, text, tool_calls

EVENTS = TypeAdapter(Event)


@pytest.fixture(scope="module")
def model():
    with OpenAIServer() as server:
        yield server


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"), model_max_retries=0)


@pytest.fixture(scope="module", autouse=True)
def worker(app, settings):
    process = None
    if settings.redis_url:
        process = subprocess.Popen([sys.executable, "-m", "server.cli", "worker"],
                                   env=worker_env(settings), cwd=ROOT,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    yield
    if process is not None:
        stop(process)


@pytest.fixture(scope="module")
def tools_server():
    server = EchoServer()
    yield server
    server.close()


def _post(http, headers, path, body, status=201):
    resp = http.post(path, json=body, headers=headers)
    assert resp.status_code == status, resp.text
    return resp.json()


def run_input(thread_id: str, run_id: str, messages: list, **fields) -> dict:
    """A RunAgentInput as AG-UI's models write it (camelCase)."""
    return RunAgentInput(thread_id=thread_id, run_id=run_id, messages=messages,
                         **fields).model_dump(by_alias=True, exclude_none=True)


def agui(http, path: str, headers: dict, body: dict) -> list:
    """The run's events, each validated as an AG-UI event."""
    events = []
    with http.stream("POST", path, json=body, headers=headers) as resp:
        assert resp.status_code == 200, resp.read()
        assert resp.headers["content-type"].startswith("text/event-stream")
        for line in resp.iter_lines():
            if line.startswith("data: "):
                events.append(EVENTS.validate_python(json.loads(line[6:])))
    return events


def types(events) -> list[str]:
    """The events' types, a run of TEXT_MESSAGE_CONTENT counted once."""
    found = []
    for e in events:
        if not (found and found[-1] == e.type.value == "TEXT_MESSAGE_CONTENT"):
            found.append(e.type.value)
    return found


def test_a_network_turn_as_ag_ui_events(http, model, tools_server):
    org = make_org(http)
    use_model_server(http, org, model)
    provider = make_provider(http, org, base_url=tools_server.url)
    tool = make_tool(http, org, provider["id"], name="orders", method="POST", path="/orders")
    agent = {"model": {"provider": "openai", "name": MODEL}}
    front = _post(http, org["headers"], "/v1/agents",
                  {"name": "Front", "instructions": "Route.", **agent})["agent"]
    orders = _post(http, org["headers"], "/v1/agents",
                   {"name": "Orders", "description": "Order questions",
                    "tool_ids": [tool["id"]], "instructions": "Look up.", **agent})["agent"]
    net = _post(http, org["headers"], "/v1/copilots", {
        "name": "Shop", "agents": [{"agentId": front["id"]}, {"agentId": orders["id"]}],
        "handoff_prompt": "Send order questions to Orders."})["copilot"]
    session = {"Authorization": f"Bearer {mint(http, org, 'ana')['access_token']}"}
    model.reset()
    model.enqueue(tool_calls(("handoff_to_Orders", {"reason": "order question"})),
                  tool_calls(("orders", {"order": "A7"})), text("Order A7 ships today."))
    path = f"/v1/copilots/{net['id']}/ag-ui"
    events = agui(http, path, session, run_input(
        "client-thread-1", "client-run-1", [{"id": "m1", "role": "user", "content": "A7?"}]))
    assert types(events) == [
        "RUN_STARTED", "STEP_STARTED", "STEP_FINISHED", "STEP_STARTED",
        "TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END", "TOOL_CALL_RESULT",
        "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END", "STEP_FINISHED",
        "RUN_FINISHED"]
    assert (events[0].thread_id, events[0].run_id) == ("client-thread-1", "client-run-1")
    assert [e.step_name for e in events if "STEP" in e.type.value] == [
        "Front", "Front", "Orders", "Orders"]
    start, args = events[4], events[5]
    assert start.tool_call_name == "orders" and json.loads(args.delta) == {"order": "A7"}
    assert events[7].tool_call_id == start.tool_call_id
    assert "".join(e.delta for e in events if e.type.value == "TEXT_MESSAGE_CONTENT") == \
        "Order A7 ships today."
    finished = events[-1]
    assert finished.outcome.type == "success" and finished.run_id == "client-run-1"
    assert finished.usage[0].input_tokens > 0
    run_id = finished.result["run_id"]
    run = http.get(f"/v1/runs/{run_id}", headers=org["headers"]).json()["run"]
    assert run["user_id"] == "ana" and run["copilot_id"] == net["id"]

    # the same client thread goes on in the same thread of ana's
    model.enqueue(text("Anything else?"))
    again = agui(http, path, session, run_input("client-thread-1", "client-run-2", [
        {"id": "m1", "role": "user", "content": "A7?"},
        {"id": "m2", "role": "assistant", "content": "Order A7 ships today."},
        {"id": "m3", "role": "user", "content": "thanks"}]))
    assert again[-1].outcome.type == "success"
    assert again[-1].result["thread_id"] == finished.result["thread_id"]
    said = http.get("/v1/messages", params={"thread_id": finished.result["thread_id"]},
                    headers=session).json()["messages"]
    assert [m["content"] for m in said] == ["A7?", "Order A7 ships today.", "thanks",
                                            "Anything else?"]
    # another user of the organization gets a thread of their own for the same client id
    model.enqueue(text("Hello Ben."))
    ben = {"Authorization": f"Bearer {mint(http, org, 'ben')['access_token']}"}
    other = agui(http, path, ben, run_input("client-thread-1", "client-run-3", [
        {"id": "m1", "role": "user", "content": "hi"}]))
    assert other[-1].result["thread_id"] != finished.result["thread_id"]


def test_an_approval_is_an_interrupt_answered_with_resume(http, model, tools_server):
    org = make_org(http)
    use_model_server(http, org, model)
    provider = make_provider(http, org, base_url=tools_server.url)
    refund = make_tool(http, org, provider["id"], name="refund", method="POST",
                       path="/refund", requires_approval=True)
    agent = _post(http, org["headers"], "/v1/agents", {
        "name": "Refunds", "instructions": "Refund.", "tool_ids": [refund["id"]],
        "model": {"provider": "openai", "name": MODEL}})["agent"]
    headers = {**org["headers"], "X-User-Id": "cy"}
    path = f"/v1/agents/{agent['id']}/ag-ui"
    model.reset()
    model.enqueue(tool_calls(("c1", "refund", {"order": "A-1"})), text("Refunded."))
    seen = len(tools_server.seen)
    paused = agui(http, path, headers, run_input("t-refund", "r1", [
        {"id": "m1", "role": "user", "content": "refund A-1"}]))
    assert types(paused) == ["RUN_STARTED", "STEP_STARTED", "TOOL_CALL_START",
                             "TOOL_CALL_ARGS", "TOOL_CALL_END", "STEP_FINISHED",
                             "RUN_FINISHED"]
    outcome = paused[-1].outcome
    assert outcome.type == "interrupt"
    [interrupt] = outcome.interrupts
    assert interrupt.id == "c1" and interrupt.tool_call_id == "c1"
    assert interrupt.response_schema["required"] == ["decision"]
    assert len(tools_server.seen) == seen  # nothing ran yet
    # a new message while the run waits is refused; the interrupt must be answered
    assert_problem(http.post(path, json=run_input("t-refund", "r2", [
        {"id": "m2", "role": "user", "content": "hello?"}]), headers=headers), 409)
    resumed = agui(http, path, headers, run_input(
        "t-refund", "r3", [], resume=[{"interruptId": "c1", "status": "resolved",
                                       "payload": {"decision": "approve"}}]))
    assert types(resumed)[:3] == ["RUN_STARTED", "STEP_STARTED", "CUSTOM"]
    assert resumed[2].name == "approval.decided" and resumed[2].value["decision"] == "approved"
    assert "TOOL_CALL_RESULT" in types(resumed) and resumed[-1].outcome.type == "success"
    assert "".join(e.delta for e in resumed if e.type.value == "TEXT_MESSAGE_CONTENT") == \
        "Refunded."
    assert len(tools_server.seen) == seen + 1
    # nothing waits any more
    assert_problem(http.post(path, json=run_input("t-refund", "r4", [], resume=[
        {"interruptId": "c1", "status": "resolved", "payload": {"decision": "approve"}}]),
        headers=headers), 409, "run_not_awaiting_approval")


def test_errors_before_the_stream(http, model):
    org = make_org(http)
    agent = _post(http, org["headers"], "/v1/agents", {
        "name": "Echo", "instructions": "Echo.",
        "model": {"provider": "echo", "name": "echo"}})["agent"]
    headers = {**org["headers"], "X-User-Id": "dee"}
    body = run_input("t1", "r1", [{"id": "m1", "role": "user", "content": "hi"}])
    assert_problem(http.post("/v1/agents/00000000-0000-4000-8000-000000000000/ag-ui",
                             json=body, headers=headers), 404)
    assert_problem(http.post(f"/v1/agents/{agent['id']}/ag-ui", json=body,
                             headers=org["headers"]), 400, "user_required")
    assert_problem(http.post(f"/v1/agents/{agent['id']}/ag-ui", json=run_input(
        "t1", "r1", [{"id": "m1", "role": "assistant", "content": "hi"}]), headers=headers),
        400, "invalid_messages")
    assert_problem(http.post(f"/v1/agents/{agent['id']}/ag-ui", json=run_input(
        "t-none", "r1", [], resume=[{"interruptId": "c1", "status": "cancelled"}]),
        headers=headers), 404, "thread_not_found")
    other = make_org(http)
    assert_problem(http.post(f"/v1/agents/{agent['id']}/ag-ui", json=body,
                             headers={**other["headers"], "X-User-Id": "dee"}), 404)
    events = agui(http, f"/v1/agents/{agent['id']}/ag-ui", headers, body)
    assert types(events)[-1] == "RUN_FINISHED"


def test_a_browser_calls_it_with_a_session_token(http):
    org = make_org(http)
    origin = "https://app.example.com"
    assert http.put("/v1/organization/cors", json={"allowed_origins": [origin]},
                    headers=org["headers"]).status_code == 200
    agent = _post(http, org["headers"], "/v1/agents", {
        "name": "Echo", "instructions": "Echo.",
        "model": {"provider": "echo", "name": "echo"}})["agent"]
    path = f"/v1/agents/{agent['id']}/ag-ui"
    preflight = http.options(path, headers={
        "Origin": origin, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type"})
    assert preflight.status_code == 204
    assert preflight.headers["access-control-allow-origin"] == origin
    session = {"Authorization": f"Bearer {mint(http, org, 'eve')['access_token']}",
               "Origin": origin}
    with http.stream("POST", path, headers=session, json=run_input(
            "t-browser", "r1", [{"id": "m1", "role": "user", "content": "hi"}])) as resp:
        assert resp.status_code == 200
        assert resp.headers["access-control-allow-origin"] == origin
        resp.read()
