"""The chat widget in a real Chromium, same origin as the service (the host page is fulfilled
at the service's origin; its backend mints sessions with the API key): a message streams in,
sdk_ui styles it, a reload mid-reply resumes with Last-Event-ID, an expired access token is
refreshed, a reply is stopped, voted on, a follow-up clicked, HTML from the model stays inert,
errors read as sentences, threads show their unread counts, and the launcher is keyboard
operable."""
from __future__ import annotations

import re
import types

import httpx
import pytest

from tests.conftest import make_settings
from tests.factories import ADMIN, make_org
from tests.factories_chat import read_stream, user
from tests.factories_copilots import make_agent, make_copilot
from tests.factories_turns import openai_agent, use_model_server
from tests.widget.pages import (Backend, StreamCutter, assistant_texts, host_page, painted,
                                shadow, wait_for, wait_idle)
from testkit import text, tool_calls
from tests.waiting import scaled

ACCESS_TTL = 3  # seconds: the widget outlives its access token within a test
UI = {"title": "Help desk", "theme": "dark", "accent_color": "#ffb000",
      "placeholder": "Ask about an order", "greeting": "Hi! **How** can I help?",
      "position": "inline"}
STORY = ("Once upon a time there was a small service that streamed every word of its "
         "answers one at a time to whoever was listening.")


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return make_settings(database_url, tmp_path_factory.mktemp("data"),
                         session_access_ttl=ACCESS_TTL)


@pytest.fixture(scope="module")
def world(client, model):
    org = make_org(client)
    use_model_server(client, org, model)
    agent = openai_agent(client, org)
    plain = make_copilot(client, org, agents=[agent["id"]], sdk_ui=UI)
    with_followups = make_copilot(client, org, agents=[agent["id"]],
                                  sdk_ui={"title": "Suggest", "position": "inline"},
                                  followup_instructions=[{"type": "text",
                                                          "content": "Two short questions."}])
    floating = make_copilot(client, org, agents=[agent["id"]],
                            sdk_ui={"title": "Corner", "position": "bottom-left"})
    return types.SimpleNamespace(org=org, agent=agent, plain=plain, followups=with_followups,
                                 floating=floating)


def open_widget(context, served, org, copilot, user_id, **mint):
    page = context.new_page()
    backend = Backend(served, org, user_id, **mint)
    page.goto(backend.attach(page, host_page(served, copilot["id"])))
    wait_for(page, lambda: shadow(page, "h2.title").text_content() != "")
    painted(page)
    return page, backend


def say(page, message: str) -> None:
    shadow(page, "textarea").fill(message)
    shadow(page, "button.send").click()


def test_a_message_streams_in_styled_by_sdk_ui_and_keyboard_operable(context, served, world,
                                                                      model):
    model.enqueue(text(STORY, chunk_delay=0.1))
    page, _ = open_widget(context, served, world.org, world.plain, "u-stream")
    assert shadow(page, "h2.title").inner_text() == "Help desk"
    assert shadow(page, ".greeting strong").inner_text() == "How"
    box = shadow(page, "textarea")
    assert box.get_attribute("placeholder") == "Ask about an order"
    assert shadow(page, "label").get_attribute("for") == box.get_attribute("id")
    log = shadow(page, ".log")
    assert log.get_attribute("role") == "log" and log.get_attribute("aria-live") == "polite"
    colors = page.evaluate("""() => {
        const root = document.querySelector('agent-platform-chat').shadowRoot;
        const css = (sel, prop) => getComputedStyle(root.querySelector(sel)).getPropertyValue(prop);
        return {accent: css('.wrap', '--ap-accent').trim(), sendBg: css('.send', 'background-color'),
                sendFg: css('.send', 'color'), panel: css('.panel', 'background-color'),
                text: css('.panel', 'color')};
    }""")
    assert colors["accent"] == "#ffb000" and colors["sendBg"] == "rgb(255, 176, 0)"
    assert colors["panel"] == "rgb(17, 24, 39)"  # the dark theme
    assert contrast(colors["sendFg"], colors["sendBg"]) >= 4.5
    assert contrast(colors["text"], colors["panel"]) >= 4.5

    box.focus()  # the keyboard alone: type, Enter sends
    page.keyboard.type("Tell me a story")
    page.keyboard.press("Enter")
    partial = wait_for(page, lambda: (assistant_texts(page) or [""])[0])
    assert STORY.startswith(partial) and partial != STORY  # seen while it streams
    assert shadow(page, ".msg.assistant[aria-busy=true]").count() == 1
    wait_idle(page)
    assert assistant_texts(page) == [STORY]
    assert shadow(page, ".msg.user .body").inner_text() == "Tell me a story"
    timing = page.evaluate("window.__widget")
    assert timing["firstDelta"] is not None and timing["visible"] is not None
    assert timing["visible"] - timing["firstDelta"] < 100, timing


