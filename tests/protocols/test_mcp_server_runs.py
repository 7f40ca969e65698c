"""`/mcp` runs with the `mcp` client: cancelling a call cancels its run, a run waiting for a
tool approval answers so (with the run id to decide it), spend caps answer 429's code as an
MCP error, and a retried call with the same idempotency key gets the first call's run."""
import asyncio

import pytest

from tests.factories_copilots import deploy, make_copilot
from tests.factories_exposures import expose, mcp_client, refused, served, wait_run  # noqa: F401
from tests.factories_turns import http_tool, openai_agent
from tests.fixtures_turns import allow_loopback, model, org, tools_server  # noqa: F401
from testkit import Reply, text, tool_calls
from tests.waiting import wait_until


@pytest.fixture(scope="module")
def tool(client, org, model):
    agent = openai_agent(client, org)
    return expose(client, org, "agent", agent["id"], "slow")


@pytest.mark.parametrize("user", ["canceller", None])
def test_cancelling_a_call_cancels_its_run(client, org, model, tool, served, user):
    model.reset()
    model.enqueue(Reply(text="never", delay=30))
    headers = {**org["headers"], **({"X-User-Id": user} if user else {})}
    before = {r["id"] for r in client.get("/v1/runs", params={"limit": 200},
                                          headers=org["headers"]).json()["runs"]}

    async def call_then_cancel():
        async with mcp_client(served.url, headers) as mcp:
            call = asyncio.ensure_future(mcp.call_tool("slow", {"message": "take your time"}))
            # the model was called: the run is running
            await asyncio.to_thread(wait_until, lambda: model.requests, 20, "the model call")
            call.cancel()
            with pytest.raises(asyncio.CancelledError):
                await call

    asyncio.run(call_then_cancel())
    runs = client.get("/v1/runs", params={"limit": 200}, headers=org["headers"]).json()["runs"]
    [run] = [r for r in runs if r["id"] not in before]
    assert run["user_id"] == user and (run["thread_id"] is None) == (user is None)
    assert wait_run(client, org["headers"], run["id"])["status"] == "cancelled"


def test_a_run_waiting_for_approval_says_so(client, org, model, tools_server, served):
    model.reset()
    refund = http_tool(client, org, tools_server, name="refund", path="/refund",
                       requires_approval=True)
    agent = openai_agent(client, org, tool_ids=[refund["id"]])
    copilot = make_copilot(client, org, agents=[agent["id"]])
    prod = deploy(client, org, copilot["id"], "prod").json()["copilot"]["id"]
    expose(client, org, "copilot", prod, "refunds")
    model.enqueue(tool_calls(("c1", "refund", {"order": "A-1"})), text("Refunded."))
    headers = {**org["headers"], "X-User-Id": "ann"}

    async def call():
        async with mcp_client(served.url, headers) as mcp:
            return await mcp.call_tool("refunds", {"message": "refund A-1"})

    result = asyncio.run(call())
    got = result.structured_content
    assert not result.is_error and got["status"] == "awaiting_approval"
    assert f"/v1/runs/{got['run_id']}/approvals" in result.content[0].text
    [waiting] = got["approvals"]
    assert waiting["name"] == "refund" and waiting["status"] == "pending"
    resp = client.post(f"/v1/runs/{got['run_id']}/approvals",
                       json={"call_id": waiting["call_id"], "decision": "approve"},
                       headers=headers)
    assert resp.status_code == 200, resp.text
    run = wait_run(client, org["headers"], got["run_id"])
    assert run["status"] == "succeeded" and run["output"] == "Refunded."


def test_spend_cap_is_an_mcp_error_with_the_api_code(client, org, tool, served):
    client.post("/v1/groups", json={"group_id": "broke", "spend_cap_usd": 0},
                headers=org["headers"])
    client.post("/v1/users", json={"user_id": "poor", "group_id": "broke"},
                headers=org["headers"])

    async def call():
        async with mcp_client(served.url, {**org["headers"], "X-User-Id": "poor"}) as mcp:
            return await refused(mcp, "slow", {"message": "hi"})

    error = asyncio.run(call())
    assert error.data["code"] == "spend_cap_reached" and error.data["status"] == 429
    assert client.get("/v1/runs", params={"user_id": "poor"},
                      headers=org["headers"]).json()["runs"] == []


def test_a_retried_call_gets_the_first_calls_run(client, org, model, tool, served):
    model.reset()
    model.enqueue(text("once"))
    meta = {"io.agent-platform/idempotency-key": "retry-1"}

    async def twice():
        async with mcp_client(served.url, {**org["headers"], "X-User-Id": "retrier"}) as mcp:
            first = await mcp.call_tool("slow", {"message": "hello"}, meta=meta)
            again = await mcp.call_tool("slow", {"message": "hello"}, meta=meta)
            try:
                await mcp.call_tool("slow", {"message": "changed"}, meta=meta)
            except Exception as exc:  # MCPError
                return first, again, exc
            raise AssertionError("a reused key with other arguments was accepted")

    first, again, reused = asyncio.run(twice())
    assert reused.data["code"] == "idempotency_key_reused" and reused.data["status"] == 422
    assert first.structured_content["run_id"] == again.structured_content["run_id"]
    assert again.structured_content["output"] == "once"
    assert len(model.requests) == 1


def test_rate_limit_is_an_mcp_error_with_the_api_code(client, served):
    from tests.factories import ADMIN, make_org

    limited = make_org(client)
    resp = client.put(f"/v1/admin/orgs/{limited['id']}/limits",
                      json={"requests_per_minute": 3}, headers=ADMIN)
    assert resp.status_code == 200, resp.text

    async def until_refused():
        from mcp.shared.exceptions import MCPError

        async with mcp_client(served.url, limited["headers"]) as mcp:
            for _ in range(10):  # each request counts, like any other of the organization
                try:
                    await mcp.list_tools()
                except MCPError as exc:
                    return exc
        raise AssertionError("never refused")

    error = asyncio.run(until_refused())
    assert error.data["code"] == "usage_limit_reached" and error.data["status"] == 429
    assert error.data["retry_after"] >= 1


def test_a_call_is_traced_under_the_callers_trace(client, org, model, tool, served):
    from tests.factories_tracing import PARENT_ID, TRACE_ID, finished_spans, in_memory_tracing

    model.reset()
    model.enqueue(text("traced"))
    headers = {**org["headers"], "traceparent": f"00-{TRACE_ID}-{PARENT_ID}-01"}
    with in_memory_tracing() as exporter:
        async def call():
            async with mcp_client(served.url, headers) as mcp:
                return await mcp.call_tool("slow", {"message": "trace me"})

        result = asyncio.run(call())
        spans = finished_spans(exporter, "mcp tools/call", "invoke_agent agent")
    assert result.structured_content["output"] == "traced"
    named = {s.name: s for s in spans}
    call_span, turn = named["mcp tools/call"], named["invoke_agent agent"]
    assert format(call_span.context.trace_id, "032x") == TRACE_ID
    assert turn.context.trace_id == call_span.context.trace_id
    assert turn.attributes["agent_platform.run.id"] == result.structured_content["run_id"]
