"""Idempotency keys: replay of the first answer (status, body, Location) with
Idempotent-Replayed, nothing done again (no second run or chat turn), 422 for another body, 409
while the first is in flight, scoped to the organization and the credential (and user), failed
requests free their key, expired keys swept; in process and against `serve --workers 2`."""
from __future__ import annotations

import datetime as dt
import threading
import time
import uuid

import httpx
import pytest

from core import db
from store import idempotency as store_idempotency
from store.models import AgentRun, IdempotencyKey
from tests.factories import ADMIN, assert_problem, bearer, make_org
from tests.factories_chat import make_agent, user, wait_turn
from tests.factories_identity import mint
from tests.factories_tools import EchoServer, make_provider, make_tool
from tests.processes import Serve, admin_org, env_for
from tests.waiting import scaled


def key() -> dict:
    return {"Idempotency-Key": f"k-{uuid.uuid4()}"}


def test_a_retry_replays_the_first_answer_and_creates_nothing(client, org):
    k, body = key(), {"name": f"idem-{uuid.uuid4().hex[:6]}", "instructions": "x"}
    first = client.post("/v1/agents", json=body, headers={**org["headers"], **k})
    assert first.status_code == 201 and "idempotent-replayed" not in first.headers
    again = client.post("/v1/agents", json=body, headers={**org["headers"], **k})
    assert again.status_code == 201
    assert again.headers["idempotent-replayed"] == "true"
    assert again.json() == first.json()
    assert again.headers["location"] == first.headers["location"]
    assert again.headers["x-request-id"] != first.headers["x-request-id"]
    names = [a["name"] for a in client.get("/v1/agents?limit=200", headers=org["headers"]).json()[
        "agents"]]
    assert names.count(body["name"]) == 1


def test_the_same_key_with_another_body_is_422(client, org):
    k = key()
    client.post("/v1/users", json={"user_id": "idem-a"}, headers={**org["headers"], **k})
    resp = client.post("/v1/users", json={"user_id": "idem-b"}, headers={**org["headers"], **k})
    assert_problem(resp, 422, "idempotency_key_reused")
    resp = client.post("/v1/groups", json={"group_id": "idem-g"}, headers={**org["headers"], **k})
    assert_problem(resp, 422, "idempotency_key_reused")  # another operation is another request


def test_a_replayed_run_and_chat_turn_do_not_run_again(client, org):
    agent = make_agent(client, org["headers"])
    k = key()
    url = f"/v1/agents/{agent['id']}/run"
    first = client.post(url, json={"input": "hi"}, headers={**org["headers"], **k})
    again = client.post(url, json={"input": "hi"}, headers={**org["headers"], **k})
    assert first.status_code == again.status_code == 200
    assert again.json()["run"]["id"] == first.json()["run"]["id"]
    headers = {**user(org, "idem-chat"), **key()}
    body = {"agent_id": agent["id"], "message": "hello"}
    turn = client.post("/v1/chat", json=body, headers=headers)
    assert turn.status_code == 202, turn.text
    wait_turn(client, user(org, "idem-chat"), turn.json()["thread"]["id"])
    replay = client.post("/v1/chat", json=body, headers=headers)
    assert replay.status_code == 202 and replay.headers["idempotent-replayed"] == "true"
    assert replay.json()["run"]["id"] == turn.json()["run"]["id"]
    with db.connection():
        runs = AgentRun.select().where(AgentRun.thread_id == turn.json()["thread"]["id"]).count()
    assert runs == 1
    messages = client.get("/v1/messages", params={"thread_id": turn.json()["thread"]["id"]},
                          headers=user(org, "idem-chat")).json()["messages"]
    assert [m["role"] for m in messages] == ["user", "assistant"]


def test_keys_are_scoped_to_the_credential_and_user(client, org):
    other = make_org(client)
    k = key()
    body = {"user_id": "scoped-user"}
    assert client.post("/v1/users", json=body, headers={**org["headers"], **k}).status_code == 201
    resp = client.post("/v1/users", json=body, headers={**other["headers"], **k})
    assert resp.status_code == 201 and "idempotent-replayed" not in resp.headers
    agent = make_agent(client, org["headers"])
    alice, bob = mint(client, org, "alice")["access_token"], mint(client, org, "bob")["access_token"]
    chat = {"agent_id": agent["id"], "message": "same words"}
    a = client.post("/v1/chat", json=chat, headers={**bearer(alice), **k})
    b = client.post("/v1/chat", json=chat, headers={**bearer(bob), **k})
    assert a.status_code == b.status_code == 202
    assert "idempotent-replayed" not in b.headers
    assert a.json()["thread"]["id"] != b.json()["thread"]["id"]
    # the same user through another of its sessions replays
    alice2 = mint(client, org, "alice")["access_token"]
    c = client.post("/v1/chat", json=chat, headers={**bearer(alice2), **k})
    assert c.headers.get("idempotent-replayed") == "true" and c.json() == a.json()


def test_a_failed_request_frees_its_key(client, org):
    k = key()
    missing = "00000000-0000-4000-8000-000000000000"
    resp = client.post(f"/v1/agents/{missing}/run", json={"input": "x"},
                       headers={**org["headers"], **k})
    assert_problem(resp, 404)
    agent = make_agent(client, org["headers"])
    resp = client.post("/v1/agents", json={"name": "freed", "instructions": "x"},
                       headers={**org["headers"], **k})
    assert resp.status_code == 201 and agent["id"] != resp.json()["agent"]["id"]