def contrast(fg: str, bg: str) -> float:
    def lum(rgb):
        parts = [int(x) / 255 for x in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3]]
        c = [v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4 for v in parts]
        return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
    a, b = lum(fg), lum(bg)
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)


def test_a_reload_mid_reply_resumes_with_last_event_id_and_shows_the_rest_once(
        context, served, world, model):
    model.enqueue(text(STORY, chunk_delay=0.15))
    page, backend = open_widget(context, served, world.org, world.plain, "u-reload")
    say(page, "Tell me a story")
    wait_for(page, lambda: len((assistant_texts(page) or [""])[0].split()) >= 4)
    page.reload()
    shadow(page, ".msg.user").wait_for()
    wait_idle(page)
    assert assistant_texts(page) == [STORY]
    assert shadow(page, ".msg.user .body").all_inner_texts() == ["Tell me a story"]
    resumed = [r for r in backend.calls(r"/v1/chat/stream") if "last-event-id" in r[2]]
    assert resumed and int(resumed[-1][2]["last-event-id"]) >= 2


def test_a_dropped_connection_mid_reply_resumes_with_nothing_lost_or_doubled(
        context, served, world, model):
    model.enqueue(text(STORY, chunk_delay=0.1))
    cutter = StreamCutter(int(served.rsplit(":", 1)[1]))
    try:
        page = context.new_page()
        backend = Backend(served, world.org, "u-drop")
        page.goto(backend.attach(page, host_page(cutter.url, world.plain["id"]),
                                 origin=cutter.url))
        wait_for(page, lambda: shadow(page, "h2.title").text_content() != "")
        say(page, "Tell me a story")
        wait_idle(page)
        assert cutter.cut.is_set()
        assert assistant_texts(page) == [STORY]
        streams = backend.calls(r"/v1/chat/stream\?", "GET")
        assert len(streams) >= 2 and "last-event-id" not in streams[0][2]
        assert int(streams[1][2]["last-event-id"]) >= 2  # after run.started and one delta
    finally:
        cutter.close()


def test_an_expired_access_token_is_refreshed_and_the_chat_goes_on(context, served, world,
                                                                    model):
    model.enqueue(text("First answer."), text("Second answer."))
    page, backend = open_widget(context, served, world.org, world.plain, "u-expire")
    say(page, "one")
    wait_idle(page)
    page.wait_for_timeout((ACCESS_TTL + 1.5) * 1000)
    say(page, "two")
    wait_idle(page)
    assert assistant_texts(page) == ["First answer.", "Second answer."]
    assert backend.calls(r"/v1/sessions/refresh$", "POST")
    assert backend.mints == 1  # refreshed with the refresh token, not minted again
    assert shadow(page, ".alert").is_hidden()


