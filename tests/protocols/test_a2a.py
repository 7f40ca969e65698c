"""`/a2a/{id}` with the `a2a-sdk` client: the card of an exposed network, send (a task is a
run, a context a thread), stream, get, cancel and resubscribe; the card and the tasks reach
only the organization's credentials, and a task only its end user."""
import asyncio

import httpx
import pytest
from a2a.types import a2a_pb2 as pb

from tests.factories import assert_problem, bearer, make_org
from tests.factories_copilots import deploy, make_copilot
from tests.factories_exposures import (a2a_client, a2a_message, echo_network, expose,  # noqa: F401
                                       served, wait_run)
from tests.factories_identity import mint
from tests.factories_turns import openai_agent
from tests.fixtures_turns import allow_loopback, model, org, tools_server  # noqa: F401
from testkit import Reply, text
from tests.waiting import wait_until

S = pb.TaskState


@pytest.fixture(scope="module")
def network(client, org):
    _, prod = echo_network(client, org)
    return expose(client, org, "copilot", prod, "support", description="Support answers")


@pytest.fixture(scope="module")
def slow(client, org, model):
    agent = openai_agent(client, org)
    copilot = make_copilot(client, org, agents=[agent["id"]])
    prod = deploy(client, org, copilot["id"], "staging").json()["copilot"]["id"]
    return expose(client, org, "copilot", prod, "slow")


async def collect(client, request):
    return [event async for event in client.send_message(request)]


def test_card_and_send_in_a_context(client, org, network, served):
    headers = {**org["headers"], "X-User-Id": "dana"}

    async def talk():
        async with a2a_client(served.url, network["id"], headers, streaming=False) as (a2a, card):
            [first] = await collect(a2a, a2a_message("hello"))
            [second] = await collect(a2a, a2a_message("again", first.task.context_id))
            got = await a2a.get_task(pb.GetTaskRequest(id=first.task.id))
            return card, first.task, second.task, got

    card, first, second, got = asyncio.run(talk())
    assert card.name == "support" and card.description == "Support answers"
    assert card.capabilities.streaming and card.skills[0].id == "support"
    assert card.supported_interfaces[0].url == f"{served.url}/a2a/{network['id']}"
    assert card.security_schemes["bearer"].http_auth_security_scheme.scheme == "bearer"
    assert first.status.state == S.TASK_STATE_COMPLETED
    assert first.artifacts[0].parts[0].text == "hello"
    assert second.context_id == first.context_id and second.id != first.id
    assert second.artifacts[0].parts[0].text == "again"
    assert got.id == first.id and got.status.state == S.TASK_STATE_COMPLETED
    run = client.get(f"/v1/runs/{first.id}", headers=org["headers"]).json()["run"]
    assert run["thread_id"] == first.context_id and run["user_id"] == "dana"


def test_stream_a_message(client, org, network, served):
    async def stream():
        async with a2a_client(served.url, network["id"],
                              {**org["headers"], "X-User-Id": "erin"}) as (a2a, _):
            return await collect(a2a, a2a_message("streamed"))

    events = asyncio.run(stream())
    assert events[0].HasField("task")
    final = events[-1]
    assert final.HasField("status_update")
    assert final.status_update.status.state == S.TASK_STATE_COMPLETED
    artifacts = [e.artifact_update for e in events if e.HasField("artifact_update")]
    assert artifacts and artifacts[0].artifact.parts[0].text == "streamed"


def test_cancel_and_resubscribe(client, org, model, slow, served):
    model.reset()
    model.enqueue(Reply(text="late", delay=30))
    headers = {**org["headers"], "X-User-Id": "finn"}

    async def cancel():
        async with a2a_client(served.url, slow["id"], headers) as (a2a, _):
            request = a2a_message("wait")
            request.configuration.return_immediately = True
            stream = a2a.send_message(request)
            first = await anext(stream)  # the submitted task; the stream is then cut
            await stream.aclose()
            task_id = first.task.id
            await asyncio.to_thread(wait_until, lambda: model.requests, 20, "the model call")
            resumed = a2a.subscribe(pb.SubscribeToTaskRequest(id=task_id))
            again = await anext(resumed)
            cancelled = await a2a.cancel_task(pb.CancelTaskRequest(id=task_id))
            rest = [event async for event in resumed]
            return again, cancelled, rest

    again, cancelled, rest = asyncio.run(cancel())
    assert again.task.status.state == S.TASK_STATE_WORKING
    assert rest[-1].status_update.status.state == S.TASK_STATE_CANCELED
    run = wait_run(client, org["headers"], cancelled.id)
    assert run["status"] == "cancelled"