def test_admin_creations_and_minted_tokens(client, org):
    k = key()
    first = client.post("/v1/admin/orgs", json={"name": "idem-org"}, headers={**ADMIN, **k})
    again = client.post("/v1/admin/orgs", json={"name": "idem-org"}, headers={**ADMIN, **k})
    assert again.json()["id"] == first.json()["id"] and again.headers["idempotent-replayed"]
    k = key()
    one = client.post("/v1/sessions", json={"user_id": "idem-s"}, headers={**org["headers"], **k})
    two = client.post("/v1/sessions", json={"user_id": "idem-s"}, headers={**org["headers"], **k})
    assert two.json()["access_token"] == one.json()["access_token"]
    with db.connection():
        stored = [r.response for r in IdempotencyKey.select()]
    assert stored and not any(one.json()["access_token"] in (s or "") for s in stored)


def test_bad_keys_are_400(client, org):
    for bad in ("", "x" * 256, "has space"):
        resp = client.post("/v1/users", json={"user_id": "bad-key"},
                           headers={**org["headers"], "Idempotency-Key": bad})
        assert_problem(resp, 400)


def test_expired_keys_are_swept_and_can_be_used_again(client, org):
    k = key()
    body = {"user_id": "sweep-1"}
    first = client.post("/v1/users", json=body, headers={**org["headers"], **k})
    assert first.status_code == 201
    with db.connection():
        IdempotencyKey.update(expires_at=IdempotencyKey.created_at).where(
            IdempotencyKey.key == k["Idempotency-Key"]).execute()
        assert store_idempotency.sweep(now=dt.datetime.now(dt.UTC).replace(tzinfo=None)
                                       + dt.timedelta(seconds=1)) >= 1
        assert not IdempotencyKey.select().where(
            IdempotencyKey.key == k["Idempotency-Key"]).exists()
    resp = client.post("/v1/users", json=body, headers={**org["headers"], **k})
    assert_problem(resp, 409)  # done again: the user exists now (a real conflict)


# --- real processes: serve --workers 2 ---------------------------------------------------------


@pytest.fixture(scope="module")
def served(database_url, tmp_path_factory):
    env = env_for(database_url, tmp_path_factory.mktemp("serve"), AGENT_PLATFORM_SCHEDULER="off",
                  AGENT_PLATFORM_WORKERS="2")
    server = Serve(env).start(timeout=90)
    try:
        with httpx.Client(base_url=server.url, timeout=scaled(60)) as http:
            yield http, admin_org(http)
    finally:
        server.stop()


def test_in_flight_is_409_across_processes_then_replayed(served):
    http, org = served
    echo = EchoServer()
    try:
        provider = http.post("/v1/tool-providers", headers=org["headers"], json={
            "name": f"slow{uuid.uuid4().hex[:6]}", "type": "api", "base_url": echo.url}).json()
        tool = http.post("/v1/tools", headers=org["headers"], json={
            "tool_provider_id": provider["tool_provider"]["id"], "name": "slow",
            "method": "POST", "path": "/sleep/4"}).json()["tool"]
        k = key()
        url = f"/v1/tools/{tool['id']}/execute"
        answers = {}

        def first():
            with httpx.Client(base_url=str(http.base_url), timeout=scaled(60)) as c:
                answers["first"] = c.post(url, json={"input": {}}, headers={**org["headers"], **k})

        thread = threading.Thread(target=first)
        thread.start()
        time.sleep(0.8)
        during = []
        for _ in range(3):  # new connections: both processes answer some of them
            with httpx.Client(base_url=str(http.base_url), timeout=scaled(60)) as c:
                during.append(c.post(url, json={"input": {}}, headers={**org["headers"], **k}))
        thread.join(30)
        assert answers["first"].status_code == 200, answers["first"].text
        in_use = [r for r in during if r.status_code == 409]
        assert in_use, [r.status_code for r in during]
        for resp in in_use:
            assert resp.json()["code"] == "idempotency_key_in_use"
        for resp in during:  # a slow machine may send the last ones after the first finished
            assert resp in in_use or resp.headers.get("idempotent-replayed") == "true"
        replay = http.post(url, json={"input": {}}, headers={**org["headers"], **k})
        assert replay.status_code == 200 and replay.headers["idempotent-replayed"] == "true"
        assert replay.json() == answers["first"].json()
        assert len([s for s in echo.seen if s["path"] == "/sleep/4"]) == 1  # executed once
    finally:
        echo.close()


def test_concurrent_retries_create_one_resource_across_processes(served):
    http, org = served
    k, name = key(), f"conc-{uuid.uuid4().hex[:6]}"
    results = []

    def post():
        with httpx.Client(base_url=str(http.base_url), timeout=scaled(60)) as c:
            results.append(c.post("/v1/agents", json={"name": name, "instructions": "x"},
                                  headers={**org["headers"], **k}))

    threads = [threading.Thread(target=post) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert {r.status_code for r in results} <= {201, 409}
    created = [r for r in results if r.status_code == 201]
    assert len({r.json()["agent"]["id"] for r in created}) == 1
    agents = http.get("/v1/agents?limit=200", headers=org["headers"]).json()["agents"]
    assert [a["name"] for a in agents].count(name) == 1
