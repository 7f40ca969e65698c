"""Factories of exposure tests: exposed targets over the HTTP API, the API served on a port,
and the real `mcp` client of `/mcp`."""
from __future__ import annotations

import contextlib
import uuid

import httpx2
import pytest

from tests.factories_copilots import deploy, make_agent, make_copilot
from tests.factories_tools import UvicornThread
from tests.waiting import scaled, wait_until

ECHO = {"provider": "echo", "name": "echo"}


def expose(client, org, kind: str, target_id: str, name: str | None = None, **fields) -> dict:
    resp = client.post("/v1/exposures", json={"target": {"type": kind, "id": target_id},
                                              "name": name or f"t-{uuid.uuid4().hex[:8]}",
                                              **fields}, headers=org["headers"])
    assert resp.status_code == 201, resp.text
    return resp.json()["exposure"]


def echo_network(client, org, **agent_fields) -> tuple[dict, str]:
    """An echo agent in a network deployed to prod; (agent, prod network id)."""
    agent = make_agent(client, org, model=ECHO, **agent_fields)
    copilot = make_copilot(client, org, agents=[agent["id"]])
    prod = deploy(client, org, copilot["id"], "prod").json()["copilot"]["id"]
    return agent, prod


@pytest.fixture(scope="module")
def served(app):
    """The app on a port of 127.0.0.1 (its lifespan runs: the MCP server starts)."""
    server = UvicornThread(app)
    yield server
    server.close()


@contextlib.asynccontextmanager
async def mcp_client(url: str, headers: dict, **options):
    """The `mcp` package's own client over Streamable HTTP, with the credential's headers."""
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    http = httpx2.AsyncClient(headers=headers, timeout=httpx2.Timeout(30, read=60))
    async with http:
        async with Client(streamable_http_client(f"{url}/mcp", http_client=http),
                          **options) as client:
            yield client


async def refused(mcp, name: str, arguments: dict):
    """The MCPError a call answers (inside the client's context: it does not leave it)."""
    from mcp.shared.exceptions import MCPError

    try:
        result = await mcp.call_tool(name, arguments)
    except MCPError as exc:
        return exc
    raise AssertionError(f"the call succeeded: {result}")


def wait_run(client, headers: dict, run_id: str, statuses=("succeeded", "failed", "cancelled"),
             timeout: float = 30.0) -> dict:
    """The run once its status is one of statuses (read over the API)."""
    return wait_until(lambda: client.get(f"/v1/runs/{run_id}", headers=headers).json()["run"],
                      timeout, f"run {run_id} to reach {statuses}", every=0.05,
                      done=lambda run: run["status"] in statuses)


def latest_run(client, headers: dict, **filters) -> dict | None:
    """The newest run matching filters (GET /v1/runs), or None."""
    runs = client.get("/v1/runs", params={**filters, "limit": 200}, headers=headers).json()["runs"]
    return max(runs, key=lambda r: r["created_at"]) if runs else None


@contextlib.asynccontextmanager
async def a2a_client(url: str, exposure_id: str, headers: dict, streaming: bool = True):
    """The `a2a-sdk` client of an exposed agent and its card (resolved at
    `/a2a/{id}/.well-known/agent-card.json`); the client speaks the card's interface."""
    import httpx
    from a2a.client import A2ACardResolver, ClientConfig, create_client

    http = httpx.AsyncClient(headers=headers, timeout=scaled(60))
    async with http:
        card = await A2ACardResolver(http, f"{url}/a2a/{exposure_id}").get_agent_card()
        client = await create_client(card, ClientConfig(httpx_client=http, streaming=streaming))
        try:
            yield client, card
        finally:
            await client.close()


def a2a_message(text: str, context_id: str | None = None, message_id: str | None = None):
    from a2a.types import a2a_pb2 as pb

    message = pb.Message(message_id=message_id or uuid.uuid4().hex, role=pb.Role.ROLE_USER,
                         parts=[pb.Part(text=text)])
    if context_id:
        message.context_id = context_id
    return pb.SendMessageRequest(message=message)
