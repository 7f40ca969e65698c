"""A service on the embedded default killed mid-answer: when it starts again it interrupts at
once the turn the killed process left running (jobs/orphans.py): a client reconnecting with
Last-Event-ID gets the turn's `run.failed` (`run_interrupted`) right away, long before the
turn would be stale (AGENT_PLATFORM_TURN_STALE_MS, set here to an hour), and the thread takes
a new message."""
from __future__ import annotations

import os

import httpx
import pytest

from tests.factories_chat import post_chat, read_stream, user, wait_turn
from tests.factories_copilots import make_agent
from tests.factories_turns import MODEL, use_model_server
from tests.processes import Serve, admin_org, env_for
from testkit import OpenAIServer, text
from tests.waiting import scaled


@pytest.fixture(scope="module")
def model():
    if os.environ.get("AGENT_PLATFORM_TEST_DATABASE_URL", "").startswith("postgres"):
        pytest.skip("the embedded default's start-up (SQLite, no Redis): the SQLite pass")
    server = OpenAIServer(responder=lambda request: text("ok"))
    server.start()
    yield server
    server.stop()


def test_a_turn_left_running_by_a_killed_service_ends_when_it_starts_again(model,
                                                                         tmp_path):
    env = env_for(f"sqlite:///{tmp_path}/orphans.db", tmp_path,
                  AGENT_PLATFORM_TURN_STALE_MS="3600000")
    serve = Serve(env, log=tmp_path / "serve.log").start()
    try:
        with httpx.Client(base_url=serve.url, timeout=scaled(20)) as http:
            org = admin_org(http)
            use_model_server(http, org, model)
            agent = make_agent(http, org, model={"provider": "openai", "name": MODEL})
            headers = user(org, "u-orphan")
            model.enqueue(text(" ".join(f"word{i}" for i in range(100)), chunk_delay=0.2))
            turn = post_chat(http, headers, "Talk for a while", agent_id=agent["id"])
            thread_id, run_id = turn["thread"]["id"], turn["run"]["id"]
            seen = read_stream(http, thread_id, headers, stop_after=3)  # it is answering
            last = max(seen.ids)
        serve.kill()
        serve.start()
        with httpx.Client(base_url=serve.url, timeout=scaled(20)) as http:
            rest = read_stream(http, thread_id, headers, last_event_id=last, timeout=scaled(10))
            assert rest.ended
            final = rest.events[-1]
            assert final.kind == "run.failed"
            assert final.data["error"]["code"] == "run_interrupted"
            run = http.get(f"/v1/runs/{run_id}", headers=org["headers"]).json()
            assert run["run"]["status"] == "failed"
            model.enqueue(text("Back again."))
            again = post_chat(http, headers, "Are you there?", agent_id=agent["id"],
                              thread_id=thread_id)
            assert wait_turn(http, headers, thread_id, again["run"]["id"])["content"] == \
                "Back again."
    finally:
        serve.stop()
