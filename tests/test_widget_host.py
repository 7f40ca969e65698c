"""The example host (examples/widget-host/host.py) in a real Chromium: its page loads the
widget's script from the service with the pinned SRI hash, its backend mints the session with
the API key (which never reaches the browser), and a message streams through it."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.factories import make_org
from tests.factories_copilots import make_agent, make_copilot
from tests.fixtures_widget import (assistant_texts, browser, context, served, shadow,  # noqa: F401
                                   wait_for, wait_idle)

HOST = Path(__file__).resolve().parent.parent / "examples" / "widget-host" / "host.py"


def load_host():
    spec = importlib.util.spec_from_file_location("widget_host_example", HOST)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def org(client):
    return make_org(client)


@pytest.fixture(scope="module")
def copilot(client, org):
    agent = make_agent(client, org, model={"provider": "echo", "name": "echo"})
    return make_copilot(client, org, agents=[agent["id"]],
                        sdk_ui={"title": "Example shop", "position": "bottom-right"})


def test_the_example_host_mints_a_session_and_its_page_chats(context, served, org, copilot):
    host = load_host()
    server = host.serve(host.Config(served, org["key"], copilot["id"], proxy=True), port=0)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        page = context.new_page()
        seen = []
        page.on("request", lambda r: seen.append((r.url, r.headers, r.post_data or "")))
        errors, failed = [], []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
        page.goto(url)
        launcher = shadow(page, "button.launcher")
        launcher.click()
        wait_for(page, lambda: shadow(page, "h2.title").text_content() == "Example shop")
        shadow(page, "textarea").fill("hello from the example")
        shadow(page, "button.send").click()
        wait_for(page, lambda: assistant_texts(page) == ["hello from the example"])
        wait_idle(page)
        assert [u for u in failed if not u.endswith("/favicon.ico")] == []
        assert not [e for e in errors if "integrity" in e], errors  # the SRI hash matched
        assert any(u.endswith("/widget/v1/chat.js") for u, _, _ in seen)
        assert all(org["key"] not in u + str(h) + b for u, h, b in seen)  # never the key
        assert page.context.cookies()[0]["name"] == "demo_user"
    finally:
        server.shutdown()
        server.server_close()
