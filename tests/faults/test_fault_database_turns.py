"""PostgreSQL restarted in the middle of a burst of slow turns (the PostgreSQL + Redis pass;
the cluster is the test's own, as in tests/faults/test_fault_database.py): `serve` and one
`agent-platform worker` hold ten chat turns waiting on the model when the database stops; the
model answers while it is still down, so the turns' events and ends meet the outage; once the
database is back every turn completes, its stream ends with run.completed and its answer is
in its thread. Nothing of the service is restarted."""
from __future__ import annotations

import threading
import time
import uuid

import httpx
import pytest

from tests.factories_chat import read_stream, wait_turn
from tests.processes import Redis, Serve, admin_org, env_for, start_worker, stop_process
from testkit import OpenAIServer, text
from tests.faults.test_fault_database import PG_SERVER_URL, Cluster, _pg_admin_connect, _pg_bin
from tests.waiting import scaled, wait_until

pytestmark = pytest.mark.skipif(not PG_SERVER_URL.startswith("postgres") or not Redis.available(),
                                reason="the PostgreSQL + Redis pass (needs initdb and redis-server)")
N = 10


@pytest.fixture(scope="module")
def cluster():
    if _pg_bin() is None:
        pytest.skip("needs the PostgreSQL server binaries (initdb, pg_ctl)")
    found = Cluster()
    try:
        yield found.init()
    finally:
        found.remove()


def test_a_database_restart_mid_burst_loses_no_turn(cluster, tmp_path):
    gate = threading.Event()

    def held(request):
        gate.wait(60)
        return text("answered after the restart")

    name = f"ap_fault_{uuid.uuid4().hex[:8]}"
    admin = _pg_admin_connect(cluster.url)
    with admin.cursor() as cur:
        cur.execute(f'CREATE DATABASE "{name}"')
    admin.close()
    redis = Redis().start()
    env = env_for(cluster.url.rsplit("/", 1)[0] + f"/{name}", tmp_path, redis.url,
                  AGENT_PLATFORM_SCHEDULER="off", AGENT_PLATFORM_CHAT_KEEPALIVE_S="0.5",
                  AGENT_PLATFORM_MODEL_MAX_RETRIES="0")
    server = Serve(env, log=tmp_path / "serve.log").start()
    worker = start_worker(env, log=tmp_path / "worker.log")
    try:
        with OpenAIServer(responder=held) as model, \
                httpx.Client(base_url=server.url, timeout=scaled(30)) as http:
            h = admin_org(http)["headers"]
            config = http.put("/v1/model-config", headers=h, json={
                "providers": {"openai": {"base_url": model.base_url, "api_key": None}}})
            assert config.status_code == 200, config.text
            agent = http.post("/v1/agents", headers=h, json={
                "name": "slow", "model": {"provider": "openai", "name": "gpt-4o-mini"}})
            assert agent.status_code == 201, agent.text
            posted = []
            for n in range(N):
                headers = {**h, "X-User-Id": f"restart-{n}"}
                said = http.post("/v1/chat", headers=headers, json={
                    "agent_id": agent.json()["agent"]["id"], "message": f"hello {n}"})
                assert said.status_code == 202, said.text
                posted.append((headers, said.json()))
            # every turn waits on its model call
            wait_until(lambda: len(model.requests), 60, f"{N} model calls",
                       done=lambda calls: calls >= N)

            cluster.stop()
            gate.set()  # the answers stream while the database is down
            time.sleep(3)
            cluster.start()

            for headers, said in posted:
                stream = read_stream(http, said["thread"]["id"], headers, timeout=scaled(90))
                assert stream.events[-1].kind == "run.completed", stream.kinds
                answer = wait_turn(http, headers, said["thread"]["id"], said["run"]["id"],
                                   timeout=30)
                assert answer["content"] == "answered after the restart"
            assert len(model.requests) == N  # no turn ran twice
        assert worker.poll() is None and server.process.poll() is None
    finally:
        stop_process(worker, timeout=5)
        server.kill()
        redis.stop()
