"""Factories for agent-runtime tests: agents over HTTP, the org's model config pointing at the
suite's model servers, tools on a real HTTP server, a recorder of turn events."""
from __future__ import annotations

import threading
import uuid

from tests.factories_tools import EchoServer, make_provider, make_tool  # noqa: F401 (re-export)

MODEL = "gpt-test"


def make_agent(client, org, **fields) -> dict:
    body = {"name": f"agent-{uuid.uuid4().hex[:6]}", **fields}
    resp = client.post("/v1/agents", json=body, headers=org["headers"])
    assert resp.status_code == 201, resp.text
    assert resp.json()["build"]["status"] in ("built", "skipped"), resp.text
    return resp.json()["agent"]


def openai_agent(client, org, **fields) -> dict:
    """An agent on the openai provider (the org's model config points it at the test server)."""
    return make_agent(client, org, model={"provider": "openai", "name": MODEL}, **fields)


def use_model_server(client, org, server, provider: str = "openai", key: str | None = None,
                     default: str | None = None):
    """Point org's `provider` at the suite's model server (its base URL and key)."""
    body = {"default_provider": default, "providers": {provider: {"base_url": server.base_url,
                                                                  "api_key": key}}}
    resp = client.put("/v1/model-config", json=body, headers=org["headers"])
    assert resp.status_code == 200, resp.text
    return resp.json()


def http_tool(client, org, server: EchoServer, path: str = "/echo", **fields) -> dict:
    """A POST tool of a new provider of org, answered by the real HTTP server `server`."""
    provider = make_provider(client, org, base_url=server.url, **fields.pop("provider", {}))
    return make_tool(client, org, provider["id"], method="POST", path=path, **fields)


class Events:
    """Collects (kind, data) pairs emitted by a turn (thread-safe)."""

    def __init__(self):
        self.items: list[tuple[str, dict]] = []
        self.lock = threading.Lock()
        self.first_delta = threading.Event()

    def __call__(self, kind: str, data: dict) -> None:
        with self.lock:
            self.items.append((kind, data))
        if kind == "message.delta":
            self.first_delta.set()

    def kinds(self) -> list[str]:
        return [k for k, _ in self.items]

    def of(self, kind: str) -> list[dict]:
        return [d for k, d in self.items if k == kind]
