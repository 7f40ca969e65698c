"""The events beyond a run's end, each delivered to a real receiver and verified with the
`standardwebhooks` package: approval.requested and approval.decided of a run waiting for a
tool approval, group.spend_cap_reached when a run's cost reaches the group's cap, and
deployment.created / deployment.rolled_back of a network."""
from __future__ import annotations

import uuid

import pytest

from tests.factories import make_org
from tests.factories_turns import http_tool, openai_agent, use_model_server
from tests.factories_webhooks import (Receiver, echo_agent, make_webhook, start_webhook_worker,
                                      wait_for, webhook_settings)
from tests.factories_workflows import stop
from tests.fixtures_turns import allow_loopback, model, tools_server  # noqa: F401 (fixtures)
from testkit import text, tool_calls

PRICES = {"*": {"input": 1_000_000, "output": 1_000_000}}  # a dollar a token: caps come fast


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return webhook_settings(database_url, tmp_path_factory.mktemp("data"), prices=PRICES,
                            model_prices=(("*", 1_000_000.0, 1_000_000.0),))


@pytest.fixture(scope="module", autouse=True)
def worker(app, settings):
    process = start_webhook_worker(settings) if settings.redis_url else None
    yield process
    if process is not None:
        stop(process)


@pytest.fixture()
def org(client, model):
    org = make_org(client)
    use_model_server(client, org, model)
    return org


@pytest.fixture()
def receiver():
    r = Receiver()
    yield r
    r.stop()


def test_approval_requested_then_decided_then_the_run_ends(client, org, model, tools_server,
                                                          receiver):
    hook = make_webhook(client, org, receiver.url,
                        ["approval.requested", "approval.decided", "run.succeeded"])
    refund = http_tool(client, org, tools_server, name="refund", path="/refund",
                       requires_approval=True)
    agent = openai_agent(client, org, tool_ids=[refund["id"]])
    model.reset()
    model.enqueue(tool_calls(("c1", "refund", {"order": "A-1"})), text("Refunded."))
    run = client.post(f"/v1/agents/{agent['id']}/run", json={"input": "refund A-1"},
                      headers=org["headers"]).json()["run"]
    assert run["status"] == "awaiting_approval"
    requested = wait_for(lambda: receiver.events(hook["secret"], "approval.requested"))[0]
    assert requested["data"]["run"]["id"] == run["id"]
    assert requested["data"]["run"]["approvals"][0]["call_id"] == "c1"
    decided = client.post(f"/v1/runs/{run['id']}/approvals",
                          json={"call_id": "c1", "decision": "approve"}, headers=org["headers"])
    assert decided.status_code == 200, decided.text
    wait_for(lambda: receiver.events(hook["secret"], "run.succeeded"))
    # deliveries are concurrent: the order is the events' own (their timestamps)
    order = [e["type"] for e in sorted(receiver.events(hook["secret"]),
                                       key=lambda e: e["timestamp"])]
    assert order == ["approval.requested", "approval.decided", "run.succeeded"]
    decision = receiver.events(hook["secret"], "approval.decided")[0]["data"]
    assert decision["decisions"][0]["decision"] == "approved"
    assert decision["decisions"][0]["tool_call_id"] == "c1"


def test_a_group_reaching_its_spend_cap(client, org, model, receiver):
    hook = make_webhook(client, org, receiver.url, ["group.spend_cap_reached"])
    resp = client.patch("/v1/groups/default", json={"spend_cap_usd": 1.5},
                        headers=org["headers"])
    assert resp.status_code == 200, resp.text
    agent = openai_agent(client, org)
    model.reset()
    model.enqueue(text("one"))
    client.post(f"/v1/agents/{agent['id']}/run", json={"input": "hi"}, headers=org["headers"])
    event = wait_for(lambda: receiver.events(hook["secret"]))[0]
    assert event["type"] == "group.spend_cap_reached"
    group = event["data"]["group"]
    assert group["group_id"] == "default" and group["spend_usd_month"] >= 1.5
    refused = client.post(f"/v1/agents/{agent['id']}/run", json={"input": "hi"},
                          headers=org["headers"])
    assert refused.status_code == 429  # the cap holds; it was announced once
    assert len(receiver.events(hook["secret"])) == 1


def test_deployments_and_rollbacks(client, receiver):
    org = make_org(client)
    hook = make_webhook(client, org, receiver.url,
                        ["deployment.created", "deployment.rolled_back"])
    agent = echo_agent(client, org)
    dev = client.post("/v1/copilots", json={"name": f"net-{uuid.uuid4().hex[:6]}",
                                            "agents": [{"agentId": agent["id"]}]},
                      headers=org["headers"]).json()["copilot"]
    for _ in range(2):
        deployed = client.post(f"/v1/copilots/{dev['id']}/deploy", json={"target": "prod"},
                               headers=org["headers"])
        assert deployed.status_code in (200, 201), deployed.text
    back = client.post(f"/v1/copilots/{dev['id']}/rollback", json={"target": "prod"},
                       headers=org["headers"])
    assert back.status_code == 200, back.text
    events = wait_for(lambda: len(receiver.events(hook["secret"])) == 3 and
                      receiver.events(hook["secret"]))
    assert sorted(e["type"] for e in events) == ["deployment.created", "deployment.created",
                                                 "deployment.rolled_back"]
    [rollback] = [e for e in events if e["type"] == "deployment.rolled_back"]
    assert rollback["data"]["deployment"]["source"] == "rollback"
    assert {e["data"]["deployment"]["target"] for e in events} == {"prod"}


def test_a_provider_whose_discovery_starts_failing(client, receiver):
    from tests.processes import free_port

    org = make_org(client)
    hook = make_webhook(client, org, receiver.url, ["tool_provider.discovery_failed"])
    resp = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": "down", "type": "mcp", "mcp": {"url": f"http://127.0.0.1:{free_port()}/mcp"}})
    assert resp.status_code == 201, resp.text
    provider = resp.json()["tool_provider"]  # (discovered by a worker with Redis: may be pending)
    event = wait_for(lambda: receiver.events(hook["secret"]))[0]
    assert event["data"]["tool_provider"]["id"] == provider["id"] and event["data"]["error"]

    def checked_at():
        return client.get(f"/v1/tool-providers/{provider['id']}",
                          headers=org["headers"]).json()["tool_provider"]["discovery"]["checked_at"]

    first = wait_for(checked_at)
    client.post(f"/v1/tool-providers/{provider['id']}/sync", headers=org["headers"])
    wait_for(lambda: checked_at() != first)  # discovered again, and failed again
    # still failing is no new event: the endpoint's log holds the first one only
    log = client.get(f"/v1/webhooks/{hook['id']}/deliveries", headers=org["headers"]).json()
    assert [d["event_type"] for d in log["deliveries"]] == ["tool_provider.discovery_failed"]
