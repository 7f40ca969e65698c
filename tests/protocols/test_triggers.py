"""Inbound triggers over HTTP: CRUD, the input mapping checked when saved, and
`POST /hooks/{token}` verified (GitHub's X-Hub-Signature-256, Standard Webhooks signed by the
`standardwebhooks` package, bearer), deduplicated by the sender's delivery id, mapped into a
workflow run or a network's thread, and visible in the run lists with its trigger id."""
from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
import uuid

import pytest
from standardwebhooks.webhooks import Webhook

from tests.factories import assert_problem, make_org
from tests.factories_webhooks import start_webhook_worker, webhook_settings
from tests.factories_workflows import make_workflow, stop, wait_run

PUSH = {"ref": "refs/heads/main", "sender": {"login": "octocat"},
        "head_commit": {"message": "Fix the build"}}
SCHEMA = {"type": "object", "required": ["who"],
          "properties": {"who": {"type": "string"}, "ref": {"type": "string"}}}


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return webhook_settings(database_url, tmp_path_factory.mktemp("data"))


@pytest.fixture(scope="module", autouse=True)
def worker(app, settings):
    process = start_webhook_worker(settings) if settings.redis_url else None
    yield process
    if process is not None:
        stop(process)


@pytest.fixture(scope="module")
def workflow(client, org):
    return make_workflow(client, org, input_schema=SCHEMA)


def make_trigger(client, org, target, verification, mapping, **fields) -> dict:
    resp = client.post("/v1/triggers", json={"target": target, "verification": verification,
                                             "input": mapping, **fields},
                       headers=org["headers"])
    assert resp.status_code == 201, resp.text
    return resp.json()["trigger"]


def _path(trigger) -> str:
    return "/hooks/" + trigger["url"].rsplit("/hooks/", 1)[1]


def github_push(client, trigger, body: bytes, delivery: str, secret: str | None = None):
    mac = hmac.new((secret or trigger["secret"]).encode(), body, hashlib.sha256).hexdigest()
    return client.post(_path(trigger), content=body, headers={
        "content-type": "application/json", "x-github-event": "push",
        "x-github-delivery": delivery, "x-hub-signature-256": f"sha256={mac}"})


def test_create_shows_url_and_secret_once(client, org, workflow):
    trigger = make_trigger(client, org, {"type": "workflow", "id": workflow["id"]},
                           {"type": "hmac_sha256"}, {"who": "sender.login"},
                           description="pushes")
    assert trigger["url"].startswith("http") and "/hooks/hk_" in trigger["url"]
    assert trigger["secret"] and trigger["verification"] == {"type": "hmac_sha256"}
    got = client.get(f"/v1/triggers/{trigger['id']}", headers=org["headers"]).json()["trigger"]
    assert "url" not in got and "secret" not in got and got["input"] == {"who": "sender.login"}
    listed = client.get("/v1/triggers", headers=org["headers"]).json()["triggers"]
    assert trigger["id"] in [t["id"] for t in listed]
    other = make_org(client)
    assert_problem(client.get(f"/v1/triggers/{trigger['id']}", headers=other["headers"]), 404)


def test_the_mapping_is_checked_when_saved(client, org, workflow):
    target = {"type": "workflow", "id": workflow["id"]}
    for mapping, why in (({"who": "sender.["}, "not JMESPath"), ({"ref": "ref"}, "who missing"),
                         ({"who": "a", "nope": "b"}, "not in the schema")):
        resp = client.post("/v1/triggers", json={"target": target, "input": mapping,
                                                 "verification": {"type": "none"}},
                           headers=org["headers"])
        assert_problem(resp, 400, "invalid_trigger_input"), why
    missing = client.post("/v1/triggers", json={
        "target": {"type": "workflow", "id": str(uuid.uuid4())},
        "verification": {"type": "none"}, "input": {}}, headers=org["headers"])
    assert_problem(missing, 404)
    trigger = make_trigger(client, org, target, {"type": "none"}, {"who": "a"})
    bad = client.patch(f"/v1/triggers/{trigger['id']}", json={"input": {"x": "y"}},
                       headers=org["headers"])
    assert_problem(bad, 400, "invalid_trigger_input")


