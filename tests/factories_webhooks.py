"""Webhook tests' helpers: a real receiver on 127.0.0.1 that answers as a test scripts it,
settings with short retries, a worker process with them, and the one wait of these tests."""
from __future__ import annotations

import json
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from standardwebhooks.webhooks import Webhook

from tests.factories_workflows import ROOT, wf_settings, worker_env  # noqa: F401
from tests.waiting import scaled, wait_until

# retries within a test's patience; an endpoint is disabled after 5 s of failures
WEBHOOK_SETTINGS = {"webhook_retry_base_ms": 100, "webhook_retry_max_ms": 400,
                    "webhook_timeout_s": 1.0, "webhook_poll_ms": 50,
                    "webhook_disable_after_s": 5}


def webhook_settings(database_url, data_dir, **overrides):
    return wf_settings(database_url, data_dir, **{**WEBHOOK_SETTINGS, **overrides})


def webhook_worker_env(settings) -> dict:
    return worker_env(settings, **{
        f"AGENT_PLATFORM_{name.upper()}": str(getattr(settings, name))
        for name in WEBHOOK_SETTINGS})


def start_webhook_worker(settings):
    import subprocess
    import sys

    return subprocess.Popen([sys.executable, "-m", "server.cli", "worker"],
                            env=webhook_worker_env(settings), cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_for(check, timeout: float = 30.0, every: float = 0.05):
    """check()'s first truthy result, asked until timeout (then AssertionError)."""
    return wait_until(check, timeout, f"{check}", every=every)


class Receiver:
    """An HTTP server that records every POST (headers, body) and answers by a script:
    ``answers`` is consumed one per request, each a status or (seconds to wait, status);
    when it is empty every request gets ``status``. While ``gate`` (an Event) is set to one
    that is not set, every request waits for it (at most 30 s) before its answer."""

    def __init__(self, status: int = 200, port: int = 0):
        self.status = status
        self.gate: threading.Event | None = None
        self.answers: list = []
        self.calls: list[tuple[dict, bytes]] = []
        self.lock = threading.Lock()
        self.port = port
        self.server = None
        self.start()

    def start(self) -> "Receiver":
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("content-length") or 0))
                with receiver.lock:
                    answer = receiver.answers.pop(0) if receiver.answers else receiver.status
                    receiver.calls.append(({k.lower(): v for k, v in self.headers.items()},
                                           body))
                wait, status = answer if isinstance(answer, tuple) else (0, answer)
                if receiver.gate is not None:
                    receiver.gate.wait(30)
                if wait:
                    time.sleep(wait)
                text = json.dumps({"seen": True, "pad": "x" * 3000}).encode()
                try:
                    self.send_response(status)
                    self.send_header("content-type", "application/json")
                    self.send_header("content-length", str(len(text)))
                    self.end_headers()
                    self.wfile.write(text)
                except OSError:  # the client gave up (a timeout)
                    pass

        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_port
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/events"

    def events(self, secret: str | list[str], event_type: str | None = None) -> list[dict]:
        """Every POST received, each verified by the standardwebhooks package with secret (a
        list: with each of them), parsed; of one type only when event_type is given."""
        secrets = [secret] if isinstance(secret, str) else secret
        with self.lock:
            calls = list(self.calls)
        out = []
        for headers, body in calls:
            payload = None
            for one in secrets:
                payload = Webhook(one).verify(body, headers)
            payload["_headers"] = headers
            if event_type is None or payload["type"] == event_type:
                out.append(payload)
        return out


def make_webhook(client, org, url: str, event_types: list[str], **fields) -> dict:
    resp = client.post("/v1/webhooks", json={"url": url, "event_types": event_types, **fields},
                       headers=org["headers"])
    assert resp.status_code == 201, resp.text
    return resp.json()["webhook"]


def echo_agent(client, org) -> dict:
    resp = client.post("/v1/agents", json={"name": f"a-{uuid.uuid4().hex[:6]}",
                                           "instructions": "Answer.",
                                           "model": {"provider": "echo", "name": "echo"}},
                       headers=org["headers"])
    assert resp.status_code == 201, resp.text
    return resp.json()["agent"]


def deliveries(client, org, webhook_id: str) -> list[dict]:
    resp = client.get(f"/v1/webhooks/{webhook_id}/deliveries?limit=200", headers=org["headers"])
    assert resp.status_code == 200, resp.text
    return resp.json()["deliveries"]


NPM_DIR = ROOT / "tests" / "npm-webhooks"


def node_modules() -> str:
    """tests/npm-webhooks/node_modules, installed with `npm ci` when missing or stale (the
    Node receiver of docs/webhooks.md needs the `standardwebhooks` package)."""
    import fcntl
    import os
    import shutil
    import subprocess

    import pytest

    lock = json.loads((NPM_DIR / "package-lock.json").read_text())
    pinned = lock["packages"]["node_modules/standardwebhooks"]["version"]
    installed = NPM_DIR / "node_modules" / "standardwebhooks" / "package.json"
    with open(NPM_DIR / "package.json") as held:  # the two pytest stages may install at once
        fcntl.flock(held, fcntl.LOCK_EX)
        try:
            current = json.loads(installed.read_text())["version"]
        except (OSError, ValueError, KeyError):
            current = None
        if current != pinned:
            npm = shutil.which("npm")
            if npm is None:
                message = "npm is needed to install standardwebhooks (tests/npm-webhooks)"
                if os.environ.get("CI"):
                    pytest.fail(message)
                pytest.skip(message)
            subprocess.run([npm, "ci", "--prefix", str(NPM_DIR), "--no-audit", "--no-fund",
                            "--loglevel=error"], check=True, timeout=scaled(300))
    return str(NPM_DIR / "node_modules")