def test_stop_cancels_the_reply(context, served, world, model):
    model.enqueue(text(" ".join(f"word{i}" for i in range(60)), chunk_delay=0.2))
    page, backend = open_widget(context, served, world.org, world.plain, "u-stop")
    say(page, "Talk for a while")
    wait_for(page, lambda: (assistant_texts(page) or [""])[0])
    shadow(page, "button.stop").click()
    wait_idle(page)
    assert shadow(page, ".msg.assistant.cancelled .note").inner_text() == "Stopped."
    assert "word59" not in assistant_texts(page)[0]
    assert backend.calls(r"/v1/chat/stream\?thread_id=", "DELETE")
    assert shadow(page, "button.stop").is_hidden()
    relabel(page, "fr")  # the note is a label: it follows the locale
    assert shadow(page, ".msg.assistant.cancelled .note").inner_text() == "Arrêté."


def test_a_vote_with_a_comment_is_recorded(context, served, world, model):
    model.enqueue(text("Your order ships today."))
    page, _ = open_widget(context, served, world.org, world.plain, "u-vote")
    say(page, "Where is my order?")
    wait_idle(page)
    with page.expect_response(lambda r: r.url.endswith("/v1/vote")) as first:
        shadow(page, "button[aria-label=Helpful]").click()
    assert first.value.status == 200 and first.value.json()["vote"]["value"] == "up"
    assert shadow(page, "button[aria-label=Helpful]").get_attribute("aria-pressed") == "true"
    shadow(page, "input[aria-label='Comment on this answer']").fill("Quick and clear")
    with page.expect_response(lambda r: r.url.endswith("/v1/vote")) as second:
        shadow(page, ".actions button:has-text('Send feedback')").click()
    vote = second.value.json()["vote"]
    assert (vote["value"], vote["comment"]) == ("up", "Quick and clear")
    shadow(page, ".actions .note").wait_for()


def test_a_follow_up_suggestion_is_sent_when_clicked(context, served, world, model):
    model.enqueue(text("It is sunny."), text("What about tomorrow?\nAnd next week?"),
                  text("Rain tomorrow."))
    page, _ = open_widget(context, served, world.org, world.followups, "u-followup")
    say(page, "Weather?")
    wait_idle(page)
    buttons = shadow(page, ".followups button")
    buttons.first.wait_for()
    assert buttons.all_inner_texts() == ["What about tomorrow?", "And next week?"]
    buttons.first.click()
    wait_for(page, lambda: len(assistant_texts(page)) == 2)
    wait_idle(page)
    assert shadow(page, ".msg.user .body").all_inner_texts() == ["Weather?",
                                                                 "What about tomorrow?"]
    assert assistant_texts(page)[1] == "Rain tomorrow."


def test_handoffs_show_as_progress_in_the_reply(context, served, world, client, model):
    billing = openai_agent(client, world.org, name="Billing")
    net = make_copilot(client, world.org, agents=[world.agent["id"], billing["id"]],
                       sdk_ui={"position": "inline"})
    model.enqueue(tool_calls(("handoff_to_Billing", {"reason": "an invoice question"})),
                  text("Billing here: your invoice is paid."))
    page, _ = open_widget(context, served, world.org, net, "u-handoff")
    say(page, "Is my invoice paid?")
    wait_idle(page)
    assert shadow(page, ".steps li").all_inner_texts() == [
        "Passed to another assistant: an invoice question"]
    assert assistant_texts(page) == ["Billing here: your invoice is paid."]
    relabel(page, "fr")  # the progress line is relabelled, the reason kept as it is
    assert shadow(page, ".steps li").all_inner_texts() == [
        "Transmis à un autre assistant: an invoice question"]


def relabel(page, locale: str) -> None:
    page.evaluate("(l) => document.querySelector('agent-platform-chat').setAttribute("
                  "'locale', l)", locale)


XSS = ('<img src=x onerror="window.__xss=1"> <script>window.__xss=2</script> '
       '[click me](javascript:window.__xss=3) and [docs](https://example.com/docs) **done**')


