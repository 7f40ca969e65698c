"""The agent loop against the suite's OpenAI-compatible server with scripted tool calls and real
HTTP tool servers: tool turns, parallel calls, the max_steps bound, tool errors, the end user's
credentials, usage and cost, admission (spend cap, run quota), run endpoints, isolation."""
import json

import pytest

from tests.conftest import make_settings
from tests.factories import ADMIN, assert_problem, make_org
from tests.factories_identity import mint
from tests.factories_turns import MODEL, http_tool, make_agent, openai_agent, use_model_server
from tests.fixtures_turns import allow_loopback, llm, model, org, tools_server  # noqa: F401 (fixtures)
from testkit import AnthropicServer, text, tool_calls

PRICES = {MODEL: {"input": 1000, "output": 2000}}  # USD per million tokens


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return make_settings(database_url, tmp_path_factory.mktemp("data"), prices=PRICES,
                         model_max_retries=0)



def _run(client, org, agent, message, headers=None):
    resp = client.post(f"/v1/agents/{agent['id']}/run", json={"input": message},
                       headers=headers or org["headers"])
    assert resp.status_code == 200, resp.text
    return resp.json()


def _tool_messages(request) -> list[dict]:
    return [m for m in request.body["messages"] if m["role"] == "tool"]


def test_a_turn_with_one_tool_call(client, org, llm, tools_server):
    tool = http_tool(client, org, tools_server, name="get users/{id}", path="/users")
    agent = openai_agent(client, org, instructions="Use tools.", tool_ids=[tool["id"]])
    offered = "get_users_id"
    llm.enqueue(tool_calls((offered, {"id": 7})), text("User 7 is Ana."))
    body = _run(client, org, agent, "who is 7?")
    assert body["output"] == "User 7 is Ana." and body["run"]["status"] == "succeeded"
    first, second = llm.requests
    assert [t["function"]["name"] for t in first.body["tools"]] == [offered]
    assert first.body["messages"][0] == {"role": "system", "content": "Use tools."}
    assert tools_server.seen[-1]["json"] == {"id": 7}
    result = _tool_messages(second)[0]
    assert json.loads(result["content"])["path"] == "/users"
    run = body["run"]
    assert [s["type"] for s in run["steps"]] == ["model_call", "tool_call", "model_call"]
    assert run["steps"][1]["tool_id"] == tool["id"] and run["steps"][1]["status"] == "succeeded"
    assert run["usage"] == {"input_tokens": 22, "output_tokens": 14, "model_calls": 2,
                            "tool_calls": 1}


def test_parallel_tool_calls_run_concurrently_and_answer_in_order(client, org, llm,
                                                                   tools_server):
    slow_a = http_tool(client, org, tools_server, name="slow a", path="/sleep/0.6")
    slow_b = http_tool(client, org, tools_server, name="slow b", path="/sleep/0.6")
    agent = openai_agent(client, org, tool_ids=[slow_a["id"], slow_b["id"]])
    llm.enqueue(tool_calls(("c1", "slow_a", {"n": 1}), ("c2", "slow_b", {"n": 2})),
                text("both done"))
    tools_server.sleeps.clear()
    body = _run(client, org, agent, "go")
    calls = [s for s in body["run"]["steps"] if s["type"] == "tool_call"]
    assert all(s["duration_ms"] >= 600 for s in calls)
    # parallel: the second call reached the tool server before the first one was answered
    [(a_in, a_out), (b_in, b_out)] = sorted(tools_server.sleeps)
    assert b_in < a_out, f"the second tool call began {b_in - a_out:.2f} s after the first ended"
    assert [m["tool_call_id"] for m in _tool_messages(llm.requests[1])] == ["c1", "c2"]


def test_the_max_steps_bound_fails_the_run(client, org, llm, tools_server):
    tool = http_tool(client, org, tools_server, name="loop", path="/loop")
    agent = openai_agent(client, org, tool_ids=[tool["id"]], max_steps=2)
    seen = len(tools_server.seen)
    llm.enqueue(tool_calls(("loop", {})), tool_calls(("loop", {})))
    body = _run(client, org, agent, "forever")
    assert body["output"] is None and body["run"]["status"] == "failed"
    assert body["run"]["error"]["code"] == "max_steps_exceeded"
    assert len(tools_server.seen) == seen + 1  # the calls asked at the bound are not run
    assert body["run"]["usage"]["model_calls"] == 2