def test_a_github_push_starts_the_workflow_once_even_when_sent_twice(client, org, workflow):
    trigger = make_trigger(client, org, {"type": "workflow", "id": workflow["id"]},
                           {"type": "hmac_sha256"}, {"who": "sender.login", "ref": "ref"})
    body = json.dumps(PUSH).encode()
    delivery = str(uuid.uuid4())
    first = github_push(client, trigger, body, delivery)
    assert first.status_code == 202, first.text
    assert first.json()["duplicate"] is False
    again = github_push(client, trigger, body, delivery)
    assert again.status_code == 202 and again.json() == {**first.json(), "duplicate": True}
    run = wait_run(client, org["headers"], first.json()["run_id"])
    assert run["status"] == "succeeded" and run["trigger"] == "webhook"
    assert run["input"] == {"who": "octocat", "ref": "refs/heads/main"}
    assert run["trigger_id"] == trigger["id"]
    listed = client.get(f"/v1/workflow-runs?trigger_id={trigger['id']}",
                        headers=org["headers"]).json()["runs"]
    assert [r["id"] for r in listed] == [first.json()["run_id"]]  # one run for two calls
    other = github_push(client, trigger, body, str(uuid.uuid4()))
    assert other.status_code == 202 and other.json()["run_id"] != first.json()["run_id"]
    called = client.get(f"/v1/triggers/{trigger['id']}", headers=org["headers"]).json()
    assert called["trigger"]["last_called_at"] is not None


def test_bad_signatures_unknown_tokens_and_disabled_triggers(client, org, workflow):
    trigger = make_trigger(client, org, {"type": "workflow", "id": workflow["id"]},
                           {"type": "hmac_sha256"}, {"who": "sender.login"})
    body = json.dumps(PUSH).encode()
    wrong = github_push(client, trigger, body, str(uuid.uuid4()), secret="not-the-secret-at-all")
    assert_problem(wrong, 401, "invalid_signature")
    unsigned = client.post(_path(trigger), content=body,
                           headers={"content-type": "application/json"})
    assert_problem(unsigned, 401, "invalid_signature")
    unknown = client.post("/hooks/hk_" + "x" * 43, content=body,
                          headers={"content-type": "application/json"})
    assert_problem(unknown, 404, "trigger_not_found")
    client.patch(f"/v1/triggers/{trigger['id']}", json={"status": "disabled"},
                 headers=org["headers"])
    off = github_push(client, trigger, body, str(uuid.uuid4()))
    assert_problem(off, 403, "trigger_disabled")
    rotated = client.post(f"/v1/triggers/{trigger['id']}/rotate-secret",
                          headers=org["headers"]).json()["trigger"]
    assert rotated["url"] != trigger["url"]
    assert_problem(github_push(client, trigger, body, str(uuid.uuid4())), 404,
                   "trigger_not_found")  # the old url is gone
    client.delete(f"/v1/triggers/{trigger['id']}", headers=org["headers"])
    assert_problem(github_push(client, rotated, body, str(uuid.uuid4())), 404)


def test_standard_webhooks_senders_and_their_timestamps(client, org, workflow):
    trigger = make_trigger(client, org, {"type": "workflow", "id": workflow["id"]},
                           {"type": "standard_webhooks"}, {"who": "data.user"})
    assert trigger["secret"].startswith("whsec_")
    sender = Webhook(trigger["secret"])
    body = json.dumps({"type": "user.created", "data": {"user": "ada"}})

    def send(msg_id, when):
        return client.post(_path(trigger), content=body.encode(), headers={
            "content-type": "application/json", "webhook-id": msg_id,
            "webhook-timestamp": str(int(when.timestamp())),
            "webhook-signature": sender.sign(msg_id, when, body)})

    now = dt.datetime.now(dt.timezone.utc)
    ok = send("msg_1", now)
    assert ok.status_code == 202, ok.text
    assert wait_run(client, org["headers"], ok.json()["run_id"])["input"] == {"who": "ada"}
    assert send("msg_1", now).json()["duplicate"] is True
    old = send("msg_2", now - dt.timedelta(minutes=10))
    assert_problem(old, 401, "signature_expired")