def test_html_and_script_in_a_reply_stay_inert(context, served, world, model):
    model.enqueue(text(XSS))
    page, _ = open_widget(context, served, world.org, world.plain, "u-xss")
    say(page, '<b onmouseover="window.__xss=4">bold?</b>')
    wait_idle(page)
    reply = shadow(page, ".msg.assistant:not(.greeting)")
    assert "<img src=x" in reply.inner_text() and "<script>" in reply.inner_text()
    assert page.evaluate("""() => {
        const root = document.querySelector('agent-platform-chat').shadowRoot;
        return root.querySelectorAll('img, script, iframe, [onerror], [onmouseover]').length;
    }""") == 0
    links = reply.locator("a")
    assert links.count() == 1  # the javascript: link is text
    assert links.get_attribute("href") == "https://example.com/docs"
    assert links.get_attribute("rel") == "noopener noreferrer"
    assert links.get_attribute("target") == "_blank"
    assert reply.locator("strong").inner_text() == "done"
    shadow(page, ".msg.user .body").hover()
    assert page.evaluate("window.__xss") is None
    assert shadow(page, ".msg.user .body").inner_text() == '<b onmouseover="window.__xss=4">bold?</b>'


def test_errors_read_as_sentences(context, served, world, client):
    resp = client.post("/v1/groups", json={"group_id": "capped", "spend_cap_usd": 0},
                       headers=world.org["headers"])
    assert resp.status_code == 201, resp.text
    page, _ = open_widget(context, served, world.org, world.plain, "u-capped",
                          group_id="capped")
    say(page, "Hello?")
    alert = shadow(page, ".alert")
    alert.wait_for()
    assert "spending limit" in alert.inner_text()
    assert shadow(page, "textarea").input_value() == "Hello?"  # kept to send again
    context.set_offline(True)
    try:
        shadow(page, "button.send").click()
        wait_for(page, lambda: "Can't reach the chat service" in alert.inner_text())
    finally:
        context.set_offline(False)


def test_a_used_up_quota_says_when_to_try_again(context, served, client):
    org = make_org(client)
    resp = client.put(f"/v1/admin/orgs/{org['id']}/limits", json={"runs_per_month": 1},
                      headers=ADMIN)
    assert resp.status_code == 200, resp.text
    agent = make_agent(client, org, model={"provider": "echo", "name": "echo"})
    net = make_copilot(client, org, agents=[agent["id"]], sdk_ui={"position": "inline"})
    page, backend = open_widget(context, served, org, net, "u-quota")
    say(page, "first")
    wait_idle(page)
    with page.expect_response(lambda r: r.url.endswith("/v1/chat")) as refused:
        say(page, "second")
    assert refused.value.status == 429 and int(refused.value.headers["retry-after"]) > 0
    alert = shadow(page, ".alert")
    alert.wait_for()
    assert re.fullmatch(r"The usage limit is reached for now\. Please try again in "
                        r"\d+ (seconds?|minutes?|hours?|days?)\.", alert.inner_text())
    assert assistant_texts(page) == ["first"]


def test_threads_show_unread_counts_and_open_on_click(context, served, world, client, model):
    model.enqueue(text("A reply you have not read."))
    headers = user(world.org, "u-threads")
    turn = client.post("/v1/chat", json={"copilot_id": world.plain["id"], "message": "Earlier"},
                       headers=headers)
    assert turn.status_code == 202, turn.text
    thread_id = turn.json()["thread"]["id"]
    with httpx.Client(base_url=served, timeout=scaled(20)) as http:
        read_stream(http, thread_id, headers)  # until the turn's final event
    page, _ = open_widget(context, served, world.org, world.plain, "u-threads")
    shadow(page, "button.threads-btn").click()
    item = shadow(page, ".threads li button").first
    item.wait_for()
    assert "Earlier" in item.inner_text()
    assert item.locator(".badge").get_attribute("aria-label") == "1 unread"
    item.click()
    wait_for(page, lambda: assistant_texts(page) == ["A reply you have not read."])
    wait_for(page, lambda: client.get("/v1/threads", headers=headers).json()["threads"][0]
             ["unread_count"] == 0)


