"""The chat widget for the web developer embedding it, in a real Chromium: a page served with a
strict Content Security Policy (no inline script or style) gets the widget styled and working,
its sessions minted through `session-url`; the refresh token is out of reach of the page's
scripts; the JS API (open, close, send, newThread) and the events (ready, open, close,
message, run-completed, error) work; labels follow the `locale` attribute (French; Arabic laid
out right to left)."""
from __future__ import annotations

import html
import json
import types

import pytest

from tests.factories import make_org
from tests.factories_copilots import make_agent, make_copilot
from tests.widget.pages import Backend, assistant_texts, shadow, wait_for, wait_idle

# the policy of the issue: scripts and styles from the service's origin only
POLICY = "default-src 'self'; script-src {origin}; style-src {origin}"
# what the page's own scripts may see: violations, and the widget's events
WATCH = """
window.__violations = [];
document.addEventListener('securitypolicyviolation',
    (e) => window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
"""


@pytest.fixture(scope="module")
def world(client):
    org = make_org(client)
    agent = make_agent(client, org, model={"provider": "echo", "name": "echo"})
    floating = make_copilot(client, org, agents=[agent["id"]],
                            sdk_ui={"title": "Shop help", "position": "bottom-right"})
    inline = make_copilot(client, org, agents=[agent["id"]],
                          sdk_ui={"title": "Inline help", "position": "inline"})
    return types.SimpleNamespace(org=org, floating=floating, inline=inline)


def strict_page(base_url: str, copilot_id: str, attrs: str = "") -> str:
    """A page with no inline script or style: the widget is configured by its attributes."""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Bank</title></head>
<body><main><h1>Bank</h1>
<agent-platform-chat base-url="{html.escape(base_url)}" copilot-id="{html.escape(copilot_id)}"
 session-url="/backend/session" {attrs}></agent-platform-chat></main>