def test_bearer_and_unverified_triggers(client, org, workflow):
    target = {"type": "workflow", "id": workflow["id"]}
    bearer = make_trigger(client, org, target, {"type": "bearer", "secret": "s" * 20},
                          {"who": "name"})
    assert bearer["secret"] == "s" * 20
    body = json.dumps({"name": "form"}).encode()
    refused = client.post(_path(bearer), content=body, headers={
        "content-type": "application/json", "authorization": "Bearer wrong"})
    assert_problem(refused, 401, "invalid_signature")
    taken = client.post(_path(bearer), content=body, headers={
        "content-type": "application/json", "authorization": "Bearer " + "s" * 20})
    assert taken.status_code == 202
    open_ = make_trigger(client, org, target, {"type": "none"}, {"who": "name"})
    assert open_["secret"] is None
    assert client.post(_path(open_), content=body,
                       headers={"content-type": "application/json"}).status_code == 202
    not_json = client.post(_path(open_), content=b"<xml/>",
                           headers={"content-type": "application/xml"})
    assert_problem(not_json, 415)
    broken = client.post(_path(open_), content=b'{"name": ',
                         headers={"content-type": "application/json"})
    assert_problem(broken, 400)
    wrong_input = client.post(_path(open_), content=b'{"name": 5}',
                              headers={"content-type": "application/json"})
    assert_problem(wrong_input, 400, "workflow_input_invalid")


def test_a_network_trigger_posts_into_the_users_thread_for_the_key(client, org):
    agent = client.post("/v1/agents", json={"name": f"n-{uuid.uuid4().hex[:6]}",
                                            "instructions": "Answer.",
                                            "model": {"provider": "echo", "name": "echo"}},
                        headers=org["headers"]).json()["agent"]
    network = client.post("/v1/copilots", json={"name": f"net-{uuid.uuid4().hex[:6]}",
                                                "agents": [{"agentId": agent["id"]}]},
                          headers=org["headers"]).json()["copilot"]
    trigger = make_trigger(client, org, {"type": "copilot", "id": network["id"]},
                           {"type": "none"}, {"message": "comment.body",
                                              "user_id": "comment.author",
                                              "conversation": "issue.number"})

    def call(author, issue, text):
        resp = client.post(_path(trigger), json={"comment": {"body": text, "author": author},
                                                 "issue": {"number": issue}})
        assert resp.status_code == 202, resp.text
        return resp.json()

    first = call("alice", 7, "hello")
    second = call("alice", 7, "again")
    third = call("alice", 8, "other issue")
    assert first["thread_id"] == second["thread_id"] != third["thread_id"]
    user = {**org["headers"], "X-User-Id": "alice"}
    messages = client.get(f"/v1/messages?thread_id={first['thread_id']}", headers=user)
    assert messages.status_code == 200, messages.text
    said = [m["content"] for m in messages.json()["messages"] if m["role"] == "user"]
    assert said[:2] == ["hello", "again"]
    runs = client.get(f"/v1/runs?trigger_id={trigger['id']}", headers=org["headers"]).json()
    assert {r["id"] for r in runs["runs"]} == {first["run_id"], second["run_id"],
                                               third["run_id"]}
    assert all(r["trigger_id"] == trigger["id"] for r in runs["runs"])
    bad = make_trigger(client, org, {"type": "copilot", "id": network["id"]}, {"type": "none"},
                       {"message": "text", "user_id": "user"})
    empty = client.post(_path(bad), json={"text": "hi"})
    assert_problem(empty, 400, "trigger_input_missing")


def test_the_token_is_never_logged(client, org, workflow, caplog):
    trigger = make_trigger(client, org, {"type": "workflow", "id": workflow["id"]},
                           {"type": "none"}, {"who": "name"})
    token = trigger["url"].rsplit("/", 1)[1]
    with caplog.at_level("INFO"):
        resp = client.post(_path(trigger), json={"name": "x"})
    assert resp.status_code == 202
    logged = [getattr(r, "fields", {}) for r in caplog.records]
    assert any(f.get("path") == "/hooks/{token}" for f in logged)
    assert token not in caplog.text and all(token not in str(f) for f in logged)


def test_limits_apply_and_a_refused_call_frees_its_delivery_id(client, admin):
    org = make_org(client)
    workflow = make_workflow(client, org, input_schema=SCHEMA)
    trigger = make_trigger(client, org, {"type": "workflow", "id": workflow["id"]},
                           {"type": "hmac_sha256"}, {"who": "sender.login"})
    limits = client.put(f"/v1/admin/orgs/{org['id']}/limits", json={"runs_per_month": 1},
                        headers=admin)
    assert limits.status_code == 200, limits.text
    body = json.dumps(PUSH).encode()
    assert github_push(client, trigger, body, "d-1").status_code == 202
    refused = github_push(client, trigger, body, "d-2")
    assert_problem(refused, 429, "usage_limit_reached")
    client.put(f"/v1/admin/orgs/{org['id']}/limits", json={"runs_per_month": 0}, headers=admin)
    again = github_push(client, trigger, body, "d-2")  # the sender's retry, same delivery id
    assert again.status_code == 202 and again.json()["duplicate"] is False
