"""Redis stopped and started again under real processes (`serve` and `worker` with a Redis of
the test's own, on the module's database): while Redis is down writes are still answered
truthfully and quickly (a tool's rebuild runs in-process, runs and chat turns stay queued),
`/readyz` says the queue is unreachable; once Redis is back every acknowledged run and turn
completes and nothing is lost."""
from __future__ import annotations

import time
import uuid

import httpx
import pytest

from tests.factories_workflows import ToolServer
from tests.processes import Redis, Serve, admin_org, env_for, start_worker, stop_process
from tests.waiting import scaled, wait_until

pytestmark = pytest.mark.skipif(not Redis.available(), reason="needs redis-server")

QUICK_S = 5.0  # nothing hangs: every answer while Redis is down comes within this


def _timed(call):
    started = time.monotonic()
    resp = call()
    assert time.monotonic() - started < scaled(QUICK_S), "the request hung while Redis was down"
    return resp


def _wait(predicate, timeout: float, what: str):
    return wait_until(predicate, timeout, str(what), every=0.2)


@pytest.fixture()
def tool_server():
    server = ToolServer()
    yield server
    server.close()


def test_redis_stopped_and_started_again(database_url, tmp_path, tool_server):
    redis = Redis().start()
    suffix = uuid.uuid4().hex[:8]
    env = env_for(database_url, tmp_path, redis.url, AGENT_PLATFORM_WORKFLOW_QUEUE=f"wf-{suffix}",
                  AGENT_PLATFORM_REBUILD_QUEUE=f"rb-{suffix}", AGENT_PLATFORM_CHAT_QUEUE=f"ch-{suffix}",
                  AGENT_PLATFORM_REBUILD_WAIT_MS="3000", AGENT_PLATFORM_SCHEDULER="off")
    server = Serve(env, log=tmp_path / "serve.log").start()
    worker = start_worker({**env, "AGENT_PLATFORM_LOG_LEVEL": "INFO"}, log=tmp_path / "worker.log")
    try:
        http = httpx.Client(base_url=server.url, timeout=scaled(30))
        org = admin_org(http)
        h = org["headers"]
        provider = http.post("/v1/tool-providers", headers=h, json={
            "name": "fault", "type": "api", "base_url": tool_server.url}).json()["tool_provider"]
        tool = http.post("/v1/tools", headers=h, json={
            "tool_provider_id": provider["id"], "name": "echo", "method": "POST",
            "path": "/echo"}).json()["tool"]
        workflow = http.post("/v1/workflows", headers=h, json={
            "name": "wf", "steps": [{"id": "a", "type": "tool", "ref": tool["id"],
                                     "input": {"n": "{{input.n}}"}}]}).json()["workflow"]
        agent = http.post("/v1/agents", headers=h, json={"name": "echoer"}).json()["agent"]
        runs, tools, turns = [], [tool["id"]], []

        def start_run(n):
            resp = _timed(lambda: http.post(f"/v1/workflows/{workflow['id']}/run", headers=h,
                                            json={"input": {"n": n}}))
            assert resp.status_code == 202, resp.text
            runs.append(resp.json()["run"]["id"])

        start_run(0)
        assert http.get("/readyz").status_code == 200
        _wait(lambda: http.get(f"/v1/workflow-runs/{runs[0]}", headers=h).json()["run"]["status"]
              == "succeeded", 60, "the worker never ran the first run")  # the worker is up

        redis.stop()
        for n in range(1, 4):
            start_run(n)
            resp = _timed(lambda: http.post("/v1/tools", headers=h, json={
                "tool_provider_id": provider["id"], "name": f"t{n}", "path": f"/echo/{n}"}))
            assert resp.status_code == 201, resp.text  # saved, and its rebuild ran in-process
            assert resp.json()["rebuild"]["tools"]["affectedToolIds"] == [resp.json()["tool"]["id"]]
            tools.append(resp.json()["tool"]["id"])
        resp = _timed(lambda: http.post("/v1/chat", headers={**h, "X-User-Id": "u1"},
                                        json={"agent_id": agent["id"], "message": "hello"}))
        assert resp.status_code == 202, resp.text
        assert resp.json()["run"]["status"] == "queued"
        turns.append((resp.json()["thread"]["id"], resp.json()["run"]["id"]))
        ready = _timed(lambda: http.get("/readyz"))
        assert ready.status_code == 503 and "queue" in ready.json()["detail"], ready.text
        listed = _timed(lambda: http.get("/v1/tools?limit=100", headers=h))
        assert listed.status_code == 200

        redis.start()  # the same port, empty: everything queued meanwhile is in the database
        _wait(lambda: http.get("/readyz").status_code == 200, 20, "never ready again")

        seen = {}

        def finished():
            states = [http.get(f"/v1/workflow-runs/{r}", headers=h).json()["run"] for r in runs]
            seen["runs"] = [(r["status"], r["error"], r["attempt"]) for r in states]
            return all(r["status"] == "succeeded" for r in states)
        _wait(finished, 60, seen)
        for thread_id, run_id in turns:
            _wait(lambda: http.get(f"/v1/runs/{run_id}", headers=h).json()["run"]["status"]
                  == "succeeded", 60, "the chat turn never ran")
        listed = {t["id"] for t in http.get("/v1/tools?limit=100", headers=h).json()["tools"]}
        assert set(tools) <= listed
        assert sorted(body["n"] for _, body in tool_server.calls) == [0, 1, 2, 3]  # once each
    finally:
        stop_process(worker, timeout=3)
        server.kill()
        redis.stop()