def test_the_launcher_opens_and_closes_the_panel_with_the_keyboard(context, served, world):
    page, _ = open_widget(context, served, world.org, world.floating, "u-launcher")
    launcher = shadow(page, "button.launcher")
    assert launcher.is_visible() and shadow(page, ".panel").is_hidden()
    assert launcher.get_attribute("aria-expanded") == "false"
    page.focus("#before")
    page.keyboard.press("Tab")  # the launcher follows the page's own controls
    assert page.evaluate("document.activeElement.tagName") == "AGENT-PLATFORM-CHAT"
    page.keyboard.press("Enter")
    assert shadow(page, ".panel").is_visible()
    assert launcher.get_attribute("aria-expanded") == "true"
    active = "() => document.querySelector('agent-platform-chat').shadowRoot.activeElement.className"
    assert page.evaluate(active) == ""  # the message box (no class)
    assert page.evaluate("() => document.querySelector('agent-platform-chat').shadowRoot"
                         ".activeElement.tagName") == "TEXTAREA"
    page.keyboard.press("Escape")
    assert shadow(page, ".panel").is_hidden()
    assert page.evaluate(active) == "launcher"


def message_roles(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelector('agent-platform-chat').shadowRoot
        .querySelectorAll('.msg:not(.greeting)')].map(m => m.classList.contains('user') ? 'user' : 'assistant')""")


def test_with_enqueue_a_message_sent_while_a_reply_streams_is_answered_after_it(
        context, served, world, model):
    model.enqueue(text(STORY, chunk_delay=0.1), text("Second answer."))
    page, _ = open_widget_with(context, served, world, "u-enqueue", "enqueue")
    say(page, "Tell me a story")
    wait_for(page, lambda: (assistant_texts(page) or [""])[0])
    assert shadow(page, "button.send").is_enabled()  # sending is not held while it streams
    say(page, "And then?")
    shadow(page, ".msg.assistant.queued").wait_for()  # its reply waits in line
    shadow(page, ".msg.assistant.queued").wait_for(state="detached", timeout=20_000)
    wait_idle(page)
    assert assistant_texts(page) == [STORY, "Second answer."]
    assert message_roles(page) == ["user", "assistant", "user", "assistant"]
    assert shadow(page, ".msg.assistant .note").count() == 0
    assert shadow(page, ".alert").is_hidden()


def test_with_interrupt_a_message_stops_the_reply_and_is_answered(context, served, world,
                                                                 model):
    model.enqueue(text(" ".join(f"word{i}" for i in range(60)), chunk_delay=0.2),
                  text("Fresh answer."))
    page, _ = open_widget_with(context, served, world, "u-interrupt", "interrupt")
    say(page, "Talk for a while")
    wait_for(page, lambda: (assistant_texts(page) or [""])[0])
    say(page, "Never mind")
    wait_for(page, lambda: assistant_texts(page)[1:] == ["Fresh answer."])
    wait_idle(page)
    first, second = assistant_texts(page)
    assert first.startswith("word0") and "word59" not in first
    assert second == "Fresh answer."
    assert shadow(page, ".msg.assistant.cancelled .note").inner_text() == "Stopped."
    assert message_roles(page) == ["user", "assistant", "user", "assistant"]


def open_widget_with(context, served, world, user_id: str, strategy: str):
    page = context.new_page()
    backend = Backend(served, world.org, user_id)
    page.goto(backend.attach(page, host_page(served, world.plain["id"],
                                             attrs=f'multitask-strategy="{strategy}"')))
    wait_for(page, lambda: shadow(page, "h2.title").text_content() != "")
    painted(page)
    return page, backend
