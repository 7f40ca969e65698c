"""The chat widget keeps the whole history, in a real Chromium: a 250-message thread is paged
backwards as the user scrolls up, to its first message, each message once and in order; the
conversation list goes past its first page; a reopened conversation shows its tool lines and
"Stopped." notes as they were (`activity` and `interrupted` of GET /v1/messages)."""
from __future__ import annotations

import types

import httpx
import pytest

from tests.factories import make_org
from tests.factories_chat import post_chat, read_stream, user, wait_turn
from tests.factories_copilots import make_agent, make_copilot
from tests.factories_tools import EchoServer, make_provider, make_tool
from tests.factories_turns import openai_agent, use_model_server
from tests.widget.pages import Backend, assistant_texts, host_page, shadow, wait_for
from testkit import text, tool_calls
from tests.waiting import scaled

TURNS = 125  # 250 messages


@pytest.fixture(scope="module")
def tools():
    server = EchoServer()
    yield server
    server.close()


@pytest.fixture(scope="module")
def world(client, model, tools):
    org = make_org(client)
    use_model_server(client, org, model)
    echo = make_agent(client, org, model={"provider": "echo", "name": "echo"})
    long = make_copilot(client, org, agents=[echo["id"]], sdk_ui={"position": "inline"})
    provider = make_provider(client, org, base_url=tools.url)
    tool = make_tool(client, org, provider["id"], name="lookup_order", method="POST",
                     path="/orders")
    agent = openai_agent(client, org, tool_ids=[tool["id"]])
    tooled = make_copilot(client, org, agents=[agent["id"]], sdk_ui={"position": "inline"})
    return types.SimpleNamespace(org=org, long=long, tooled=tooled)


def open_thread(context, served, world, copilot, user_id, title):
    page = context.new_page()
    backend = Backend(served, world.org, user_id)
    page.goto(backend.attach(page, host_page(served, copilot["id"])))
    wait_for(page, lambda: shadow(page, "h2.title").text_content() != "")
    shadow(page, "button.threads-btn").click()
    shadow(page, ".threads li button").filter(has_text=title).first.click()
    return page


def test_a_250_message_thread_scrolls_back_to_its_first_message(context, served, world,
                                                                client):
    headers = user(world.org, "u-long")
    first = post_chat(client, headers, "message 1", copilot_id=world.long["id"])
    thread_id = first["thread"]["id"]
    wait_turn(client, headers, thread_id, first["run"]["id"])
    for n in range(2, TURNS + 1):
        turn = post_chat(client, headers, f"message {n}", copilot_id=world.long["id"],
                         thread_id=thread_id)
        wait_turn(client, headers, thread_id, turn["run"]["id"])
    page = open_thread(context, served, world, world.long, "u-long", "message 1")
    wait_for(page, lambda: shadow(page, ".msg").count() >= 50)
    assert shadow(page, ".msg.user .body").last.inner_text() == f"message {TURNS}"
    log = "document.querySelector('agent-platform-chat').shadowRoot.querySelector('.log')"
    for _ in range(40):  # the user scrolls up, page after page
        if shadow(page, ".msg").count() == 2 * TURNS:
            break
        page.evaluate(f"{log}.scrollTop = 0")
        page.wait_for_timeout(150)
    wait_for(page, lambda: shadow(page, ".msg").count() == 2 * TURNS)
    said = shadow(page, ".msg.user .body").all_inner_texts()
    assert said == [f"message {n}" for n in range(1, TURNS + 1)]  # once each, in order
    assert assistant_texts(page) == said  # the echo model: each answer under its message
    page.evaluate(f"{log}.scrollTop = 0")
    first_box = shadow(page, ".msg.user").first.bounding_box()
    log_box = shadow(page, ".log").bounding_box()
    assert log_box["y"] <= first_box["y"] < log_box["y"] + log_box["height"]  # in view


def test_the_conversation_list_goes_past_its_first_page(context, served, world, client):
    headers = user(world.org, "u-many")
    for n in range(55):
        post_chat(client, headers, f"topic {n}", copilot_id=world.long["id"])
    page = context.new_page()
    backend = Backend(served, world.org, "u-many")
    page.goto(backend.attach(page, host_page(served, world.long["id"])))
    wait_for(page, lambda: shadow(page, "h2.title").text_content() != "")
    shadow(page, "button.threads-btn").click()
    wait_for(page, lambda: shadow(page, ".threads li button").count() == 50)
    more = shadow(page, "button.more-threads")
    more.click()
    wait_for(page, lambda: shadow(page, ".threads li button").count() == 55)
    assert more.is_hidden()
    titles = shadow(page, ".threads li button > span:first-child").all_inner_texts()
    assert sorted(titles) == sorted(f"topic {n}" for n in range(55))


def test_reopened_history_shows_tool_lines_and_stopped_notes(context, served, world, client,
                                                             model):
    headers = user(world.org, "u-past")
    model.enqueue(tool_calls(("c1", "lookup_order", {"order_id": "A-1"})),
                  text("Your order A-1 ships today."),
                  text(" ".join(f"word{i}" for i in range(80)), chunk_delay=0.1))
    first = post_chat(client, headers, "Where is A-1?", copilot_id=world.tooled["id"])
    thread_id = first["thread"]["id"]
    wait_turn(client, headers, thread_id, first["run"]["id"])
    second = post_chat(client, headers, "Talk for a while", thread_id=thread_id,
                       copilot_id=world.tooled["id"])
    with httpx.Client(base_url=served, timeout=scaled(20)) as http:  # a few words arrive
        read_stream(http, thread_id, headers, stop_after=4)
    stopped = client.delete("/v1/chat/stream", params={"thread_id": thread_id}, headers=headers)
    assert stopped.status_code in (200, 202, 204), stopped.text
    answer = wait_turn(client, headers, thread_id, second["run"]["id"])
    assert answer["interrupted"] is True
    listed = client.get("/v1/messages", params={"thread_id": thread_id}, headers=headers).json()
    answers = [m for m in listed["messages"] if m["role"] == "assistant"]
    assert answers[0]["activity"] == [{"type": "tool_call", "name": "lookup_order",
                                       "status": "succeeded", "tool_call_id": "c1"}]
    assert answers[1]["activity"] == []
    assert all("activity" not in m for m in listed["messages"] if m["role"] == "user")
    page = open_thread(context, served, world, world.tooled, "u-past", "Where is A-1?")
    wait_for(page, lambda: len(assistant_texts(page)) == 2)
    assert shadow(page, ".msg.assistant").first.locator(".steps li").all_inner_texts() == [
        "Used lookup_order"]
    stopped_reply = shadow(page, ".msg.assistant").nth(1)
    assert "cancelled" in stopped_reply.get_attribute("class")
    assert stopped_reply.locator(".note").inner_text() == "Stopped."
    assert assistant_texts(page)[0] == "Your order A-1 ships today."
