"""A live `agent-platform serve` for the SDK tests, and the generated Python client on path.

The server runs as its own process on a free port of 127.0.0.1, on the test module's database
(SQLite, or the Postgres database of the Postgres pass), with in-process jobs. The client is
the checked-in `sdk/python` (generated from openapi.yaml).
"""
from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
SDK = ROOT / "sdk" / "python"
RELEASED = ROOT / "sdk" / "released" / "openapi.yaml"  # the last release's document
if str(SDK) not in sys.path:
    sys.path.insert(0, str(SDK))

from agent_platform_client import AuthenticatedClient  # noqa: E402
from agent_platform_client.api.admin import create_api_key, create_org  # noqa: E402
from agent_platform_client.models import ApiKeyCreate, OrganizationCreate  # noqa: E402

from tests.conftest import ADMIN_TOKEN, SECRET_KEY  # noqa: E402
from tests.factories_tools import free_port  # noqa: E402
from tests.waiting import scaled, wait_until


class LiveServer:
    def __init__(self, database_url: str, data_dir: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("AGENT_PLATFORM_", "DATABASE_URL", "REDIS_URL"))}
        env.update({
            "DATABASE_URL": database_url, "AGENT_PLATFORM_DATA_DIR": str(data_dir),
            "AGENT_PLATFORM_ADMIN_TOKEN": ADMIN_TOKEN, "AGENT_PLATFORM_SECRET_KEY": SECRET_KEY,
            "AGENT_PLATFORM_SSRF_ALLOW": "127.0.0.1", "AGENT_PLATFORM_LOG_LEVEL": "WARNING",
            "AGENT_PLATFORM_SCHEDULER": "off", "AGENT_PLATFORM_CHAT_KEEPALIVE_S": "1",
        })
        binary = Path(sys.executable).parent / "agent-platform"
        self.log = open(data_dir / "serve.log", "wb")
        self.process = subprocess.Popen(
            [str(binary), "serve", "--host", "127.0.0.1", "--port", str(self.port), "--migrate"],
            env=env, stdout=self.log, stderr=subprocess.STDOUT)
        def healthy() -> bool:
            if self.process.poll() is not None:
                raise RuntimeError(f"serve exited: {(data_dir / 'serve.log').read_text()[-2000:]}")
            return httpx.get(f"{self.url}/healthz", timeout=scaled(1)).status_code == 200

        try:
            wait_until(healthy, 60, "serve to answer", every=0.1,
                       retry_on=(httpx.TransportError,))
        except AssertionError:
            self.close()
            raise

    def admin(self) -> AuthenticatedClient:
        return AuthenticatedClient(base_url=self.url, token=ADMIN_TOKEN, raise_on_unexpected_status=True)

    def organization(self, name: str) -> tuple[str, AuthenticatedClient]:
        """A new organization and a client holding one of its API keys."""
        with self.admin() as admin:
            org = create_org.sync(client=admin, body=OrganizationCreate(name=name))
            key = create_api_key.sync(client=admin, org_id=org.id, body=ApiKeyCreate(name="sdk"))
        return str(org.id), self.client(key.key)

    def client(self, token: str) -> AuthenticatedClient:
        return AuthenticatedClient(base_url=self.url, token=token,
                                   raise_on_unexpected_status=True,
                                   timeout=httpx.Timeout(30.0))

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.log.close()


def npm_ci(folder: Path, needed: str) -> None:
    """`npm ci` in folder unless `needed` (a path inside it) is there; one process at a time
    (the SQLite and Postgres stages run at once)."""
    with open(folder / ".npm-ci.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / needed).exists():
            subprocess.run(["npm", "ci", "--prefix", str(folder), "--no-audit", "--no-fund",
                            "--loglevel=error"], check=True, timeout=scaled(600))
