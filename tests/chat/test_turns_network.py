"""Networks at run time, against the suite's OpenAI-compatible server: handoffs and their bound,
workflows as tools (and the nesting bound), follow-ups, pinned versions, the event contract.
The network's runtime configuration is given as the dict store.copilots provides."""
import json
import uuid

import pytest

from runtime.turns import service as turns
from core import db
from tests.conftest import make_settings
from tests.factories import make_org
from tests.factories_turns import Events, http_tool, make_agent, openai_agent
from tests.factories_workflows import make_workflow
from tests.fixtures_turns import allow_loopback, llm, model, org, tools_server  # noqa: F401 (fixtures)
from testkit import text, tool_calls


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return make_settings(database_url, tmp_path_factory.mktemp("data"), max_handoffs=2,
                         run_max_depth=1, model_max_retries=0)



def network(*agents, workflows=(), handoff_prompt=None, followups=(), environment="dev"):
    return {"id": str(uuid.uuid4()), "name": "net", "environment": environment,
            "agents": [a if isinstance(a, dict) and "agent_id" in a else
                       {"agent_id": a["id"], "agent_version_id": None} for a in agents],
            "workflows": [{"workflow_id": w["id"]} for w in workflows],
            "handoff_prompt": handoff_prompt,
            "followup_instructions": [{"type": "text", "content": c} for c in followups]}


def run_network(settings, org, cfg, message, events=None, user_id=None):
    with db.connection():
        run = turns.start(settings=settings, org_id=org["id"], input=message,
                          copilot_id=cfg["id"], network=cfg, user_id=user_id)
        return turns.execute(settings=settings, org_id=org["id"], run_id=run.id, emit=events,
                             network=cfg)


def _tool_names(request) -> list[str]:
    return [t["function"]["name"] for t in request.body.get("tools") or []]


def test_a_handoff_switches_the_active_agent(client, settings, org, llm):
    sales = openai_agent(client, org, name="Sales Agent", instructions="Sell.",
                         description="Quotes and orders")
    support = openai_agent(client, org, name="Support", instructions="Help.",
                           description="Fixes problems")
    cfg = network(sales, support, handoff_prompt="Route billing to Support.")
    llm.enqueue(tool_calls(("handoff_to_Support", {"reason": "billing question"})),
                text("Support here."))
    events = Events()
    run = run_network(settings, org, cfg, "my bill is wrong", events)
    assert run.status == "succeeded" and run.output == "Support here."
    assert run.agent_id == support["id"] and run.kind == "copilot"
    first, second = llm.requests
    assert _tool_names(first) == ["handoff_to_Support"]
    assert "Fixes problems" in first.body["tools"][0]["function"]["description"]
    assert first.body["messages"][0]["content"] == "Sell.\n\nRoute billing to Support."
    assert second.body["messages"][0]["content"] == "Help.\n\nRoute billing to Support."
    assert _tool_names(second) == ["handoff_to_Sales_Agent"]
    assert events.of("agent.handoff") == [{"run_id": run.id, "from_agent_id": sales["id"],
                                           "to_agent_id": support["id"],
                                           "reason": "billing question"}]
    assert events.of("run.started")[0]["agent_id"] == sales["id"]
    assert events.of("message.completed")[0]["agent_id"] == support["id"]
    assert [s["type"] for s in run.steps] == ["model_call", "handoff", "model_call"]


def test_handoffs_are_bounded_and_the_current_agent_answers(client, settings, org, llm):
    a = openai_agent(client, org, name="alpha")
    b = openai_agent(client, org, name="beta")
    cfg = network(a, b)
    llm.enqueue(tool_calls(("handoff_to_beta", {"reason": "1"})),
                tool_calls(("handoff_to_alpha", {"reason": "2"})),
                tool_calls(("handoff_to_beta", {"reason": "3"})),
                text("alpha answers"))
    events = Events()
    run = run_network(settings, org, cfg, "ping pong", events)
    assert run.status == "succeeded" and run.output == "alpha answers"
    assert len(events.of("agent.handoff")) == 2  # AGENT_PLATFORM_MAX_HANDOFFS=2 here
    assert [s["type"] for s in run.steps].count("handoff_refused") == 1
    assert _tool_names(llm.requests[3]) == []  # handoff tools withdrawn after the bound
    refused = llm.requests[3].body["messages"][-1]
    assert refused["role"] == "tool" and "limit" in refused["content"]
    assert run.agent_id == a["id"]


def test_a_workflow_of_the_network_is_a_tool(client, settings, org, llm, tools_server):
    tool = http_tool(client, org, tools_server, name="orders", path="/orders")
    wf = make_workflow(client, org, name="Lookup order", description="Find an order",
                       input_schema={"type": "object", "required": ["order"],
                                     "properties": {"order": {"type": "string"}}},
                       steps=[{"id": "get", "type": "tool", "ref": tool["id"],
                               "input": {"id": "{{input.order}}"}}])
    agent = openai_agent(client, org, name="clerk")
    cfg = network(agent, workflows=[wf])
    llm.enqueue(tool_calls(("workflow_Lookup_order", {"order": "42"})), text("Order found."))
    events = Events()
    run = run_network(settings, org, cfg, "where is 42", events, user_id="wendy")
    assert run.status == "succeeded" and run.output == "Order found."
    offered = llm.requests[0].body["tools"][0]["function"]
    assert offered["name"] == "workflow_Lookup_order"
    assert offered["parameters"]["required"] == ["order"]
    answer = json.loads([m for m in llm.requests[1].body["messages"] if m["role"] == "tool"][0]
                        ["content"])
    assert answer["json"] == {"id": "42"} and answer["path"] == "/orders"
    result = events.of("tool.result")[0]
    assert result["status"] == "succeeded" and result["kind"] == "workflow"
    wf_run = client.get(f"/v1/workflow-runs/{result['workflow_run_id']}",
                        headers=org["headers"]).json()["run"]
    assert wf_run["trigger"] == "agent" and wf_run["user_id"] == "wendy"