def test_a_tool_failure_goes_back_to_the_model_and_is_recorded(client, org, llm, tools_server):
    broken = http_tool(client, org, tools_server, name="broken", path="/status/500")
    agent = openai_agent(client, org, tool_ids=[broken["id"]])
    llm.enqueue(tool_calls(("broken", {}), ("nope", {}), ("broken", "{not json")),
                text("Sorry, that failed."))
    body = _run(client, org, agent, "try it")
    assert body["run"]["status"] == "succeeded" and body["output"] == "Sorry, that failed."
    results = [json.loads(m["content"]) for m in _tool_messages(llm.requests[1])]
    assert [r["error"]["code"] for r in results] == ["http_error", "unknown_tool",
                                                     "invalid_arguments"]
    steps = [s for s in body["run"]["steps"] if s["type"] == "tool_call"]
    assert [s["status"] for s in steps] == ["failed"] * 3
    assert steps[0]["error"]["code"] == "http_error"


def test_the_end_users_credentials_are_injected(client, org, llm, tools_server):
    tool = http_tool(client, org, tools_server, name="whoami", path="/who",
                     provider={"auth": {"type": "bearer", "token": "provider-token-1"}})
    resp = client.post("/v1/users", json={"user_id": "ana", "tools_auth": {
        tool["tool_provider_id"]: {"token": "ana-token-22"}}}, headers=org["headers"])
    assert resp.status_code == 201, resp.text
    agent = openai_agent(client, org, tool_ids=[tool["id"]])
    session = {"Authorization": f"Bearer {mint(client, org, 'ana')['access_token']}"}

    llm.enqueue(tool_calls(("whoami", {})), text("ok"))
    body = _run(client, org, agent, "who am I", headers=session)
    assert tools_server.seen[-1]["headers"]["authorization"] == "Bearer ana-token-22"
    assert body["run"]["user_id"] == "ana"
    assert "ana-token-22" not in llm.requests[1].raw.decode()  # masked in what the model sees

    llm.reset()
    llm.enqueue(tool_calls(("whoami", {})), text("ok"))
    _run(client, org, agent, "who am I", headers={**org["headers"], "X-User-Id": "bob"})
    assert tools_server.seen[-1]["headers"]["authorization"] == "Bearer provider-token-1"


def test_usage_and_cost_are_charged_to_the_group(client, org, llm):
    agent = openai_agent(client, org)
    before = client.get("/v1/groups/default", headers=org["headers"]).json()["group"]
    llm.enqueue(text("priced", input_tokens=100, output_tokens=50))
    run = _run(client, org, agent, "price me")["run"]
    cost = (100 * 1000 + 50 * 2000) / 1_000_000
    assert run["cost_usd"] == pytest.approx(cost)
    after = client.get("/v1/groups/default", headers=org["headers"]).json()["group"]
    assert after["spend_usd_month"] == pytest.approx(before["spend_usd_month"] + cost)


def test_a_group_at_its_spend_cap_gets_429(client, org, llm):
    agent = openai_agent(client, org)
    resp = client.post("/v1/groups", json={"group_id": "capped", "display_name": "Capped",
                                           "spend_cap_usd": 0}, headers=org["headers"])
    assert resp.status_code == 201, resp.text
    client.post("/v1/users", json={"user_id": "cara", "group_id": "capped"},
                headers=org["headers"])
    resp = client.post(f"/v1/agents/{agent['id']}/run", json={"input": "hi"},
                       headers={**org["headers"], "X-User-Id": "cara"})
    assert_problem(resp, 429, "spend_cap_reached")
    assert int(resp.headers["Retry-After"]) > 0


