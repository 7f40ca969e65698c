"""Webhook endpoints over HTTP: create (the secret once), read, update, delete, rotate, test;
events of runs and workflow runs signed per Standard Webhooks (verified by the
`standardwebhooks` package) and delivered to a real receiver; a run's own webhook URL."""
from __future__ import annotations

import pytest

from tests.factories import assert_problem, make_org
from tests.factories_webhooks import (Receiver, deliveries, echo_agent, make_webhook,
                                      start_webhook_worker, wait_for, webhook_settings)
from tests.factories_workflows import make_workflow, stop, wait_run


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return webhook_settings(database_url, tmp_path_factory.mktemp("data"))


@pytest.fixture(scope="module", autouse=True)
def worker(app, settings):
    process = start_webhook_worker(settings) if settings.redis_url else None
    yield process
    if process is not None:
        stop(process)


@pytest.fixture()
def receiver():
    r = Receiver()
    yield r
    r.stop()


def test_create_shows_the_secret_once(client, org, receiver):
    hook = make_webhook(client, org, receiver.url, ["run.succeeded"], description="ops")
    assert hook["secret"].startswith("whsec_") and hook["status"] == "enabled"
    assert hook["event_types"] == ["run.succeeded"] and hook["description"] == "ops"
    got = client.get(f"/v1/webhooks/{hook['id']}", headers=org["headers"])
    assert got.status_code == 200 and "secret" not in got.json()["webhook"]
    listed = client.get("/v1/webhooks", headers=org["headers"]).json()["webhooks"]
    assert hook["id"] in [h["id"] for h in listed] and all("secret" not in h for h in listed)


def test_bad_input_and_other_organizations(client, org, receiver):
    bad = client.post("/v1/webhooks", json={"url": receiver.url, "event_types": ["run.nope"]},
                      headers=org["headers"])
    assert_problem(bad, 400)
    empty = client.post("/v1/webhooks", json={"url": receiver.url, "event_types": []},
                        headers=org["headers"])
    assert_problem(empty, 400)
    metadata = client.post("/v1/webhooks", json={"url": "http://169.254.169.254/latest",
                                                  "event_types": ["run.failed"]},
                           headers=org["headers"])
    assert_problem(metadata, 403, "url_not_allowed")
    hook = make_webhook(client, org, receiver.url, ["run.failed"])
    other = make_org(client)
    assert_problem(client.get(f"/v1/webhooks/{hook['id']}", headers=other["headers"]), 404)
    assert_problem(client.delete(f"/v1/webhooks/{hook['id']}", headers=other["headers"]), 404)
    assert_problem(client.get(f"/v1/webhooks/{hook['id']}/deliveries",
                              headers=other["headers"]), 404)


def test_update_and_delete(client, org, receiver):
    hook = make_webhook(client, org, receiver.url, ["run.failed"])
    changed = client.patch(f"/v1/webhooks/{hook['id']}", json={
        "event_types": ["run.failed", "run.cancelled"], "status": "disabled"},
        headers=org["headers"])
    assert changed.status_code == 200, changed.text
    body = changed.json()["webhook"]
    assert body["event_types"] == ["run.cancelled", "run.failed"]
    assert body["status"] == "disabled" and body["disabled_reason"]
    enabled = client.patch(f"/v1/webhooks/{hook['id']}", json={"status": "enabled"},
                           headers=org["headers"]).json()["webhook"]
    assert enabled["status"] == "enabled" and enabled["disabled_reason"] is None
    assert client.delete(f"/v1/webhooks/{hook['id']}", headers=org["headers"]).json() == {
        "deleted": hook["id"]}
    assert_problem(client.get(f"/v1/webhooks/{hook['id']}", headers=org["headers"]), 404)


def test_run_events_are_signed_and_carry_the_run(client, receiver):
    org = make_org(client)
    hook = make_webhook(client, org, receiver.url, ["run.succeeded", "run.failed"])
    agent = echo_agent(client, org)
    run = client.post(f"/v1/agents/{agent['id']}/run", json={"input": "hello"},
                      headers=org["headers"]).json()["run"]
    events = wait_for(lambda: receiver.events(hook["secret"], "run.succeeded"))
    event = events[0]
    assert event["data"]["run"]["id"] == run["id"]
    assert event["data"]["run"]["status"] == "succeeded"
    assert event["data"]["run"]["output"] == "hello"
    assert event["_headers"]["webhook-id"] == event["id"]
    assert set(event) >= {"type", "timestamp", "data"}
    done = wait_for(lambda: [d for d in deliveries(client, org, hook["id"])
                             if d["status"] == "succeeded"])
    assert done[0]["event_id"] == event["id"] and done[0]["attempts"] == 1
    assert done[0]["last_status_code"] == 200 and len(done[0]["last_response"]) == 1024