def test_nested_runs_are_bounded(client, settings, org, llm):
    inner = make_agent(client, org, name="inner")
    wf = make_workflow(client, org, name="nested", steps=[
        {"id": "ask", "type": "agent", "ref": inner["id"], "input": "hello"}])
    agent = openai_agent(client, org, name="outer")
    cfg = network(agent, workflows=[wf])
    llm.enqueue(tool_calls(("workflow_nested", {})), text("could not"))
    events = Events()
    run = run_network(settings, org, cfg, "recurse", events)
    assert run.status == "succeeded"
    result = events.of("tool.result")[0]
    assert result["status"] == "failed" and result["error"]["code"] == "step_failed"
    assert "levels deep" in result["error"]["message"]


def test_followups_come_from_the_text_instructions(client, settings):
    org = make_org(client)
    agent = make_agent(client, org, name="echoer")
    cfg = network(agent, followups=["Ask about pricing", "Ask about delivery"])
    events = Events()
    run = run_network(settings, org, cfg, "hello", events)
    assert run.output == "hello"
    assert run.followups == ["Ask about pricing", "Ask about delivery"]
    assert events.of("message.completed")[0]["followups"] == run.followups
    assert run.usage["model_calls"] == 2 and run.steps[-1]["type"] == "followups"
    assert events.kinds().count("message.delta") == 1  # suggestions are not streamed


def test_a_pinned_version_runs_that_version(client, settings, org, llm):
    agent = openai_agent(client, org, name="pinned", instructions="version one")
    v1 = agent["agent_version_id"]
    resp = client.patch(f"/v1/agents/{agent['id']}", json={"instructions": "version two"},
                        headers=org["headers"])
    assert resp.status_code == 200, resp.text
    cfg = network({"agent_id": agent["id"], "agent_version_id": v1}, environment="prod")
    llm.enqueue(text("old"), text("new"))
    run_network(settings, org, cfg, "which?")
    assert llm.requests[0].body["messages"][0]["content"] == "version one"
    run_network(settings, org, network(agent), "which?")
    assert llm.requests[1].body["messages"][0]["content"] == "version two"


def test_the_event_contract_of_a_tool_turn(client, settings, tools_server):
    org = make_org(client)
    tool = http_tool(client, org, tools_server, name="ping", path="/ping")
    agent = make_agent(client, org, name="echo-agent", tool_ids=[tool["id"]])
    events = Events()
    with db.connection():
        run = turns.start(settings=settings, org_id=org["id"], input="call ping {}",
                          agent_id=agent["id"])
        run = turns.execute(settings=settings, org_id=org["id"], run_id=run.id, emit=events)
    kinds = events.kinds()
    assert kinds[0] == "run.started" and kinds[-1] == "run.completed"
    assert kinds.index("tool.called") < kinds.index("tool.result") < kinds.index("message.delta")
    assert kinds.count("message.completed") == 1
    called, result = events.of("tool.called")[0], events.of("tool.result")[0]
    assert set(called) >= {"run_id", "agent_id", "tool_call_id", "tool_id", "name", "arguments"}
    assert called["arguments"] == {} and called["tool_id"] == tool["id"]
    assert set(result) >= {"run_id", "agent_id", "tool_call_id", "tool_id", "name", "status",
                           "output", "error", "duration_ms"}
    assert result["error"] is None and result["output"]["path"] == "/ping"
    completed = events.of("message.completed")[0]
    assert completed["content"] == run.output and completed["followups"] == []
    assert events.of("run.completed")[0]["run"]["status"] == "succeeded"
    assert events.of("run.started")[0] == {"run_id": run.id, "agent_id": agent["id"],
                                           "copilot_id": None}


def test_copilot_run_endpoint_and_copilot_step(client, org):
    first = make_agent(client, org, name="front")
    resp = client.post("/v1/copilots", json={
        "name": "desk", "agents": [{"agentId": first["id"]}], "workflows": [],
        "handoff_prompt": "Route well.",
        "followup_instructions": [{"type": "text", "content": "Say thanks"}]},
        headers=org["headers"])
    assert resp.status_code == 201, resp.text
    copilot = resp.json()["copilot"]
    minted = client.post("/v1/sessions", json={"user_id": "sam"}, headers=org["headers"])
    session = {"Authorization": f"Bearer {minted.json()['access_token']}"}
    resp = client.post(f"/v1/copilots/{copilot['id']}/run", json={"input": "hi"},
                       headers=session)
    assert resp.status_code == 200, resp.text
    assert resp.json()["output"] == "hi" and resp.json()["run"]["followups"] == ["Say thanks"]
    other = make_org(client)
    assert client.post(f"/v1/copilots/{copilot['id']}/run", json={"input": "hi"},
                       headers=other["headers"]).status_code == 404
    wf = make_workflow(client, org, steps=[{"id": "c", "type": "copilot", "ref": copilot["id"],
                                            "input": {"message": "from a workflow"}}])
    run = client.post(f"/v1/workflows/{wf['id']}/run", json={}, headers=org["headers"])
    assert run.status_code == 202, run.text
    from tests.factories_workflows import wait_run
    done = wait_run(client, org["headers"], run.json()["run"]["id"])
    assert done["status"] == "succeeded" and done["output"] == "from a workflow"
