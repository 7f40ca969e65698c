"""`agent` workflow steps run a turn of the agent; tool steps of a user's run inject that user's
credentials."""
import pytest

from tests.factories import make_org
from tests.factories_turns import EchoServer, http_tool, make_agent
from tests.factories_workflows import make_workflow, wait_run


@pytest.fixture(scope="module")
def tools_server():
    server = EchoServer()
    yield server
    server.close()


def _run(client, org, wf, input=None, headers=None):
    resp = client.post(f"/v1/workflows/{wf['id']}/run", json={"input": input or {}},
                       headers=headers or org["headers"])
    assert resp.status_code == 202, resp.text
    return wait_run(client, org["headers"], resp.json()["run"]["id"])


def test_an_agent_step_answers_with_the_turns_output(client):
    org = make_org(client)
    agent = make_agent(client, org, name="writer")
    wf = make_workflow(client, org, input_schema={"type": "object",
                                                  "properties": {"q": {"type": "string"}}},
                       steps=[{"id": "ask", "type": "agent", "ref": agent["id"],
                               "input": "{{input.q}}"},
                              {"id": "again", "type": "agent", "ref": agent["id"],
                               "input": {"message": "said: {{steps.ask.output}}"}}])
    run = _run(client, org, wf, {"q": "hello world"})
    assert run["status"] == "succeeded", run
    assert run["steps"][0]["output"] == "hello world"
    assert run["output"] == "said: hello world"
    usage = run["steps"][0]["usage"]
    assert usage["model_calls"] == 1 and usage["input_tokens"] > 0 and usage["cost_usd"] == 0
    assert run["usage"]["model_calls"] == 2


def test_agent_step_failures(client):
    org = make_org(client)
    agent = make_agent(client, org, name="strict")
    bad_input = make_workflow(client, org, steps=[{"id": "a", "type": "agent",
                                                   "ref": agent["id"], "input": {"x": 1}}])
    run = _run(client, org, bad_input)
    assert run["status"] == "failed"
    assert run["steps"][0]["error"]["code"] == "step_input_invalid"
    assert run["steps"][0]["attempts"] == 1


def test_tool_steps_of_a_users_run_use_that_users_credentials(client, tools_server):
    org = make_org(client)
    tool = http_tool(client, org, tools_server, name="who", path="/who",
                     provider={"auth": {"type": "bearer", "token": "org-token-1"}})
    client.post("/v1/users", json={"user_id": "uma", "tools_auth": {
        tool["tool_provider_id"]: {"token": "uma-token-1"}}}, headers=org["headers"])
    wf = make_workflow(client, org, steps=[{"id": "t", "type": "tool", "ref": tool["id"],
                                            "input": {}}])
    minted = client.post("/v1/sessions", json={"user_id": "uma"}, headers=org["headers"])
    session = {"Authorization": f"Bearer {minted.json()['access_token']}"}
    assert _run(client, org, wf, headers=session)["status"] == "succeeded"
    assert tools_server.seen[-1]["headers"]["authorization"] == "Bearer uma-token-1"
    assert _run(client, org, wf)["status"] == "succeeded"
    assert tools_server.seen[-1]["headers"]["authorization"] == "Bearer org-token-1"
