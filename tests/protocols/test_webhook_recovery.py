"""A process killed right after a run's commit: the run's webhook event was recorded in that
commit, and once a process is back it is delivered (real `serve` and, with Redis, `worker`
processes on the module's database; the receiver verifies it with `standardwebhooks`)."""
from __future__ import annotations

import uuid

import httpx

from tests.conftest import REDIS_URL
from tests.factories_webhooks import Receiver, wait_for
from tests.processes import Serve, admin_org, env_for, start_worker, stop_process
from tests.waiting import scaled

NEVER_MS = str(3_600_000)  # a dispatcher that claims once at its start, then not for an hour


def _processes(database_url, tmp_path, queue, poll_ms):
    env = env_for(database_url, tmp_path, REDIS_URL or None, AGENT_PLATFORM_SCHEDULER="off",
                  AGENT_PLATFORM_WEBHOOK_QUEUE=queue, AGENT_PLATFORM_WEBHOOK_POLL_MS=poll_ms,
                  AGENT_PLATFORM_CHAT_QUEUE=f"{queue}-chat",
                  AGENT_PLATFORM_WORKFLOW_QUEUE=f"{queue}-wf",
                  AGENT_PLATFORM_REBUILD_QUEUE=f"{queue}-rb")
    server = Serve(env).start()
    worker = start_worker(env) if REDIS_URL else None
    return server, worker


def test_an_event_recorded_before_a_kill_is_delivered_after_it(database_url, tmp_path):
    receiver = Receiver()
    queue = f"wh-recovery-{uuid.uuid4().hex[:8]}"
    server, worker = _processes(database_url, tmp_path, queue, NEVER_MS)
    try:
        http = httpx.Client(base_url=server.url, timeout=scaled(30))
        org = admin_org(http)
        hook = http.post("/v1/webhooks", headers=org["headers"], json={
            "url": receiver.url, "event_types": ["run.succeeded"]}).json()["webhook"]
        agent = http.post("/v1/agents", headers=org["headers"], json={
            "name": "echo", "instructions": "Answer.",
            "model": {"provider": "echo", "name": "echo"}}).json()["agent"]
        run = http.post(f"/v1/agents/{agent['id']}/run", headers=org["headers"],
                        json={"input": "before the kill"})
        assert run.status_code == 200 and run.json()["run"]["status"] == "succeeded"
        log = http.get(f"/v1/webhooks/{hook['id']}/deliveries", headers=org["headers"]).json()
        assert [(d["status"], d["attempts"]) for d in log["deliveries"]] == [("pending", 0)]
        server.kill()  # SIGKILL, right after the run's commit: nothing was sent
        if worker is not None:
            worker.kill()
            worker.wait(10)
        assert receiver.calls == []
        server, worker = _processes(database_url, tmp_path, queue, "50")
        event = wait_for(lambda: receiver.events(hook["secret"]), timeout=60)[0]
        assert event["type"] == "run.succeeded"
        assert event["data"]["run"]["id"] == run.json()["run"]["id"]
        assert event["data"]["run"]["input"] == "before the kill"
    finally:
        server.stop()
        if worker is not None:
            stop_process(worker)
        receiver.stop()
