"""A process's turn slots (AGENT_PLATFORM_TURNS_IN_FLIGHT, 2 here) full of slow synchronous
runs: the next synchronous run waits AGENT_PLATFORM_SYNC_RUN_WAIT_MS for a slot, then answers
503 ``at_capacity`` with Retry-After (its run recorded failed with that code), never a 500;
other requests are answered meanwhile; once the slots free up a synchronous run succeeds.
Against a live server (uvicorn), on SQLite and on Postgres + Redis (synchronous runs execute
in the API process either way)."""
import threading

import httpx
import pytest

from rules import ssrf
from tests.factories import assert_problem, make_org
from tests.factories_tools import UvicornThread
from tests.factories_turns import openai_agent, use_model_server
from tests.factories_workflows import wf_settings
from testkit import OpenAIServer, text
from tests.waiting import scaled, wait_until


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"), turns_in_flight=2,
                       sync_run_wait_ms=300, model_max_retries=0)


@pytest.fixture(scope="module", autouse=True)
def allow_loopback(settings):
    ssrf.configure(settings.ssrf_allow)


def test_a_synchronous_run_beyond_the_slots_is_503_at_capacity(app):
    gate = threading.Event()

    def held(request):
        gate.wait(30)
        return text("done")

    server = UvicornThread(app)
    try:
        with OpenAIServer(responder=held) as model, \
                httpx.Client(base_url=server.url, timeout=scaled(30)) as http:
            org = make_org(http)
            use_model_server(http, org, model)
            agent = openai_agent(http, org)
            answers = []

            def run():
                answers.append(http.post(f"/v1/agents/{agent['id']}/run",
                                         json={"input": "hold"}, headers=org["headers"]))

            holders = [threading.Thread(target=run) for _ in range(2)]
            for t in holders:
                t.start()
            # both slots taken by runs waiting on the model
            wait_until(lambda: len(model.requests) >= 2, 30, "2 model calls")

            refused = http.post(f"/v1/agents/{agent['id']}/run", json={"input": "no room"},
                                headers=org["headers"])
            assert_problem(refused, 503, "at_capacity")
            assert refused.headers["retry-after"] == "2"
            assert len(model.requests) == 2  # it never reached the model
            assert http.get("/v1/organization", headers=org["headers"]).status_code == 200
            page = http.get("/v1/runs", params={"status": "failed"}, headers=org["headers"])
            assert [r["error"]["code"] for r in page.json()["runs"]] == ["at_capacity"]

            gate.set()
            for t in holders:
                t.join(30)
            assert [a.status_code for a in answers] == [200, 200]
            again = http.post(f"/v1/agents/{agent['id']}/run", json={"input": "room now"},
                              headers=org["headers"])
            assert again.status_code == 200, again.text
            assert again.json()["run"]["status"] == "succeeded"
    finally:
        gate.set()
        server.close()
