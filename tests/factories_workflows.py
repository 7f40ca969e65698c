"""Factories for workflow, run and schedule tests (over the HTTP API), a session-token stand-in
carrying a user id, and waiting for runs."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from tests.factories_tools import EchoServer, make_provider, make_tool  # noqa: F401 (re-export)
from tests.waiting import wait_until

SESSION_PREFIX = "st_wf_"
ROOT = Path(__file__).resolve().parent.parent


def make_workflow(client, org, steps=None, **fields) -> dict:
    body = {"name": f"wf-{uuid.uuid4().hex[:6]}", "steps": steps or [], **fields}
    resp = client.post("/v1/workflows", json=body, headers=org["headers"])
    assert resp.status_code == 201, resp.text
    return resp.json()["workflow"]


def echo_tool(client, org, echo: EchoServer, **fields) -> dict:
    """An api tool of a new provider of org that POSTs its input to the echo server."""
    provider = make_provider(client, org, base_url=echo.url)
    return make_tool(client, org, provider["id"], method="POST", **fields)


def session(org, user_id: str) -> dict:
    """Headers of a session token of user_id in org (see install_sessions)."""
    return {"Authorization": f"Bearer {SESSION_PREFIX}{org['id']}:{user_id}"}


def install_sessions(monkeypatch):
    """Recognise `st_wf_<orgId>:<userId>` as a session token of that org and user: the session
    mint lives in another part of the service; this lets tests exercise what a session token
    reaches and which rows it sees."""
    from server import auth

    original = auth._identify

    def identify(settings, token):
        if token.startswith(SESSION_PREFIX):
            org_id, _, user_id = token[len(SESSION_PREFIX):].partition(":")
            return auth.Caller(kind=auth.SESSION_TOKEN, org_id=org_id, user_id=user_id)
        return original(settings, token)

    monkeypatch.setattr(auth, "_identify", identify)


FINAL = {"succeeded", "failed", "cancelled"}


def wait_run(client, headers, run_id, *, until=FINAL, timeout=20.0) -> dict:
    def run() -> dict:
        resp = client.get(f"/v1/workflow-runs/{run_id}", headers=headers)
        assert resp.status_code == 200, resp.text
        return resp.json()["run"]

    return wait_until(run, timeout, f"workflow run {run_id} to reach {until}",
                      done=lambda found: found["status"] in until)


class _Tool(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_POST(self):
        length = int(self.headers.get("content-length") or 0)
        body = json.loads(self.rfile.read(length)) if length else None
        parts = self.path.strip("/").split("/")
        server = self.server
        with server.lock:
            server.calls.append((self.path, body))
            count = server.counts[self.path] = server.counts.get(self.path, 0) + 1
        status, answer = 200, {"path": self.path, "json": body, "call": count}
        if parts[0] == "flaky" and count <= int(parts[2]):  # /flaky/KEY/N: N failures first
            status = 503
        elif parts[0] == "sleep":  # /sleep/SECONDS[/KEY]
            time.sleep(float(parts[1]))
        elif parts[0] == "slow-once" and count == 1:  # /slow-once/KEY/SECONDS
            time.sleep(float(parts[2]))
        elif parts[0] == "fail":
            status = int(parts[1])
        elif parts[0] == "add":
            answer = {"sum": (body or {}).get("a", 0) + (body or {}).get("b", 0)}
        data = json.dumps(answer).encode()
        try:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
        except OSError:  # the caller gave up (a step timeout)
            pass


class ToolServer:
    """A real HTTP tool server on 127.0.0.1: POST /echo, /add, /flaky/KEY/N (503 for the first
    N calls), /sleep/S, /slow-once/KEY/S (slow on the first call only), /fail/STATUS."""

    def __init__(self):
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _Tool)
        self.server.daemon_threads = True
        self.server.calls, self.server.counts = [], {}
        self.server.lock = threading.Lock()
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def calls(self):
        return self.server.calls

    def count(self, path: str) -> int:
        return self.server.counts.get(path, 0)

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def post_tool(client, org, server, path: str, **fields) -> dict:
    """A POST tool at path of a provider whose base_url is server."""
    provider = make_provider(client, org, base_url=server.url)
    return make_tool(client, org, provider["id"], method="POST", path=path, **fields)


def tool_step(id, tool, **kw) -> dict:
    return {"id": id, "type": "tool", "ref": tool["id"], **kw}


def start_run(client, headers, workflow_id, input=None, status=202) -> dict:
    resp = client.post(f"/v1/workflows/{workflow_id}/run", json={"input": input or {}},
                       headers=headers)
    assert resp.status_code == status, resp.text
    return resp.json()["run"]


def worker_env(settings, **extra) -> dict:
    """Environment of an `agent-platform worker` / `scheduler` process for settings."""
    from tests.conftest import SECRET_KEY

    env = {k: v for k, v in os.environ.items() if not k.startswith(("AGENT_PLATFORM_", "DATABASE_URL", "REDIS_URL"))}
    env.update({
        "DATABASE_URL": settings.database_url, "REDIS_URL": settings.redis_url or "",
        "AGENT_PLATFORM_SECRET_KEY": SECRET_KEY, "AGENT_PLATFORM_SSRF_ALLOW": "127.0.0.1",
        "AGENT_PLATFORM_DATA_DIR": str(settings.data_dir),
        "AGENT_PLATFORM_WORKFLOW_QUEUE": settings.workflow_queue,
        "AGENT_PLATFORM_REBUILD_QUEUE": settings.rebuild_queue,
        "AGENT_PLATFORM_CHAT_QUEUE": settings.chat_queue,
        "AGENT_PLATFORM_WEBHOOK_QUEUE": settings.webhook_queue,
        "AGENT_PLATFORM_RUN_LEASE_MS": str(settings.run_lease_ms),
        "AGENT_PLATFORM_RUN_MAX_ATTEMPTS": str(settings.run_max_attempts),
        "AGENT_PLATFORM_STEP_RETRY_BACKOFF_MS": str(settings.step_retry_backoff_ms),
        "AGENT_PLATFORM_LOG_LEVEL": "WARNING", **extra})
    return env


def start_worker(settings, *args) -> subprocess.Popen:
    """A real `agent-platform worker` process on settings' queues."""
    return subprocess.Popen([sys.executable, "-m", "server.cli", "worker", *args],
                            env=worker_env(settings), cwd=ROOT, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def stop(process: subprocess.Popen, timeout: float = 10) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


def wf_settings(database_url, data_dir, **overrides):
    """Settings of a workflow test module: short leases and backoffs; with
    AGENT_PLATFORM_TEST_REDIS_URL, jobs go to Redis on a queue of this module alone."""
    from tests.conftest import REDIS_URL, make_settings

    values = {"run_lease_ms": 1500, "step_retry_backoff_ms": 20, **overrides}
    if REDIS_URL:
        values.setdefault("redis_url", REDIS_URL)
        suffix = uuid.uuid4().hex[:10]
        values.setdefault("workflow_queue", f"wf-test-{suffix}")
        values.setdefault("rebuild_queue", f"rb-test-{suffix}")
        values.setdefault("chat_queue", f"chat-test-{suffix}")
        values.setdefault("webhook_queue", f"wh-test-{suffix}")
    return make_settings(database_url, data_dir, **values)
