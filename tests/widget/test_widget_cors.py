"""The chat widget on a page of another origin than the API, in a real Chromium: from an
origin the organization allows, it loads, streams, refreshes its session, resumes after a
reload (Last-Event-ID), stops and votes; from an origin it does not list, the browser lets
the page call nothing (and the widget says it cannot reach the service)."""
from __future__ import annotations

import types

import pytest

from server.app import load_spec
from tests.conftest import make_settings
from tests.factories import make_org
from tests.factories_copilots import make_copilot
from tests.factories_turns import openai_agent, use_model_server
from tests.widget.pages import Backend, assistant_texts, host_page, shadow, wait_for, wait_idle
from testkit import text

ACCESS_TTL = 3
if "/v1/organization/cors" not in load_spec()["paths"]:
    pytest.skip("the organization's allowed origins (CORS) are not in openapi.yaml",
                allow_module_level=True)
STORY = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen"


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return make_settings(database_url, tmp_path_factory.mktemp("data"),
                         session_access_ttl=ACCESS_TTL)


@pytest.fixture(scope="module")
def world(client, model):
    org = make_org(client)
    use_model_server(client, org, model)
    agent = openai_agent(client, org)
    net = make_copilot(client, org, agents=[agent["id"]], sdk_ui={"position": "inline"})
    return types.SimpleNamespace(org=org, net=net)


@pytest.fixture
def open_page(context, served, world, client):
    """A page of another origin than the API's (`localhost` for `127.0.0.1`, or another port),
    allowed by the organization or not."""
    backends = []

    def start(user_id, *, allowed):
        page = context.new_page()
        backend = Backend(served, world.org, user_id)
        backends.append(backend)
        url = backend.serve(page, host_page(served, world.net["id"]),
                            host="localhost" if allowed else "127.0.0.1")
        origin = url.rsplit("/", 1)[0]
        if allowed:
            resp = client.put("/v1/organization/cors", json={"allowed_origins": [origin]},
                              headers=world.org["headers"])
            assert resp.status_code == 200, resp.text
        page.goto(url)
        return page, backend, origin

    yield start
    for backend in backends:
        backend.close()


def test_an_allowed_origin_chats_across_origins(open_page, served, model):
    model.enqueue(text(STORY, chunk_delay=0.15), text("Second answer."))
    page, backend, origin = open_page("u-cors", allowed=True)
    wait_for(page, lambda: shadow(page, "h2.title").text_content() == "Chat")
    assert shadow(page, ".alert").is_hidden()
    shadow(page, "textarea").fill("Count for me")
    shadow(page, "button.send").click()
    wait_for(page, lambda: len((assistant_texts(page) or [""])[0].split()) >= 3)
    page.reload()  # resumes across origins with the Last-Event-ID header
    wait_for(page, lambda: assistant_texts(page) == [STORY])
    wait_idle(page)
    resumed = [r for r in backend.calls(r"/v1/chat/stream") if "last-event-id" in r[2]]
    assert resumed and resumed[-1][1].startswith(served)
    # the vote's answer once it is made (on a slow machine the short-lived access token may
    # have expired by now: the widget refreshes it and sends the vote again)
    with page.expect_response(lambda r: r.url.endswith("/v1/vote") and r.status != 401) as vote:
        shadow(page, "button[aria-label=Helpful]").click()
    assert vote.value.status == 200
    assert vote.value.headers["access-control-allow-origin"] == origin
    page.wait_for_timeout((ACCESS_TTL + 1.5) * 1000)
    shadow(page, "textarea").fill("Again")
    shadow(page, "button.send").click()
    wait_for(page, lambda: assistant_texts(page) == [STORY, "Second answer."])
    assert backend.calls(r"/v1/sessions/refresh$", "POST")  # refreshed across origins
    assert backend.mints == 2  # one per page load, none for the expired token
    assert shadow(page, ".alert").is_hidden()


def test_an_unlisted_origin_cannot_call_the_api(open_page, served):
    page, backend, origin = open_page("u-unlisted", allowed=False)
    alert = shadow(page, ".alert")
    alert.wait_for()
    assert "Can't reach the chat service" in alert.inner_text()
    assert backend.mints == 1  # the page's own backend answered; the API did not
    token = backend.mint()["access_token"]
    outcome = page.evaluate("""async ([url, token]) => {
        try {
            await fetch(url, {headers: {Authorization: 'Bearer ' + token}});
            return 'answered';
        } catch (e) { return e.name; }
    }""", [f"{served}/v1/threads", token])
    assert outcome == "TypeError"  # the browser refused: no CORS for this origin