def test_an_event_goes_only_to_endpoints_subscribed_to_its_type(client, receiver):
    org = make_org(client)
    other = Receiver()
    try:
        wanted = make_webhook(client, org, receiver.url, ["run.succeeded"])
        make_webhook(client, org, other.url, ["workflow_run.failed"])
        agent = echo_agent(client, org)
        client.post(f"/v1/agents/{agent['id']}/run", json={"input": "x"},
                    headers=org["headers"])
        wait_for(lambda: receiver.events(wanted["secret"]))
        test = client.post(f"/v1/webhooks/{wanted['id']}/test", headers=org["headers"])
        assert test.status_code == 202 and test.json()["delivery"]["event_type"] == "webhook.test"
        wait_for(lambda: receiver.events(wanted["secret"], "webhook.test"))
        assert other.calls == []  # the run's event, and the test, went to the first only
    finally:
        other.stop()


def test_workflow_run_events_and_a_runs_own_webhook(client, receiver):
    org = make_org(client)
    hook = make_webhook(client, org, receiver.url, ["workflow_run.succeeded"])
    own = Receiver()
    try:
        workflow = make_workflow(client, org, input_schema={"type": "object"})
        started = client.post(f"/v1/workflows/{workflow['id']}/run",
                              json={"input": {"a": 1}, "webhook": own.url},
                              headers=org["headers"])
        assert started.status_code == 202, started.text
        run_id = started.json()["run"]["id"]
        wait_run(client, org["headers"], run_id)
        event = wait_for(lambda: receiver.events(hook["secret"]))[0]
        assert event["type"] == "workflow_run.succeeded"
        assert event["data"]["run"]["id"] == run_id and event["data"]["run"]["input"] == {"a": 1}
        headers, body = wait_for(lambda: own.calls)[0]
        assert headers["webhook-id"] == event["id"]  # the same event, to the run's own URL
        assert b'"workflow_run.succeeded"' in body
        agent = echo_agent(client, org)
        client.post(f"/v1/agents/{agent['id']}/run", json={"input": "x", "webhook": own.url},
                    headers=org["headers"])
        wait_for(lambda: any(b'"run.succeeded"' in b for _, b in own.calls))
    finally:
        own.stop()


def test_a_runs_webhook_passes_the_ssrf_policy(client, org):
    agent = echo_agent(client, org)
    refused = client.post(f"/v1/agents/{agent['id']}/run",
                          json={"input": "x", "webhook": "http://169.254.169.254/x"},
                          headers=org["headers"])
    assert_problem(refused, 403, "url_not_allowed")


def test_rotation_signs_with_both_secrets_while_they_overlap(client, receiver):
    org = make_org(client)
    hook = make_webhook(client, org, receiver.url, ["webhook.test"])
    rotated = client.post(f"/v1/webhooks/{hook['id']}/rotate-secret", headers=org["headers"])
    assert rotated.status_code == 200
    new = rotated.json()["webhook"]
    assert new["secret"] != hook["secret"] and new["previous_secret_expires_at"]
    client.post(f"/v1/webhooks/{hook['id']}/test", headers=org["headers"])
    # each secret alone verifies the delivery: a receiver may switch at its own pace
    wait_for(lambda: receiver.events(hook["secret"]))
    assert receiver.events(new["secret"])
    assert len(receiver.calls[0][0]["webhook-signature"].split(" ")) == 2


def test_redelivery_sends_the_same_event_again(client, receiver):
    org = make_org(client)
    hook = make_webhook(client, org, receiver.url, ["webhook.test"])
    client.post(f"/v1/webhooks/{hook['id']}/test", headers=org["headers"])
    first = wait_for(lambda: receiver.events(hook["secret"]))[0]
    delivery = deliveries(client, org, hook["id"])[0]
    again = client.post(f"/v1/webhooks/{hook['id']}/deliveries/{delivery['id']}/redeliver",
                        headers=org["headers"])
    assert again.status_code == 202, again.text
    assert again.json()["delivery"]["event_id"] == first["id"]
    events = wait_for(lambda: len(receiver.events(hook["secret"])) == 2 and
                      receiver.events(hook["secret"]))
    assert events[1]["id"] == first["id"] and events[1]["data"] == first["data"]
    log = deliveries(client, org, hook["id"])
    assert len(log) == 2 and {d["event_id"] for d in log} == {first["id"]}


def test_the_delivery_log_pages(client, receiver):
    org = make_org(client)
    hook = make_webhook(client, org, receiver.url, ["webhook.test"])
    for _ in range(3):
        client.post(f"/v1/webhooks/{hook['id']}/test", headers=org["headers"])
    page = client.get(f"/v1/webhooks/{hook['id']}/deliveries?limit=2",
                      headers=org["headers"]).json()
    assert len(page["deliveries"]) == 2 and page["next_cursor"]
    rest = client.get(f"/v1/webhooks/{hook['id']}/deliveries?limit=2&cursor="
                      f"{page['next_cursor']}", headers=org["headers"]).json()
    assert len(rest["deliveries"]) == 1 and rest["next_cursor"] is None
