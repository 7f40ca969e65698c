"""Webhook delivery against a real receiver that fails: retries after 500s and timeouts,
`410 Gone` and a failure streak disable the endpoint, a receiver stopped and started again,
a slow receiver that holds no other receiver back. Every delivery is verified with the
`standardwebhooks` package."""
from __future__ import annotations

import threading

import pytest

from tests.factories import make_org
from tests.factories_webhooks import (Receiver, deliveries, make_webhook, start_webhook_worker,
                                      wait_for, webhook_settings)
from tests.factories_workflows import stop


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
def org(client):
    return make_org(client)


@pytest.fixture()
def receiver():
    r = Receiver()
    yield r
    r.stop()


def _test_event(client, org, hook) -> None:
    resp = client.post(f"/v1/webhooks/{hook['id']}/test", headers=org["headers"])
    assert resp.status_code == 202, resp.text


def _webhook(client, org, hook_id) -> dict:
    return client.get(f"/v1/webhooks/{hook_id}", headers=org["headers"]).json()["webhook"]


def test_retried_after_500s_until_a_2xx(client, org, receiver):
    receiver.answers = [500, 503]
    hook = make_webhook(client, org, receiver.url, ["webhook.test"])
    _test_event(client, org, hook)
    done = wait_for(lambda: [d for d in deliveries(client, org, hook["id"])
                             if d["status"] == "succeeded"])[0]
    assert done["attempts"] == 3 and done["last_status_code"] == 200
    events = receiver.events(hook["secret"])
    assert len(events) == 3 and len({e["id"] for e in events}) == 1  # one event, three tries
    assert _webhook(client, org, hook["id"])["failing_since"] is None  # the success ended it


def test_retried_after_a_timeout(client, org, receiver):
    receiver.answers = [(3, 200)]  # the first answer comes after the 1 s attempt timeout
    hook = make_webhook(client, org, receiver.url, ["webhook.test"])
    _test_event(client, org, hook)
    done = wait_for(lambda: [d for d in deliveries(client, org, hook["id"])
                             if d["status"] == "succeeded"])[0]
    assert done["attempts"] == 2
    assert len(receiver.events(hook["secret"])) == 2


def test_a_failed_attempt_is_in_the_log_with_its_next_attempt(client, org, receiver):
    receiver.status = 500
    hook = make_webhook(client, org, receiver.url, ["webhook.test"])
    _test_event(client, org, hook)
    failed = wait_for(lambda: [d for d in deliveries(client, org, hook["id"])
                               if d["attempts"] >= 1 and d["status"] == "pending"])[0]
    assert failed["last_status_code"] == 500
    assert failed["last_error"].startswith("http_status")
    assert failed["next_attempt_at"] is not None
    assert _webhook(client, org, hook["id"])["failing_since"] is not None


def test_a_redirect_is_not_followed(client, org, receiver):
    receiver.answers = [302]  # (no Location: nothing to follow; a 3xx is a failed attempt)
    hook = make_webhook(client, org, receiver.url, ["webhook.test"])
    _test_event(client, org, hook)
    done = wait_for(lambda: [d for d in deliveries(client, org, hook["id"])
                             if d["status"] == "succeeded"])[0]
    assert done["attempts"] == 2 and len(receiver.calls) == 2


def test_410_gone_disables_the_endpoint(client, org, receiver):
    receiver.status = 410
    hook = make_webhook(client, org, receiver.url, ["webhook.test"])
    _test_event(client, org, hook)
    disabled = wait_for(lambda: _webhook(client, org, hook["id"])["status"] == "disabled" and
                        _webhook(client, org, hook["id"]))
    assert "410" in disabled["disabled_reason"]
    log = wait_for(lambda: [d for d in deliveries(client, org, hook["id"])
                            if d["status"] == "failed"])
    assert log[0]["last_status_code"] == 410
    redeliver = client.post(f"/v1/webhooks/{hook['id']}/deliveries/{log[0]['id']}/redeliver",
                            headers=org["headers"])
    assert redeliver.status_code == 409 and redeliver.json()["code"] == "webhook_disabled"
    # enabled again, the failed event can be sent again, and now it arrives
    receiver.status = 200
    client.patch(f"/v1/webhooks/{hook['id']}", json={"status": "enabled"},
                 headers=org["headers"])
    again = client.post(f"/v1/webhooks/{hook['id']}/deliveries/{log[0]['id']}/redeliver",
                        headers=org["headers"])
    assert again.status_code == 202
    wait_for(lambda: any(d["status"] == "succeeded"
                         for d in deliveries(client, org, hook["id"])))


