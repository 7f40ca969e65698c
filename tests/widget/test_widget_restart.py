"""The service restarts mid-answer, with the chat widget open in a real Chromium: the widget says
it is reconnecting, and once the service is back the user reads, in plain words, that the
answer was interrupted (the starting service interrupts at once the turns the stopped one left
running: jobs/orphans.py), with a button to ask again, which works. No internal error text is
shown, and the 60 seconds after which recovery would call the turn stale are not waited for."""
from __future__ import annotations

import httpx
import pytest

from tests.factories_copilots import make_copilot
from tests.factories_turns import openai_agent, use_model_server
from tests.widget.pages import Backend, assistant_texts, host_page, shadow, wait_for, wait_idle
from tests.processes import Serve, admin_org, env_for
from testkit import text
from tests.waiting import scaled

STORY = " ".join(f"word{i}" for i in range(80))


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    data = tmp_path_factory.mktemp("restart")
    env = env_for(f"sqlite:///{data}/restart.db", data, AGENT_PLATFORM_TURN_STALE_MS="60000")
    serve = Serve(env, log=data / "serve.log").start()
    yield serve
    serve.stop()


def test_a_restart_mid_answer_says_it_was_interrupted_and_the_user_retries(
        context, service, model):
    with httpx.Client(base_url=service.url, timeout=scaled(20)) as http:
        org = admin_org(http)
        use_model_server(http, org, model)
        agent = openai_agent(http, org)
        net = make_copilot(http, org, agents=[agent["id"]],
                           sdk_ui={"title": "Support", "position": "inline"})
    model.enqueue(text(STORY, chunk_delay=0.2))
    page = context.new_page()
    backend = Backend(service.url, org, "u-restart")
    page.goto(backend.attach(page, host_page(service.url, net["id"])))
    wait_for(page, lambda: shadow(page, "h2.title").text_content() == "Support")
    shadow(page, "textarea").fill("Tell me a long story")
    shadow(page, "button.send").click()
    wait_for(page, lambda: len((assistant_texts(page) or [""])[0].split()) >= 3)

    service.kill()  # the service stops mid-answer
    alert = shadow(page, ".alert")
    wait_for(page, lambda: "Reconnecting" in alert.inner_text())
    shadow(page, "textarea").fill("Hello?")
    shadow(page, "textarea").press("Enter")  # while it reconnects, Enter says why it waits
    wait_for(page, lambda: "still answering" in alert.inner_text())
    service.start()

    reply = shadow(page, ".msg.assistant.failed")
    reply.wait_for(timeout=20_000)  # well before the 60 s after which a turn is stale
    assert reply.locator(".note").inner_text().startswith(
        "The answer was interrupted before it finished.")
    assert "process" not in page.locator("agent-platform-chat").inner_text()
    assert assistant_texts(page)[0].startswith("word0")  # what arrived is kept
    assert shadow(page, "button.send").is_enabled()
    assert alert.is_hidden()
    model.enqueue(text("Here is the whole story."))
    reply.locator("button.retry").click()
    wait_for(page, lambda: assistant_texts(page)[1:] == ["Here is the whole story."])
    wait_idle(page)
    assert shadow(page, ".msg.user .body").all_inner_texts() == ["Tell me a long story"] * 2
