"""Many slow turns at once (the suite's model server holds every call until the test opens its
gate): they are all in flight together, in the one process on SQLite and in ONE worker on
Postgres + Redis; none holds a request thread meanwhile. With Redis, a worker killed with
kill -9 in the middle of a burst loses nothing: the turns it was executing end
``run_interrupted`` (their executor truly died), the turns still queued behind its capacity
are executed by the next worker and complete; every stream ends with its turn's final event.
Against a live server (uvicorn)."""
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from tests.factories import make_org
from tests.factories_chat import post_chat, read_stream, user
from tests.factories_turns import openai_agent, use_model_server
from tests.factories_workflows import ROOT, stop, wf_settings, worker_env
from tests.fixtures_turns import allow_loopback, gate, held_model  # noqa: F401 (fixtures)
from tests.waiting import scaled, wait_until

N = 40


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"), chat_keepalive_s=0.3,
                       turn_stale_ms=2000, run_lease_ms=2000, run_requeue_after_ms=1000,
                       model_max_retries=0)


def _worker(settings, **extra) -> subprocess.Popen:
    env = worker_env(settings, AGENT_PLATFORM_TURN_STALE_MS=str(settings.turn_stale_ms),
                     AGENT_PLATFORM_RUN_REQUEUE_AFTER_MS=str(settings.run_requeue_after_ms),
                     AGENT_PLATFORM_MODEL_MAX_RETRIES="0",
                     AGENT_PLATFORM_CHAT_KEEPALIVE_S=str(settings.chat_keepalive_s), **extra)
    return subprocess.Popen([sys.executable, "-m", "server.cli", "worker"], env=env, cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


@pytest.fixture
def org(http, held_model, gate, settings):
    org = make_org(http)
    use_model_server(http, org, held_model)
    limits = http.put(f"/v1/admin/orgs/{org['id']}/limits", json={"turns_in_flight": 1000},
                      headers={"Authorization": "Bearer test-admin-token-0123456789"})
    assert limits.status_code == 200, limits.text
    gate.clear()
    held_model.reset()
    yield org
    gate.set()


def _calls_open(model, count, timeout=60.0):
    """Wait until the model server has received ``count`` calls (all held at the gate)."""
    wait_until(lambda: len(model.requests), timeout, f"{count} model calls",
               done=lambda calls: calls >= count)


def _burst(http, org, agent, n):
    """n end users post at once; their (headers, thread id) in order."""
    out = [None] * n

    def one(i):
        headers = user(org, f"burst-user-{i}")
        said = post_chat(http, headers, f"hello {i}", agent_id=agent["id"])
        out[i] = (headers, said["thread"]["id"])

    workers = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for w in workers:
        w.start()
    for w in workers:
        w.join(60)
    assert all(out), "every POST was answered"
    return out


def _finals(http, posted):
    return [read_stream(http, thread_id, headers, timeout=scaled(60)).events[-1]
            for headers, thread_id in posted]


def test_slow_turns_are_all_in_flight_at_once(http, org, held_model, gate, settings):
    worker = _worker(settings) if settings.redis_url else None  # ONE worker holds them all
    try:
        agent = openai_agent(http, org)
        posted = _burst(http, org, agent, N)
        _calls_open(held_model, N)  # every turn is waiting on its model call at the same time
        assert len(held_model.requests) == N
        assert http.get("/v1/organization", headers=org["headers"]).status_code == 200
        gate.set()
        finals = _finals(http, posted)
        assert [e.kind for e in finals] == ["run.completed"] * N
    finally:
        if worker is not None:
            stop(worker)


def test_a_worker_killed_mid_burst_loses_nothing(http, org, held_model, gate, settings):
    if not settings.redis_url:
        pytest.skip("turns run on workers with Redis only")
    first = _worker(settings, AGENT_PLATFORM_WORKER_JOBS_IN_FLIGHT="5")
    second = None
    try:
        agent = openai_agent(http, org)
        posted = _burst(http, org, agent, 10)
        _calls_open(held_model, 5)  # the first worker's capacity: 5 running, 5 queued behind
        time.sleep(0.5)
        assert len(held_model.requests) == 5
        os.kill(first.pid, signal.SIGKILL)
        first.wait(10)
        gate.set()
        second = _worker(settings)
        finals = _finals(http, posted)
        outcomes = sorted((e.kind, (e.data.get("error") or {}).get("code")) for e in finals)
        assert outcomes == [("run.completed", None)] * 5 + [("run.failed", "run_interrupted")] * 5
    finally:
        for process in (first, second):
            if process is not None:
                stop(process)
