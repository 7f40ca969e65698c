"""How the chat widget looks and feels, in a real Chromium: full screen on a 390×844 phone (the
title whole, a 16 px message box so that iOS does not zoom, safe areas); axe-core finds no
violation in the light and the dark theme; a typing indicator until the first words; a
disabled Send that looks disabled; the page's CSS variables win in the dark theme; a long reply
is rendered a block at a time (its frames' durations: `python -m bench widget`)."""
from __future__ import annotations

import types

import pytest

from tests.factories import make_org
from tests.factories_copilots import make_copilot
from tests.factories_turns import openai_agent, use_model_server
from tests.widget.pages import (Backend, assistant_texts, axe_violations, host_page, shadow,
                                wait_for, wait_idle)
from testkit import text

TITLE = "Demo shop assistant"


def long_reply(words: int) -> str:
    """A reply of about `words` words in Markdown: paragraphs, lists, code, emphasis."""
    parts, n = [], 0
    while n < words:
        k = len(parts)
        parts.append(f"Paragraph {k} with **bold**, _emphasis_, `code` and a "
                     f"[link](https://example.com/{k}) " + " ".join(f"word{i}" for i in range(40)))
        parts.append(f"- item one of {k}\n- item two with `x_{k}`\n- item three")
        parts.append(f"```\nblock {k}\n  indented line\n```")
        n += 62
    return "\n\n".join(parts)


@pytest.fixture(autouse=True)
def fresh(model):
    model.reset()  # a test that failed leaves no reply for the next one
    yield


@pytest.fixture(scope="module")
def world(client, model):
    org = make_org(client)
    use_model_server(client, org, model)
    agent = openai_agent(client, org)
    nets = {name: make_copilot(client, org, agents=[agent["id"]], sdk_ui={
        "title": TITLE, "theme": theme, "position": position,
        # the greeting uses the fonts of a reply (the first use of a font costs a lookup)
        "greeting": "Hello! **Ask** _away_:\n\n- `code` and [links](https://example.com)"})
        for name, theme, position in (("phone", "auto", "bottom-right"),
                                      ("light", "light", "inline"), ("dark", "dark", "inline"))}
    return types.SimpleNamespace(org=org, **nets)


def open_widget(context, served, world, copilot, user_id, **kwargs):
    page = context.new_page()
    backend = Backend(served, world.org, user_id)
    body = host_page(served, copilot["id"], **kwargs).replace(  # a page made for phones too
        '<meta charset="utf-8">', '<meta charset="utf-8"><meta name="viewport" '
        'content="width=device-width, initial-scale=1">')
    page.goto(backend.attach(page, body))
    wait_for(page, lambda: shadow(page, "h2.title").text_content() != "")
    return page


def test_on_a_phone_the_chat_is_full_screen_with_its_whole_title(browser, served, world, model):
    model.enqueue(text("Sure."))
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                has_touch=True, device_scale_factor=3)
    try:
        page = open_widget(phone, served, world, world.phone, "u-phone")
        shadow(page, "button.launcher").click()
        panel = shadow(page, ".panel").bounding_box()
        assert panel == {"x": 0, "y": 0, "width": 390, "height": 844}
        title = page.evaluate("""() => {
            const h = document.querySelector('agent-platform-chat').shadowRoot.querySelector('h2');
            return [h.textContent, h.scrollWidth <= h.clientWidth];
        }""")
        assert title == [TITLE, True]  # not cut
        sizes = page.evaluate("""() => {
            const root = document.querySelector('agent-platform-chat').shadowRoot;
            return [...root.querySelectorAll('textarea, input')].map(
                n => getComputedStyle(n).fontSize);
        }""")
        assert sizes and set(sizes) == {"16px"}  # iOS zooms on focus below 16 px
        for selector in ("button.send", "button.close-btn", "button.threads-btn"):
            box = shadow(page, selector).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] >= 32
        shadow(page, "textarea").fill("hi")
        shadow(page, "button.send").click()
        wait_idle(page)
        assert assistant_texts(page) == ["Sure."]
        shadow(page, "button.close-btn").click()
        launcher = shadow(page, "button.launcher").bounding_box()
        assert launcher["x"] + launcher["width"] <= 390
        assert launcher["y"] + launcher["height"] <= 844
    finally:
        phone.close()


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_axe_finds_no_violation(context, served, world, model, theme):
    model.enqueue(text("Here is **a list**:\n\n- one\n- two `code`\n\n"
                       "[A link](https://example.com) and a table of nothing."))
    page = open_widget(context, served, world, getattr(world, theme), f"u-axe-{theme}")
    shadow(page, "textarea").fill("Show me")
    shadow(page, "button.send").click()
    wait_idle(page)
    shadow(page, "button[aria-label=Helpful]").click()
    shadow(page, "input[aria-label='Comment on this answer']").wait_for()
    shadow(page, "button.threads-btn").click()
    shadow(page, ".threads li button").first.wait_for()
    assert axe_violations(page) == []


