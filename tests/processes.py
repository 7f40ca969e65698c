"""Real processes for fault tests: a Redis of the test's own, `agent-platform serve` and
`agent-platform worker` on the module's database, and waiting for them."""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path

import httpx

from tests.conftest import ADMIN_TOKEN, SECRET_KEY
from tests.waiting import scaled, wait_until

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Redis:
    """redis-server on its own port (no persistence): stop() and start() again."""

    def __init__(self, port: int | None = None):
        self.port = port or free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen | None = None

    @staticmethod
    def available() -> bool:
        return shutil.which("redis-server") is not None

    def start(self) -> "Redis":
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_port(self.port)
        return self

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)
        self.process = None


def wait_port(port: int, timeout: float = 15) -> None:
    def connect() -> bool:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2):
            return True

    wait_until(connect, timeout, f"something to listen on port {port}", every=0.05,
               retry_on=(OSError,))


def env_for(database_url: str, data_dir, redis_url: str | None = None, **extra) -> dict:
    # PROMETHEUS_MULTIPROC_DIR too: an app built in this process names its own directory there,
    # and a process started here chooses its own (the directory belongs to its database)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("AGENT_PLATFORM_", "DATABASE_URL", "REDIS_URL",
                                "PROMETHEUS_MULTIPROC_DIR"))}
    env.update({"DATABASE_URL": database_url, "AGENT_PLATFORM_SECRET_KEY": SECRET_KEY,
                "AGENT_PLATFORM_ADMIN_TOKEN": ADMIN_TOKEN, "AGENT_PLATFORM_DATA_DIR": str(data_dir),
                "AGENT_PLATFORM_SSRF_ALLOW": "127.0.0.1", "AGENT_PLATFORM_LOG_LEVEL": "WARNING",
                **({"REDIS_URL": redis_url} if redis_url else {}), **extra})
    return env


class Serve:
    """`agent-platform serve --migrate` on a port of its own."""

    def __init__(self, env: dict, port: int | None = None, log=None):
        self.env = env
        self.log = log
        self.port = port or free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None

    def start(self, timeout: float = 60) -> "Serve":
        self.process = subprocess.Popen(
            [sys.executable, "-m", "server.cli", "serve", "--migrate", "--port", str(self.port)],
            env=self.env, cwd=ROOT, stdout=subprocess.DEVNULL,
            stderr=open(self.log, "ab") if self.log else subprocess.DEVNULL)
        def healthy() -> bool:
            assert self.process.poll() is None, "serve exited"
            return httpx.get(f"{self.url}/healthz", timeout=scaled(1)).status_code == 200

        wait_until(healthy, timeout, "serve to start", every=0.1, retry_on=(httpx.HTTPError,))
        return self

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(scaled(15))
            except subprocess.TimeoutExpired:
                self.kill()


def start_worker(env: dict, log=None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "server.cli", "worker"], env=env, cwd=ROOT,
                            stdout=subprocess.DEVNULL,
                            stderr=open(log, "ab") if log else subprocess.DEVNULL)


def stop_process(process: subprocess.Popen, timeout: float = 10) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(scaled(timeout))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(5)


def admin_org(http: httpx.Client) -> dict:
    """A new organization and API key through the admin operations; {id, headers}."""
    admin = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    org = http.post("/v1/admin/orgs", json={"name": "fault"}, headers=admin)
    assert org.status_code == 201, org.text
    key = http.post(f"/v1/admin/orgs/{org.json()['id']}/api-keys", json={"name": "k"}, headers=admin)
    assert key.status_code == 201, key.text
    return {"id": org.json()["id"], "headers": {"Authorization": f"Bearer {key.json()['key']}"}}