def test_an_endpoint_failing_past_the_streak_limit_is_disabled(client, org, receiver):
    receiver.status = 500  # AGENT_PLATFORM_WEBHOOK_DISABLE_AFTER_S is 5 s here (3 days by default)
    hook = make_webhook(client, org, receiver.url, ["webhook.test"])
    _test_event(client, org, hook)
    disabled = wait_for(lambda: _webhook(client, org, hook["id"])["status"] == "disabled" and
                        _webhook(client, org, hook["id"]), timeout=60)
    assert "without a success" in disabled["disabled_reason"]
    failed = wait_for(lambda: [d for d in deliveries(client, org, hook["id"])
                               if d["status"] == "failed"])[0]
    assert failed["attempts"] >= 2 and failed["next_attempt_at"] is None


def test_a_receiver_stopped_and_started_again_gets_the_event(client, org):
    receiver = Receiver()
    port = receiver.port
    hook = make_webhook(client, org, receiver.url, ["webhook.test"])
    receiver.stop()
    _test_event(client, org, hook)
    wait_for(lambda: any(d["attempts"] >= 1 and d["last_error"].startswith("connection_failed")
                         for d in deliveries(client, org, hook["id"])))
    back = Receiver(port=port)  # the same address, up again
    try:
        event = wait_for(lambda: back.events(hook["secret"]))[0]
        assert event["type"] == "webhook.test"
        done = wait_for(lambda: [d for d in deliveries(client, org, hook["id"])
                                 if d["status"] == "succeeded"])[0]
        assert done["attempts"] >= 2
    finally:
        back.stop()


def test_a_slow_receiver_holds_no_other_receiver_back(client, org, receiver):
    slow = Receiver()
    slow.gate = threading.Event()  # it answers nothing until released: every attempt times out
    try:
        slow_hook = make_webhook(client, org, slow.url, ["webhook.test"])
        fast_hook = make_webhook(client, org, receiver.url, ["webhook.test"])
        _test_event(client, org, slow_hook)
        wait_for(lambda: slow.calls)  # the slow receiver holds its first request
        _test_event(client, org, fast_hook)
        wait_for(lambda: receiver.events(fast_hook["secret"]))
        # the fast receiver's event arrived while the slow one had still not answered
        assert not any(d["status"] == "succeeded" for d in deliveries(client, org, slow_hook["id"]))
        slow.gate.set()
        wait_for(lambda: any(d["status"] == "succeeded"
                             for d in deliveries(client, org, slow_hook["id"])))
    finally:
        slow.gate.set()
        slow.stop()


def test_finished_deliveries_leave_the_log_after_its_days(client, org, receiver):
    import datetime as dt

    from core import db
    from store import webhook_deliveries as store

    hook = make_webhook(client, org, receiver.url, ["webhook.test"])
    _test_event(client, org, hook)
    wait_for(lambda: [d for d in deliveries(client, org, hook["id"]) if d["status"] == "succeeded"])
    receiver.status = 500
    _test_event(client, org, hook)  # still pending (retried): it stays
    wait_for(lambda: any(d["attempts"] for d in deliveries(client, org, hook["id"])
                         if d["status"] == "pending"))
    with db.connection():  # the dispatchers' hourly sweep, as if the log's days had passed
        store.sweep(older_than=db.utcnow() + dt.timedelta(days=1))
    assert [d["status"] for d in deliveries(client, org, hook["id"])] == ["pending"]
