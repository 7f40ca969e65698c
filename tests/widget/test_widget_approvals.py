"""Tool approvals in the chat widget (real Chromium): a call waiting for the user's approval
shows the tool and its arguments as inert text with Approve / Deny buttons, operable with the
keyboard; the decision is sent with the session token and replaces the buttons; a pending
approval survives a reload; the reply then goes on."""
from __future__ import annotations

import types

import pytest

from tests.conftest import make_settings
from tests.factories import make_org
from tests.factories_copilots import make_copilot
from tests.factories_turns import EchoServer, http_tool, openai_agent, use_model_server
from tests.fixtures_turns import allow_loopback  # noqa: F401 (fixture)
from tests.widget.pages import Backend, assistant_texts, host_page, shadow, wait_for, wait_idle
from testkit import text, tool_calls

ARGS = {"order": "<img src=x onerror=\"window.__xss=1\">", "amount": 12}


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return make_settings(database_url, tmp_path_factory.mktemp("data"))


@pytest.fixture(scope="module")
def world(client, model):
    server = EchoServer()
    org = make_org(client)
    use_model_server(client, org, model)
    refund = http_tool(client, org, server, name="refund", path="/refund",
                       requires_approval=True)
    agent = openai_agent(client, org, tool_ids=[refund["id"]])
    net = make_copilot(client, org, agents=[agent["id"]], sdk_ui={"position": "inline"})
    yield types.SimpleNamespace(org=org, net=net, server=server)
    server.close()


def open_widget(context, served, world, user_id):
    page = context.new_page()
    backend = Backend(served, world.org, user_id)
    page.goto(backend.attach(page, host_page(served, world.net["id"])))
    wait_for(page, lambda: shadow(page, "textarea").count() == 1)
    return page


def ask(page, message):
    shadow(page, "textarea").fill(message)
    shadow(page, "button.send").click()
    wait_for(page, lambda: shadow(page, ".ask button").count() == 2)
    return shadow(page, ".ask")


def test_approve_with_the_keyboard_then_the_reply_goes_on(context, served, world, model,
                                                         client):
    model.enqueue(tool_calls(("c1", "refund", ARGS)), text("Refunded order 12."))
    seen = len(world.server.seen)
    page = open_widget(context, served, world, "u-approve")
    page.evaluate("""() => { window.__asked = [];
        document.querySelector('agent-platform-chat').addEventListener('approval-requested',
            (e) => window.__asked.push(e.detail)); }""")
    box = ask(page, "refund my order")
    [asked] = page.evaluate("window.__asked")  # the page hears of it (an event)
    assert (asked["call_id"], asked["name"], asked["arguments"]) == ("c1", "refund", ARGS)
    assert box.get_attribute("role") == "group"
    assert box.get_attribute("aria-label") == "Approval needed: refund"
    assert "Allow refund?" in box.inner_text()
    shown = box.locator("pre").inner_text()
    assert '"order": "<img src=x onerror=\\"window.__xss=1\\">"' in shown and '"amount": 12' in shown
    assert box.locator("img").count() == 0 and page.evaluate("window.__xss") is None
    assert [b.inner_text() for b in box.locator("button").all()] == ["Approve", "Deny"]
    assert len(world.server.seen) == seen  # nothing ran yet

    page.reload()  # still waiting after a reload
    wait_for(page, lambda: shadow(page, ".ask button").count() == 2)
    approve = shadow(page, ".ask button").first
    approve.focus()
    page.keyboard.press("Enter")
    wait_idle(page)
    assert shadow(page, ".ask .note").inner_text() == "Approved"
    assert shadow(page, ".ask button").count() == 0
    assert assistant_texts(page)[-1] == "Refunded order 12."
    assert len(world.server.seen) == seen + 1
    runs = client.get("/v1/runs?user_id=u-approve", headers=world.org["headers"]).json()["runs"]
    [decision] = [s for s in runs[0]["steps"] if s["type"] == "approval"]
    assert decision["decision"] == "approved"
    assert decision["decided_by"] == {"kind": "user", "user_id": "u-approve"}


def test_deny_shows_the_decision(context, served, world, model):
    model.enqueue(tool_calls(("c1", "refund", {"order": "B-2"})), text("I did not refund it."))
    seen = len(world.server.seen)
    page = open_widget(context, served, world, "u-deny")
    box = ask(page, "refund B-2")
    box.locator("button", has_text="Deny").click()
    wait_idle(page)
    assert shadow(page, ".ask .note").inner_text() == "Denied"
    assert assistant_texts(page)[-1] == "I did not refund it."
    assert len(world.server.seen) == seen
