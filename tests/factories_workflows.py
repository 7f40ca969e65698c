"""Factories for workflow, run and schedule tests (over the HTTP API), a session-token stand-in
carrying a user id, and waiting for runs."""
from __future__ import annotations

import time
import uuid

from tests.factories_tools import EchoServer, make_provider, make_tool  # noqa: F401 (re-export)

SESSION_PREFIX = "st_wf_"


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
    deadline = time.monotonic() + timeout
    while True:
        resp = client.get(f"/v1/workflow-runs/{run_id}", headers=headers)
        assert resp.status_code == 200, resp.text
        run = resp.json()["run"]
        if run["status"] in until:
            return run
        if time.monotonic() > deadline:
            raise AssertionError(f"run {run_id} still {run['status']}: {run}")
        time.sleep(0.02)
