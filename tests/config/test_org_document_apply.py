"""Apply: the plan carried out in one transaction, idempotent, all or nothing, serialized
with If-Match on the configuration revision; prune and deploy."""
from __future__ import annotations

import threading

import yaml

from tests.factories import assert_problem, make_org
from tests.factories_org_document import YAML, export, export_doc, populate, send


def _copilots(client, org, environment):
    resp = client.get(f"/v1/copilots?environment={environment}", headers=org["headers"])
    assert resp.status_code == 200, resp.text
    return resp.json()["copilots"]


def test_apply_to_an_empty_organization_then_again(client):
    a = make_org(client, "Acme")
    populate(client, a)
    doc = export_doc(client, a)
    b = make_org(client, "Acme")
    result = send(client, b, "apply", doc, deploy=True, secrets={"WEATHER_TOKEN": "t"})
    assert result["changed"] is True and result["invalid"] == []
    assert result["summary"]["create"] == 11 and result["deployments"] == [
        {"network": "Support", "environment": "prod"}]
    assert result["rebuilds"] == ["Helper", "Router"]
    assert result["rebuild"]["failed"] == 0 and result["rebuild"]["rebuilt"] == 2
    exported = export(client, b)
    assert exported.text == export(client, a).text
    assert result["revision"] == exported.headers["etag"]
    # the agents are built, the prod network answers a turn
    prod = _copilots(client, b, "prod")[0]
    resp = client.post(f"/v1/copilots/{prod['id']}/run", headers=b["headers"],
                       json={"input": "hello"})
    assert resp.status_code == 200, resp.text
    assert resp.json()["output"] == "hello"

    again = send(client, b, "apply", doc, deploy=True)  # the token stays stored
    assert again["changed"] is False and again["changes"] == [] and again["deployments"] == []
    assert again["rebuild"] is None
    assert export(client, b).text == exported.text


def test_a_refused_change_leaves_nothing_changed(client):
    org = make_org(client)
    populate(client, org)
    before = export(client, org)
    doc = export_doc(client, org)
    doc["spec"]["agents"].append({"name": "Fresh", "instructions": "new"})
    doc["spec"]["prompt_blocks"][0]["text"] = "Changed."
    doc["spec"]["tool_providers"].append({"name": "Inside", "type": "api",
                                          "base_url": "http://10.1.2.3/"})
    body = send(client, org, "apply", doc, expect=403)  # the API's own refusal, named
    assert body["code"] == "url_not_allowed" and body["detail"].startswith("tool provider 'Inside'")
    assert export(client, org).content == before.content

    doc["spec"]["tool_providers"].pop()
    doc["spec"]["agents"][-1]["tools"] = ["Weather/missing"]
    body = send(client, org, "apply", doc, expect=400)
    assert body["code"] == "document_invalid" and "Weather/missing" in body["detail"]
    assert export(client, org).content == before.content


def test_a_refusal_of_the_domain_rules_names_the_object_and_rolls_back(client):
    org = make_org(client)
    populate(client, org)
    before = export(client, org)
    doc = export_doc(client, org)
    doc["spec"]["agents"].append({"name": "Fresh"})
    doc["spec"]["schedules"], doc["spec"]["workflows"] = [], []
    doc["spec"]["networks"][0]["workflows"] = []
    resp = client.post("/v1/organization/apply?prune=true",
                       content=yaml.safe_dump(doc).encode(), headers={**org["headers"], **YAML})
    body = assert_problem(resp, 409, "workflow_in_use")
    assert body["detail"].startswith("workflow 'Report':")
    assert export(client, org).content == before.content