<script src="{html.escape(base_url)}/widget/v1/chat.js"></script></body></html>"""


def open_strict(context, served, world, copilot, user_id, attrs=""):
    page = context.new_page()
    page.add_init_script(WATCH)
    backend = Backend(served, world.org, user_id)
    url = backend.attach(page, strict_page(served, copilot["id"], attrs))
    policy = POLICY.format(origin=served)
    page.route(url, lambda route: route.fulfill(
        status=200, body=strict_page(served, copilot["id"], attrs),
        headers={"Content-Type": "text/html; charset=utf-8", "Content-Security-Policy": policy}))
    page.goto(url)
    wait_for(page, lambda: shadow(page, "h2.title").text_content() != "")
    return page, backend


def test_under_a_strict_csp_the_widget_is_styled_and_chats(context, served, world):
    page, backend = open_strict(context, served, world, world.floating, "u-csp")
    launcher = shadow(page, "button.launcher")
    box = launcher.bounding_box()
    assert box["width"] == 56 and box["height"] == 56  # its stylesheet applies
    assert page.evaluate("""() => {
        const root = document.querySelector('agent-platform-chat').shadowRoot;
        const s = getComputedStyle(root.querySelector('.launcher'));
        return [s.position, s.borderRadius, root.querySelectorAll('style').length];
    }""") == ["fixed", "50%", 0]
    assert launcher.locator("svg").count() == 1  # an icon, not an emoji
    launcher.click()
    styles = page.evaluate("""() => {
        const root = document.querySelector('agent-platform-chat').shadowRoot;
        const css = (sel) => getComputedStyle(root.querySelector(sel));
        return {panel: css('.panel').position, send: css('.send').backgroundColor,
                srWidth: css('.sr').width, input: css('textarea').fontSize};
    }""")
    assert styles == {"panel": "fixed", "send": "rgb(29, 78, 216)", "srWidth": "1px",
                      "input": "16px"}
    shadow(page, "textarea").fill("hello under the policy")
    shadow(page, "textarea").press("Enter")
    wait_for(page, lambda: assistant_texts(page) == ["hello under the policy"])
    wait_idle(page)
    assert page.evaluate("window.__violations") == []
    assert backend.mints == 1  # through session-url


def test_the_refresh_token_is_out_of_reach_of_the_page(context, served, world):
    page, _ = open_strict(context, served, world, world.inline, "u-private")
    shadow(page, "textarea").fill("hi")
    shadow(page, "button.send").click()
    wait_idle(page)
    issued = [r for r in page.evaluate("() => performance.getEntriesByType('resource')"
                                       ".map(e => e.name)") if r.endswith("/backend/session")]
    assert issued
    # everything the page can enumerate on the element and its shadow root
    seen = page.evaluate("""() => {
        const el = document.querySelector('agent-platform-chat'), out = [];
        const walk = (obj, depth) => {
            if (depth > 3 || obj == null) return;
            for (const k of Object.getOwnPropertyNames(obj)) {
                let v; try { v = obj[k]; } catch (_) { continue; }
                if (typeof v === 'string') out.push(k + '=' + v);
                else if (v && typeof v === 'object' && !(v instanceof Node)) walk(v, depth + 1);
            }
        };
        walk(el, 0);
        out.push(JSON.stringify(sessionStorage), JSON.stringify(localStorage), document.cookie);
        return [out.join('\\n'), 'tokens' in el, el.tokens === undefined];
    }""")
    text, has_tokens, undefined = seen
    assert "sr_" not in text and "st_" not in text
    assert not has_tokens and undefined


def test_the_js_api_and_events(context, served, world):
    page, _ = open_strict(context, served, world, world.floating, "u-api")
    page.evaluate("""() => {
        window.__events = [];
        const el = document.querySelector('agent-platform-chat');
        for (const name of ['ready', 'open', 'close', 'message', 'run-completed', 'error'])
            el.addEventListener(name, (e) => window.__events.push([name, e.detail]));
    }""")
    chat = "document.querySelector('agent-platform-chat')"
    page.evaluate(f"{chat}.open()")
    assert shadow(page, ".panel").is_visible()
    assert page.evaluate(f"{chat}.send('sent by the page')") is True
    wait_for(page, lambda: assistant_texts(page) == ["sent by the page"])
    wait_idle(page)
    wait_for(page, lambda: any(e[0] == "run-completed" for e in page.evaluate("window.__events")))
    page.evaluate(f"{chat}.close()")
    assert shadow(page, ".panel").is_hidden()
    events = page.evaluate("window.__events")
    events = [e for e in events if e[0] != "ready"]  # ready came first, maybe before listening
    names = [e[0] for e in events]
    assert names == ["open", "message", "message", "run-completed", "close"], names
    user_said, answered, completed = events[1][1], events[2][1], events[3][1]
    assert (user_said["role"], user_said["text"]) == ("user", "sent by the page")
    assert (answered["role"], answered["text"]) == ("assistant", "sent by the page")
    assert answered["message_id"] and answered["thread_id"] == user_said["thread_id"]
    assert completed == {"run_id": user_said["run_id"], "status": "completed"}
    page.evaluate(f"{chat}.newThread()")
    assert shadow(page, ".msg").count() == 0
    assert page.evaluate(f"{chat}.send('   ')") is False  # nothing to send


# events of the element from the very start (the capture phase reaches window first, for
# events that do not bubble too)
LISTEN = """
window.__events = [];
for (const name of ['ready', 'error'])
    window.addEventListener(name, (e) => {
        if (e.target.tagName === 'AGENT-PLATFORM-CHAT') window.__events.push([name, e.detail]);
    }, true);
