"""GET /v1/messages lists what the assistant did for each answer (`activity`): the turn's tool
calls, in order, with their outcome, on the first answer of the turn; an answer that called
nothing has none; a user's message has no `activity`; another user's thread stays 404."""
from __future__ import annotations

import pytest

from tests.factories import assert_problem, make_org
from tests.factories_chat import post_chat, user, wait_turn
from tests.factories_copilots import make_agent
from tests.factories_tools import EchoServer, make_provider, make_tool


@pytest.fixture(scope="module")
def tools():
    server = EchoServer()
    yield server
    server.close()


@pytest.fixture(scope="module")
def world(client, tools):
    org = make_org(client)
    provider = make_provider(client, org, base_url=tools.url)
    lookup = make_tool(client, org, provider["id"], name="lookup_order", method="POST",
                       path="/orders")
    track = make_tool(client, org, provider["id"], name="track_parcel", method="POST",
                      path="/parcels")
    agent = make_agent(client, org, model={"provider": "echo", "name": "echo"},
                       tool_ids=[lookup["id"], track["id"]])
    return org, agent


def test_tool_calls_are_listed_on_the_answer_in_order(client, world):
    org, agent = world
    headers = user(org, "u-activity")
    turn = post_chat(client, headers, 'call lookup_order {"order_id": "A-1"}\n'
                                      'call track_parcel {"parcel": "P-9"}',
                     agent_id=agent["id"])
    thread_id = turn["thread"]["id"]
    wait_turn(client, headers, thread_id, turn["run"]["id"])
    plain = post_chat(client, headers, "thanks", agent_id=agent["id"], thread_id=thread_id)
    wait_turn(client, headers, thread_id, plain["run"]["id"])
    listed = client.get("/v1/messages", params={"thread_id": thread_id}, headers=headers)
    assert listed.status_code == 200, listed.text
    rows = listed.json()["messages"]
    assert [m["role"] for m in rows] == ["user", "assistant", "user", "assistant"]
    assert "activity" not in rows[0] and "activity" not in rows[2]
    calls = rows[1]["activity"]
    assert [(a["type"], a["name"], a["status"]) for a in calls] == [
        ("tool_call", "lookup_order", "succeeded"), ("tool_call", "track_parcel", "succeeded")]
    assert all(a["tool_call_id"] for a in calls)
    assert rows[3]["activity"] == []
    newest = client.get("/v1/messages", params={"thread_id": thread_id, "order": "desc",
                                                "limit": 3}, headers=headers).json()
    assert newest["messages"][2]["activity"] == calls  # the same on a newest-first page
    other = client.get("/v1/messages", params={"thread_id": thread_id},
                       headers=user(org, "u-someone-else"))
    assert_problem(other, 404)