def test_the_run_quota_gives_429_for_agents_and_workflows(client, llm):
    org = make_org(client)
    agent = make_agent(client, org)
    resp = client.put(f"/v1/admin/orgs/{org['id']}/limits", json={"runs_per_month": 1},
                      headers=ADMIN)
    assert resp.status_code == 200, resp.text
    assert client.post(f"/v1/agents/{agent['id']}/run", json={"input": "one"},
                       headers=org["headers"]).status_code == 200
    assert_problem(client.post(f"/v1/agents/{agent['id']}/run", json={"input": "two"},
                               headers=org["headers"]), 429, "usage_limit_reached")
    wf = client.post("/v1/workflows", json={"name": "w", "steps": []}, headers=org["headers"])
    assert_problem(client.post(f"/v1/workflows/{wf.json()['workflow']['id']}/run", json={},
                               headers=org["headers"]), 429, "usage_limit_reached")


def test_the_anthropic_provider_runs_a_tool_turn(client, tools_server):
    org = make_org(client)
    with AnthropicServer(api_key="sk-ant-test-1") as server:
        use_model_server(client, org, server, provider="anthropic", key="sk-ant-test-1")
        tool = http_tool(client, org, tools_server, name="lookup", path="/lookup")
        agent = make_agent(client, org, model={"provider": "anthropic", "name": "claude-test"},
                           tool_ids=[tool["id"]], instructions="Be brief.")
        server.enqueue(tool_calls(("lookup", {"q": "x"})), text("Found it."))
        body = _run(client, org, agent, "look up x")
        assert body["output"] == "Found it."
        assert server.requests[0].body["system"] == "Be brief."
        assert server.requests[0].headers["x-api-key"] == "sk-ant-test-1"
        assert tools_server.seen[-1]["json"] == {"q": "x"}


def test_run_endpoints_with_a_session_token_and_across_organizations(client, org):
    agent = make_agent(client, org)
    session = {"Authorization": f"Bearer {mint(client, org, 'dora')['access_token']}"}
    body = _run(client, org, agent, "hello from dora", headers=session)
    assert body["output"] == "hello from dora" and body["run"]["user_id"] == "dora"
    run_id = body["run"]["id"]
    assert_problem(client.get(f"/v1/runs/{run_id}", headers=session), 403,
                   "credential_not_allowed")
    got = client.get(f"/v1/runs/{run_id}", headers=org["headers"])
    assert got.status_code == 200 and got.json()["run"]["status"] == "succeeded"
    assert_problem(client.get(f"/v1/runs/{run_id}", headers={**org["headers"],
                                                             "X-User-Id": "other"}), 404)
    other = make_org(client)
    assert_problem(client.post(f"/v1/agents/{agent['id']}/run", json={"input": "x"},
                               headers=other["headers"]), 404)
    assert_problem(client.get(f"/v1/runs/{run_id}", headers=other["headers"]), 404)
    assert_problem(client.post(f"/v1/agents/{agent['id']}/run", json={"input": ""},
                               headers=org["headers"]), 400)


def test_an_agent_without_a_provider_uses_the_organizations_default(client, llm):
    org = make_org(client)
    use_model_server(client, org, llm, default="openai")
    agent = make_agent(client, org, model={"provider": None, "name": MODEL})
    llm.enqueue(text("from the org default"))
    assert _run(client, org, agent, "hi")["output"] == "from the org default"
    assert llm.requests[0].body["model"] == MODEL


def test_an_mcp_tool_in_a_turn(client):
    from tests.factories_tools import mcp_server, serve_mcp

    thread, url = serve_mcp(mcp_server())
    try:
        org = make_org(client)
        resp = client.post("/v1/tool-providers", headers=org["headers"], json={
            "name": "calc", "type": "mcp", "mcp": {"url": url}})
        assert resp.status_code == 201, resp.text
        agent = make_agent(client, org, tool_provider_ids=[resp.json()["tool_provider"]["id"]])
        body = _run(client, org, agent, 'call add {"a": 2, "b": 40}\ncall fail {"reason": "no"}')
        assert body["run"]["status"] == "succeeded"
        lines = body["output"].splitlines()
        assert lines[0].startswith("add: ") and "42" in lines[0]
        assert lines[1].startswith("fail: ") and "tool_error" in lines[1]
        steps = [s for s in body["run"]["steps"] if s["type"] == "tool_call"]
        assert [s["status"] for s in steps] == ["succeeded", "failed"]
    finally:
        thread.close()