def test_if_match_and_concurrent_applies(client):
    org = make_org(client)
    populate(client, org)
    revision = export(client, org).headers["etag"]
    doc = export_doc(client, org)
    doc["spec"]["prompt_blocks"][0]["text"] = "Be brief."
    stale = '"00000000000000000000000000000000"'
    body = send(client, org, "apply", doc, expect=412, headers={"If-Match": stale})
    assert body["code"] == "precondition_failed" and revision in body["detail"]

    results, barrier = [], threading.Barrier(3)

    def apply(text):
        changed = yaml.safe_load(yaml.safe_dump(doc))
        changed["spec"]["prompt_blocks"][0]["text"] = text
        barrier.wait()
        resp = client.post("/v1/organization/apply", content=yaml.safe_dump(changed).encode(),
                           headers={**org["headers"], **YAML, "If-Match": revision})
        results.append((text, resp.status_code, resp.json()))

    threads = [threading.Thread(target=apply, args=(f"Variant {i}.",)) for i in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    statuses = sorted(status for _, status, _ in results)
    assert statuses == [200, 412, 412], results
    winner = next(text for text, status, _ in results if status == 200)
    assert export_doc(client, org)["spec"]["prompt_blocks"][0]["text"] == winner

    # without If-Match, applies run one after the other: each sees what the last one left
    results.clear()
    barrier = threading.Barrier(2)

    def plain(text):
        changed = yaml.safe_load(yaml.safe_dump(doc))
        changed["spec"]["prompt_blocks"][0]["text"] = text
        barrier.wait()
        resp = client.post("/v1/organization/apply", content=yaml.safe_dump(changed).encode(),
                           headers={**org["headers"], **YAML})
        results.append((text, resp.status_code, resp.json()))

    threads = [threading.Thread(target=plain, args=(t,)) for t in ("One.", "Two.")]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(s for _, s, _ in results) == [200, 200]
    versions = client.get("/v1/prompt-blocks", headers=org["headers"]).json()["prompt_blocks"]
    assert versions[0]["version"] == 4  # created, the winner of three, then One and Two
    assert versions[0]["text"] in ("One.", "Two.")


def test_prune_and_deploy(client):
    org = make_org(client)
    populate(client, org)
    doc = export_doc(client, org)
    spec = doc["spec"]
    spec["schedules"], spec["workflows"] = [], []
    spec["networks"][0]["workflows"] = []
    spec["tool_providers"][0]["tools"] = [t for t in spec["tool_providers"][0]["tools"]
                                          if t["name"] == "forecast"]
    for agent in spec["agents"]:
        if agent["name"] == "Helper":
            agent.update(tools=["Weather/forecast"], approval_tools=[])
    spec["cors_origins"] = []
    result = send(client, org, "apply", doc, prune=True, deploy=True)
    deletes = {(c["kind"], c["name"]) for c in result["changes"] if c["action"] == "delete"}
    assert deletes == {("schedule", "Report/Weekday mornings"), ("workflow", "Report"),
                       ("tool", "Weather/alerts"), ("cors origin", "https://app.example.com")}
    after = export_doc(client, org)
    assert after["spec"]["workflows"] == [] and after["spec"]["cors_origins"] == []
    assert after["spec"]["networks"][0]["deployments"] == {"prod": "current"}
    assert [t["name"] for t in after["spec"]["tool_providers"][0]["tools"]] == ["forecast"]
    assert send(client, org, "apply", doc, prune=True, deploy=True)["changed"] is False

    doc["spec"]["networks"][0]["deployments"] = {"staging": "current", "prod": "current"}
    result = send(client, org, "apply", doc, deploy=True)
    assert result["deployments"] == [{"network": "Support", "environment": "staging"}]
    assert len(_copilots(client, org, "staging")) == 1


def test_json_bodies_carry_their_secrets(client):
    org = make_org(client)
    doc = {"apiVersion": "agent-platform/v1", "kind": "Organization", "spec": {
        "tool_providers": [{"name": "Keyed", "type": "api", "base_url": "http://127.0.0.1:9/",
                            "auth": {"type": "api_key", "in": "header", "name": "X-Key",
                                     "api_key": "${KEYED_KEY}"}}]}}
    resp = client.post("/v1/organization/apply", headers=org["headers"],
                       json={**doc, "secrets": {"KEYED_KEY": "k-123"}})
    assert resp.status_code == 200, resp.text
    assert resp.headers["etag"] == resp.json()["revision"]
    provider = client.get("/v1/tool-providers", headers=org["headers"]).json()
    assert provider["tool_providers"][0]["auth"]["credentials_set"] == ["api_key"]
    exported = export_doc(client, org)
    assert exported["spec"]["tool_providers"][0]["auth"]["api_key"] == "${KEYED_API_KEY}"


def test_pruning_everything_deletes_in_the_order_references_allow(client):
    org = make_org(client)
    populate(client, org)
    empty = {"apiVersion": "agent-platform/v1", "kind": "Organization",
             "spec": {"cors_origins": ["HTTPS://App.Example.com:443"]}}
    plan = send(client, org, "plan", empty, prune=True)
    assert plan["invalid"] == [] and plan["summary"]["delete"] == 9
    result = send(client, org, "apply", empty, prune=True)
    assert result["summary"]["delete"] == 9
    spec = export_doc(client, org)["spec"]
    assert [k for k, v in spec.items() if v] == ["groups", "cors_origins"]
    assert spec["cors_origins"] == ["https://app.example.com"]  # normalized: unchanged
    assert _copilots(client, org, "prod") == []
    bad = {"apiVersion": "agent-platform/v1", "kind": "Organization",
           "spec": {"cors_origins": ["app.example.com"]}}
    assert [p["code"] for p in send(client, org, "plan", bad)["invalid"]] == ["invalid_origin"]