def test_reach_of_cards_and_tasks(client, org, network, served):
    card_path = f"{served.url}/a2a/{network['id']}/.well-known/agent-card.json"
    assert httpx.get(card_path, headers=org["headers"]).status_code == 200
    assert_problem(httpx.get(card_path), 401)
    other = make_org(client)
    assert_problem(httpx.get(card_path, headers=other["headers"]), 404)
    alice = mint(client, org, "alice")

    async def as_alice_then_bob():
        async with a2a_client(served.url, network["id"],
                              bearer(alice["access_token"]), streaming=False) as (a2a, _):
            [sent] = await collect(a2a, a2a_message("private"))
        bob = mint(client, org, "bob")
        async with a2a_client(served.url, network["id"],
                              bearer(bob["access_token"]), streaming=False) as (a2a, _):
            try:
                await a2a.get_task(pb.GetTaskRequest(id=sent.task.id))
            except Exception as exc:
                return sent.task, exc
        raise AssertionError("bob read alice's task")

    task, error = asyncio.run(as_alice_then_bob())
    assert task.status.state == S.TASK_STATE_COMPLETED
    assert "not found" in str(error).lower()


def test_waiting_for_approval_is_input_required(client, org, model, tools_server, served):
    from tests.factories_turns import http_tool
    from testkit import tool_calls

    model.reset()
    refund = http_tool(client, org, tools_server, name="refund", path="/refund",
                       requires_approval=True)
    agent = openai_agent(client, org, tool_ids=[refund["id"]])
    exposure = expose(client, org, "agent", agent["id"], "refunder")
    model.enqueue(tool_calls(("c1", "refund", {"order": "B-2"})), text("Refunded."))

    async def send():
        async with a2a_client(served.url, exposure["id"], {**org["headers"], "X-User-Id": "gus"},
                              streaming=False) as (a2a, _):
            [sent] = [e async for e in a2a.send_message(a2a_message("refund B-2"))]
            return sent.task

    task = asyncio.run(send())
    assert task.status.state == S.TASK_STATE_INPUT_REQUIRED
    assert f"/v1/runs/{task.id}/approvals" in task.status.message.parts[0].text
    run = client.get(f"/v1/runs/{task.id}", headers=org["headers"]).json()["run"]
    assert run["status"] == "awaiting_approval"


def test_a_workflow_is_no_a2a_agent(client, org, served):
    from tests.factories_copilots import make_workflow

    flow = expose(client, org, "workflow", make_workflow(client, org)["id"], "wf-only")
    card = f"{served.url}/a2a/{flow['id']}/.well-known/agent-card.json"
    assert_problem(httpx.get(card, headers=org["headers"]), 404)


def test_a_spend_cap_refuses_the_send_with_the_api_code(client, org, network, served):
    client.post("/v1/groups", json={"group_id": "a2a-broke", "spend_cap_usd": 0},
                headers=org["headers"])
    client.post("/v1/users", json={"user_id": "a2a-poor", "group_id": "a2a-broke"},
                headers=org["headers"])

    async def send():
        async with a2a_client(served.url, network["id"], {**org["headers"],
                              "X-User-Id": "a2a-poor"}, streaming=False) as (a2a, _):
            try:
                await collect(a2a, a2a_message("hi"))
            except Exception as exc:
                return exc
        raise AssertionError("the send was accepted")

    error = asyncio.run(send())
    assert "spend cap" in str(error)
    assert "spend_cap_reached" in repr(getattr(error, "data", None) or error.__dict__), \
        error.__dict__
    assert client.get("/v1/runs", params={"user_id": "a2a-poor"},
                      headers=org["headers"]).json()["runs"] == []


def test_a_resent_message_answers_the_first_sends_task(client, org, network, served):
    async def twice():
        async with a2a_client(served.url, network["id"], {**org["headers"],
                              "X-User-Id": "resender"}, streaming=False) as (a2a, _):
            [first] = await collect(a2a, a2a_message("once", message_id="m-1"))
            [again] = await collect(a2a, a2a_message("once", message_id="m-1"))
            return first.task, again.task

    first, again = asyncio.run(twice())
    assert again.id == first.id and again.status.state == S.TASK_STATE_COMPLETED
    runs = client.get("/v1/runs", params={"user_id": "resender"},
                      headers=org["headers"]).json()["runs"]
    assert len(runs) == 1
