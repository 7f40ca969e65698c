"""The example host (examples/widget-host/host.py) in a real Chromium: its page loads the
widget's script from the service with the pinned SRI hash, its backend mints the session with
the API key (which never reaches the browser), a message streams through it, and a user
without credentials for an OAuth tool connects it from the widget's popup."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from tests.conftest import make_settings
from tests.factories import bearer
from tests.factories_copilots import make_agent, make_copilot
from tests.factories_identity import make_provider, mint
from tests.factories_tools import UvicornThread, free_port
from tests.widget.pages import assistant_texts, shadow, wait_for, wait_idle
from tests.servers_identity import OAuthServer

HOST = Path(__file__).resolve().parents[2] / "examples" / "widget-host" / "host.py"


def load_host():
    spec = importlib.util.spec_from_file_location("widget_host_example", HOST)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


PORT = free_port()  # the service's address is its OAuth callbacks' public URL


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return make_settings(database_url, tmp_path_factory.mktemp("data"),
                         public_url=f"http://127.0.0.1:{PORT}")


@pytest.fixture(scope="module")
def served(app):
    thread = UvicornThread(app, port=PORT)
    yield thread.url
    thread.close()


@pytest.fixture(scope="module")
def idp():
    with OAuthServer() as server:
        yield server


@pytest.fixture(scope="module")
def copilot(client, org):
    agent = make_agent(client, org, model={"provider": "echo", "name": "echo"})
    return make_copilot(client, org, agents=[agent["id"]],
                        sdk_ui={"title": "Example shop", "position": "bottom-right"})


@pytest.fixture
def example(served, org):
    """The example host in front of the service (--proxy), for a network chosen per test."""
    host, started = load_host(), []

    def start(copilot_id):
        server = host.serve(host.Config(served, org["key"], copilot_id, proxy=True), port=0)
        started.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/"

    yield start
    for server in started:
        server.shutdown()
        server.server_close()


def test_the_example_host_mints_a_session_and_its_page_chats(context, example, org, copilot):
    url = example(copilot["id"])
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


def test_a_user_connects_an_oauth_tool_from_the_widget(context, example, client, org, idp):
    pid = make_provider(org["id"], name="Calendar", secrets={"client_secret": "csecret"}, auth={
        "type": "oauth2", "authorize_url": f"{idp.url}/authorize",
        "token_url": f"{idp.url}/token", "client_id": "cid", "scopes": ["read"]})
    agent = make_agent(client, org, model={"provider": "echo", "name": "echo"},
                       tool_provider_ids=[pid])
    net = make_copilot(client, org, agents=[agent["id"]], sdk_ui={"position": "inline"})
    page = context.new_page()
    page.goto(example(net["id"]))
    button = shadow(page, ".connect button")
    button.wait_for()
    assert button.inner_text() == "Connect Calendar"
    with context.expect_page() as opened:
        button.click()
    popup = opened.value
    popup.wait_for_event("close", timeout=30_000)  # the widget closes it once connected
    button.wait_for(state="detached")
    assert shadow(page, ".connect").is_hidden()
    user_id = next(c["value"] for c in context.cookies() if c["name"] == "demo_user")
    token = mint(client, org, user_id)["access_token"]
    providers = client.get(f"/v1/copilots/{net['id']}", headers=bearer(token)).json()
    assert providers["runtimeAuthProviders"][0]["has_credentials"] is True
    assert len(idp.issued) == 1