"""


def test_ready_once_started(context, served, world):
    page, _ = open_strict(context, served, world, world.inline, "u-ready")
    page.add_init_script(LISTEN)
    page.reload()
    wait_for(page, lambda: page.evaluate("window.__events.length"))
    assert page.evaluate("window.__events") == [["ready", {"copilot_id": world.inline["id"]}]]


def test_error_when_no_session_can_be_minted(context, served, world):
    failing = context.new_page()
    failing.add_init_script(LISTEN)
    failing.route(f"{served}/host.html", lambda route: route.fulfill(
        status=200, content_type="text/html; charset=utf-8",
        body=strict_page(served, world.inline["id"])))
    failing.route(f"{served}/backend/session", lambda route: route.fulfill(status=500, body="x"))
    failing.goto(f"{served}/host.html")
    failing.wait_for_function("window.__events.length > 0")
    name, detail = failing.evaluate("window.__events")[0]
    assert name == "error" and detail["status"] == 500
    assert shadow(failing, ".alert").inner_text() == \
        "Your chat session has ended. Reload the page to continue."


@pytest.mark.parametrize("locale, send, direction", [("fr", "Envoyer", "ltr"),
                                                     ("ar", "إرسال", "rtl")])
def test_labels_follow_the_locale_and_arabic_reads_right_to_left(context, served, world,
                                                                 locale, send, direction):
    page, _ = open_strict(context, served, world, world.inline, f"u-{locale}",
                          attrs=f'locale="{locale}"')
    assert shadow(page, "button.send").inner_text() == send
    assert shadow(page, ".wrap").get_attribute("dir") == direction
    assert shadow(page, ".wrap").get_attribute("lang") == locale
    shadow(page, "textarea").fill("bonjour")
    shadow(page, "button.send").click()
    wait_idle(page)
    user = shadow(page, ".msg.user").bounding_box()
    bot = shadow(page, ".msg.assistant").bounding_box()
    log = shadow(page, ".log").bounding_box()
    left = lambda box: box["x"] - log["x"]  # noqa: E731
    right = lambda box: log["x"] + log["width"] - (box["x"] + box["width"])  # noqa: E731
    if direction == "rtl":  # the user's message on the left, the reply on the right
        assert left(user) < 20 and right(bot) < 20
    else:
        assert left(bot) < 20 and right(user) < 20
    labels = json.loads(page.evaluate("""() => JSON.stringify([...document.querySelector(
        'agent-platform-chat').shadowRoot.querySelectorAll('[aria-label], .sr')]
        .map(n => n.getAttribute('aria-label') || n.textContent))"""))
    assert "Send" not in labels and "Helpful" not in labels


# the widget's labels: its texts, aria-labels, titles and placeholders
LABELS = """() => [...document.querySelector('agent-platform-chat').shadowRoot
    .querySelectorAll('button, textarea, input, [aria-label], .sr, .note')]
    .flatMap(n => [n.getAttribute('aria-label'), n.title, n.placeholder,
                   n.children.length ? null : n.textContent])
    .filter(Boolean).map(s => s.trim())"""


def test_a_changed_locale_relabels_what_is_already_shown(context, served, world):
    page, _ = open_strict(context, served, world, world.inline, "u-relabel")
    shadow(page, "textarea").fill("hello")
    shadow(page, "button.send").click()
    wait_idle(page)
    shadow(page, "button[aria-label=Helpful]").wait_for()
    english = page.evaluate(LABELS)
    for label in ("Send", "Type a message", "Conversations", "New conversation", "You said",
                  "Assistant said", "Helpful", "Not helpful", "Add a comment (optional)"):
        assert label in english
    page.evaluate("document.querySelector('agent-platform-chat').setAttribute('locale', 'fr')")
    french = page.evaluate(LABELS)
    for label in ("Envoyer", "Écrivez un message", "Nouvelle conversation", "Vous avez écrit",
                  "L’assistant a répondu", "Utile", "Pas utile",
                  "Ajouter un commentaire (facultatif)"):
        assert label in french
    assert not {"Send", "Type a message", "You said", "Helpful", "Not helpful"} & set(french)
    assert shadow(page, ".msg.user .body").inner_text() == "hello"  # messages are not labels
    assert assistant_texts(page) == ["hello"]
    page.evaluate("document.querySelector('agent-platform-chat').setAttribute('locale', 'ar')")
    assert shadow(page, ".wrap").get_attribute("dir") == "rtl"
    assert "مفيد" in page.evaluate(LABELS) and "Utile" not in page.evaluate(LABELS)
