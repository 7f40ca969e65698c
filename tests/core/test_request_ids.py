"""Request ids: accepted or made, on every response (errors included), in problem bodies, in
every log line written while serving the request or running the work it started, on runs."""
from __future__ import annotations

import json
import logging
import re

import pytest

from server.logs import JsonFormatter
from tests.factories import ADMIN, assert_problem
from tests.factories_chat import make_agent, post_chat, user, wait_turn

MADE = re.compile(r"^req_[0-9a-f]{32}$")


class Lines(logging.Handler):
    """Every record as the service formats it (JSON), at DEBUG, with its thread's name."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.lines: list[tuple[str, dict]] = []

    def emit(self, record):
        self.lines.append((record.threadName, json.loads(JsonFormatter().format(record))))


@pytest.fixture
def lines():
    root = logging.getLogger()
    handler, previous = Lines(), root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    quiet = {n: logging.getLogger(n).level for n in ("connexion", "uvicorn.access")}
    try:
        yield handler.lines
    finally:
        root.removeHandler(handler)
        root.setLevel(previous)
        for name, level in quiet.items():
            logging.getLogger(name).setLevel(level)


def test_a_request_without_an_id_gets_a_new_one(client, org):
    first = client.get("/v1/organization", headers=org["headers"])
    second = client.get("/v1/organization", headers=org["headers"])
    assert MADE.match(first.headers["x-request-id"])
    assert first.headers["x-request-id"] != second.headers["x-request-id"]


@pytest.mark.parametrize("given", ["abc", "a" * 128, "2026-11-23T02:00:00Z.trace-1:span_2"])
def test_a_well_formed_id_is_kept(client, org, given):
    resp = client.get("/v1/organization", headers={**org["headers"], "X-Request-Id": given})
    assert resp.status_code == 200
    assert resp.headers["x-request-id"] == given


@pytest.mark.parametrize("given", ["a" * 129, "has space", "semi;colon", "slash/x", "é"])
def test_a_malformed_id_is_replaced(client, org, given):
    resp = client.get("/v1/organization",
                      headers={**org["headers"], "X-Request-Id": given.encode("utf-8")})
    assert resp.status_code == 200
    assert MADE.match(resp.headers["x-request-id"])


def test_errors_carry_the_id_in_header_and_body(client, org):
    rid = {"X-Request-Id": "err-check-1"}
    answers = {
        401: client.get("/v1/organization", headers={**rid, "Authorization": "Bearer ap_nope"}),
        403: client.get("/v1/admin/orgs/x/limits", headers={**org["headers"], **rid}),
        404: client.get("/v1/agents/00000000-0000-4000-8000-000000000000",
                        headers={**org["headers"], **rid}),
        400: client.post("/v1/agents", json={}, headers={**org["headers"], **rid}),
        405: client.put("/v1/tool-providers/sync", headers={**org["headers"], **rid}),
        413: client.post("/v1/agents", content=b"x" * (5 * 1024 * 1024),
                         headers={**org["headers"], **rid, "Content-Type": "application/json"}),
    }
    for status, resp in answers.items():
        body = assert_problem(resp, status)
        assert resp.headers["x-request-id"] == "err-check-1" == body["request_id"], status


def test_unknown_routes_and_documents_carry_an_id(client):
    assert MADE.match(client.get("/no/such/route").headers["x-request-id"])
    assert MADE.match(client.get("/healthz").headers["x-request-id"])
    assert MADE.match(client.get("/openapi.json").headers["x-request-id"])


def test_every_log_line_of_a_request_names_it(client, org, lines):
    client.get("/v1/organization", headers={**org["headers"], "X-Request-Id": "log-check-1"})
    mine = [entry for _, entry in lines if entry.get("request_id") == "log-check-1"]
    assert any(e["logger"] == "agent_platform.request" for e in mine)
    assert len(mine) >= 2  # the request line and the queries (peewee logs at DEBUG)
    assert all(e.get("request_id") in (None, "log-check-1") for _, e in lines)


def test_a_chat_turn_records_and_logs_the_request_that_started_it(client, org, lines):
    agent = make_agent(client, org["headers"])
    headers = {**user(org, "rid-user"), "X-Request-Id": "turn-check-1"}
    turn = post_chat(client, headers, "hello", agent_id=agent["id"])
    wait_turn(client, user(org, "rid-user"), turn["thread"]["id"], turn["run"]["id"])
    run = client.get(f"/v1/runs/{turn['run']['id']}", headers=org["headers"]).json()
    assert run["run"]["request_id"] == "turn-check-1"
    # the turn runs on the turn loop, its database work in hops (core/concurrency.py)
    in_job = [e for thread, e in lines if thread.startswith(("job", "turn-loop", "db-hop"))]
    assert any(e.get("msg") == "turn started" for e in in_job), "the turn wrote no log line"
    assert all(e.get("request_id") == "turn-check-1" for e in in_job)


def test_an_agent_run_records_the_request_id(client, org):
    agent = make_agent(client, org["headers"])
    resp = client.post(f"/v1/agents/{agent['id']}/run", json={"input": "hi"},
                       headers={**org["headers"], "X-Request-Id": "run-check-1"})
    assert resp.status_code == 200, resp.text
    assert resp.json()["run"]["request_id"] == "run-check-1"


def test_admin_requests_carry_ids(client):
    resp = client.post("/v1/admin/orgs", json={"name": "rid"},
                       headers={**ADMIN, "X-Request-Id": "admin-1"})
    assert resp.status_code == 201 and resp.headers["x-request-id"] == "admin-1"