def test_typing_indicator_then_text_and_send_looks_disabled(context, served, world, model):
    model.enqueue(text("One two three four five six.", delay=1.0, chunk_delay=0.2))
    page = open_widget(context, served, world, world.light, "u-typing")
    send = shadow(page, "button.send")
    assert float(send.evaluate("b => getComputedStyle(b).opacity")) == 1
    shadow(page, "textarea").fill("Hello")
    send.click()
    shadow(page, ".msg.assistant[aria-busy] .typing").wait_for()  # before any word
    assert shadow(page, ".msg.assistant[aria-busy] .body").text_content() == ""
    assert send.is_disabled()
    assert float(send.evaluate("b => getComputedStyle(b).opacity")) < 0.6
    assert send.evaluate("b => getComputedStyle(b).cursor") == "not-allowed"
    shadow(page, "textarea").fill("And more?")
    shadow(page, "textarea").press("Enter")  # not silent: it says why
    wait_for(page, lambda: "still answering" in shadow(page, ".alert").inner_text())
    wait_for(page, lambda: (assistant_texts(page) or [""])[0])
    assert shadow(page, ".typing").count() == 0
    wait_idle(page)


def test_the_pages_css_variables_win_in_the_dark_theme(context, served, world):
    page = context.new_page()
    backend = Backend(served, world.org, "u-vars")
    body = host_page(served, world.dark["id"]).replace(
        "</head>", "<style>agent-platform-chat{--ap-bg:#202020;--ap-fg:#fafafa;"
                   "--ap-accent:#0f766e}</style></head>")
    page.goto(backend.attach(page, body))
    shadow(page, ".greeting").wait_for()
    colors = page.evaluate("""() => {
        const root = document.querySelector('agent-platform-chat').shadowRoot;
        const css = (sel, p) => getComputedStyle(root.querySelector(sel))[p];
        return [css('.panel', 'backgroundColor'), css('.panel', 'color'),
                css('.send', 'backgroundColor'), css('.msg.assistant', 'backgroundColor')];
    }""")
    assert colors == ["rgb(32, 32, 32)", "rgb(250, 250, 250)", "rgb(15, 118, 110)",
                      "rgb(31, 41, 55)"]  # what the page did not set: the dark theme's


def test_a_long_reply_is_rendered_incrementally(context, served, world, model):
    """Each frame renders only the reply's unsettled tail: a block once complete is never built
    again (the same DOM node from its first frame to the end). How long the frames take is
    measured by `python -m bench widget` (a test asserts behaviour, not speed)."""
    reply = long_reply(3000)
    assert len(reply.split()) >= 3000
    model.enqueue(text(reply, chunk_delay=0.002))
    page = open_widget(context, served, world, world.light, "u-long-reply")
    shadow(page, "textarea").fill("Tell me everything")
    shadow(page, "button.send").click()
    wait_for(page, lambda: shadow(page, ".msg.assistant[aria-busy] .body pre").count() >= 5)
    page.evaluate("""() => { window.__first = document.querySelector('agent-platform-chat')
        .shadowRoot.querySelector('.msg.assistant[aria-busy] .body > p'); }""")  # settled
    assert shadow(page, ".msg.assistant[aria-busy]").count() == 1  # still streaming
    wait_idle(page, timeout=60)
    shown = assistant_texts(page)[0]
    assert "Paragraph 0 with bold, emphasis, code" in shown and shown.count("block ") >= 40
    assert shadow(page, ".msg.assistant .body pre").count() == reply.count("```") // 2
    assert page.evaluate("""() => window.__first === document.querySelector(
        'agent-platform-chat').shadowRoot.querySelector('.msg.assistant:not(.greeting) .body > p')
        && window.__first.isConnected""")
