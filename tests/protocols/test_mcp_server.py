"""`/mcp` with the `mcp` package's own client: an organization's exposed network, agent and
workflow listed and called, a thread continued, progress, the end user's reach, isolation
between organizations, and credentials refused before any MCP framing."""
import asyncio

import pytest

from tests.factories import assert_problem, bearer, make_org
from tests.factories_copilots import make_workflow
from tests.factories_exposures import (ECHO, echo_network, expose, mcp_client, refused,  # noqa: F401
                                       served)
from tests.factories_copilots import make_agent
from tests.factories_identity import mint


@pytest.fixture(scope="module")
def tools(client, org):
    agent, prod = echo_network(client, org)
    solo = make_agent(client, org, model=ECHO)
    workflow = make_workflow(client, org, input_schema={
        "type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}},
        steps=[{"id": "say", "type": "agent", "ref": solo["id"],
                "input": "{{input.text}}"}])
    return {"network": expose(client, org, "copilot", prod, "support",
                              description="Answers support questions"),
            "agent": expose(client, org, "agent", solo["id"], "solo"),
            "workflow": expose(client, org, "workflow", workflow["id"], "flow")}


def run(coro):
    return asyncio.run(coro)


def test_lists_only_the_organizations_exposed_tools(client, org, tools, served):
    other = make_org(client)
    _, prod = echo_network(client, other)
    expose(client, other, "copilot", prod, "theirs")

    async def names(headers):
        async with mcp_client(served.url, headers) as mcp:
            listed = await mcp.list_tools()
            return {t.name: t for t in listed.tools}

    mine = run(names(org["headers"]))
    assert set(mine) == {"support", "solo", "flow"}
    assert mine["support"].description == "Answers support questions"
    assert mine["support"].input_schema["required"] == ["message"]
    assert mine["flow"].input_schema["required"] == ["text"]
    assert set(run(names(other["headers"]))) == {"theirs"}

    async def call_theirs():
        async with mcp_client(served.url, org["headers"]) as mcp:
            return await refused(mcp, "theirs", {"message": "hi"})

    assert run(call_theirs()).data["code"] == "not_found"


def test_calls_a_network_and_continues_its_thread(client, org, tools, served):
    headers = {**org["headers"], "X-User-Id": "customer-7"}
    progress = []

    async def conversation():
        async with mcp_client(served.url, headers) as mcp:
            async def heard(done, total, message):
                progress.append(message)
            first = await mcp.call_tool("support", {"message": "hello"},
                                        progress_callback=heard)
            second = await mcp.call_tool("support", {
                "message": "again", "thread_id": first.structured_content["thread_id"]})
            return first, second

    first, second = run(conversation())
    assert not first.is_error and first.content[0].text == "hello"
    got = first.structured_content
    assert got["status"] == "succeeded" and got["output"] == "hello" and got["thread_id"]
    assert second.structured_content["thread_id"] == got["thread_id"]
    assert second.structured_content["output"] == "again"
    assert "answered" in progress
    messages = client.get(f"/v1/messages?thread_id={got['thread_id']}",
                          headers=headers).json()["messages"]
    assert [m["content"] for m in messages] == ["hello", "hello", "again", "again"]
    run_ = client.get(f"/v1/runs/{got['run_id']}", headers=org["headers"]).json()["run"]
    assert run_["user_id"] == "customer-7" and run_["copilot_id"]
    events = client.get(f"/v1/runs/{got['run_id']}/events", headers=org["headers"]).json()
    assert events["events"][-1]["event"] == "run.completed"


def test_agent_without_end_user_and_workflow(client, org, tools, served):
    progress = []

    async def heard(done, total, message):
        progress.append(message)

    async def calls():
        async with mcp_client(served.url, org["headers"]) as mcp:
            agent = await mcp.call_tool("solo", {"message": "ping"}, progress_callback=heard)
            flow = await mcp.call_tool("flow", {"text": "from a workflow"},
                                       progress_callback=heard)
            return agent, flow

    agent, flow = run(calls())
    assert progress[0] == "answered" and "1 of 1 steps done" in progress
    assert agent.structured_content["output"] == "ping"
    assert agent.structured_content["thread_id"] is None
    assert flow.structured_content["status"] == "succeeded", flow.structured_content
    assert "from a workflow" in str(flow.structured_content["output"])


def test_bad_arguments_are_errors_with_the_api_codes(client, org, tools, served):
    async def call(name, arguments):
        async with mcp_client(served.url, org["headers"]) as mcp:
            return await refused(mcp, name, arguments)

    for name, arguments, code in (("support", {}, "invalid_request"),
                                  ("support", {"message": "x", "thread_id": "t"},
                                   "user_required"),
                                  ("flow", {"text": 3}, None)):
        error = run(call(name, arguments))
        assert error.data["status"] == 400, error
        if code:
            assert error.data["code"] == code


def test_session_token_reaches_only_its_own_threads(client, org, tools, served):
    mine, theirs = mint(client, org, "alice"), mint(client, org, "bob")

    async def calls():
        async with mcp_client(served.url, bearer(mine["access_token"])) as mcp:
            first = await mcp.call_tool("support", {"message": "mine"})
        async with mcp_client(served.url, bearer(theirs["access_token"])) as mcp:
            error = await refused(mcp, "support", {
                "message": "steal", "thread_id": first.structured_content["thread_id"]})
        return first, error

    first, error = run(calls())
    assert first.structured_content["output"] == "mine"
    assert error.data["status"] == 404
    got = client.get(f"/v1/runs/{first.structured_content['run_id']}",
                     headers=org["headers"]).json()["run"]
    assert got["user_id"] == "alice"


def test_credentials_are_checked_before_mcp(client, served):
    import httpx

    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    assert_problem(httpx.post(f"{served.url}/mcp", json=body), 401)
    assert_problem(httpx.post(f"{served.url}/mcp", json=body,
                              headers=bearer("ak_not_a_key")), 401)
    for method in ("GET", "DELETE"):  # no session and no stream of the server's own
        refused = httpx.request(method, f"{served.url}/mcp", headers={
            "Accept": "text/event-stream"})
        assert_problem(refused, 405, "method_not_allowed")
        assert refused.headers["allow"] == "POST"


def test_a_deleted_target_is_no_longer_offered(client, org, served):
    agent = make_agent(client, org, model=ECHO)
    expose(client, org, "agent", agent["id"], "short-lived")

    async def names():
        async with mcp_client(served.url, org["headers"]) as mcp:
            return {t.name for t in (await mcp.list_tools()).tools}

    assert "short-lived" in run(names())
    assert client.delete(f"/v1/agents/{agent['id']}", headers=org["headers"]).status_code in (
        200, 204)
    assert "short-lived" not in run(names())

    async def call():
        async with mcp_client(served.url, org["headers"]) as mcp:
            return await refused(mcp, "short-lived", {"message": "hi"})

    assert run(call()).data["status"] == 404
