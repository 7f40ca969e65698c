"""Export of an organization as a document: stable, by name, without secrets; its JSON
Schema; the documents a plan refuses to read."""
from __future__ import annotations

import json

import yaml
from jsonschema import Draft202012Validator

from tests.factories import assert_problem, make_org
from tests.factories_copilots import make_agent
from tests.factories_org_document import YAML, export, export_doc, populate, send


def test_export_is_stable_named_and_secret_free(client):
    org = make_org(client, "Acme")
    populate(client, org)
    first, second = export(client, org), export(client, org)
    assert first.headers["content-type"].startswith("application/yaml")
    assert first.content == second.content  # byte-identical while nothing changes
    assert first.headers["etag"] == second.headers["etag"]
    assert "s3cr3t-token" not in first.text
    doc = yaml.safe_load(first.text)
    assert (doc["apiVersion"], doc["kind"], doc["metadata"]) == (
        "agent-platform/v1", "Organization", {"name": "Acme"})
    spec = doc["spec"]
    provider = spec["tool_providers"][0]
    assert provider["auth"] == {"type": "bearer", "token": "${WEATHER_TOKEN}"}
    assert [t["name"] for t in provider["tools"]] == ["alerts", "forecast"]  # sorted
    helper = next(a for a in spec["agents"] if a["name"] == "Helper")
    assert helper["tools"] == ["Weather/forecast", "Weather/alerts"]
    assert helper["approval_tools"] == ["Weather/alerts"]
    assert helper["instructions"] == "{{block:tone}} Answer briefly."
    router = next(a for a in spec["agents"] if a["name"] == "Router")
    assert router["tool_providers"] == ["Weather"]
    network = spec["networks"][0]
    assert (network["agents"], network["workflows"], network["deployments"]) == (
        ["Router", "Helper"], ["Report"], {"prod": "current"})
    steps = spec["workflows"][0]["steps"]
    assert [(s["type"], s["ref"]) for s in steps] == [("tool", "Weather/forecast"),
                                                      ("agent", "Helper")]
    assert spec["schedules"][0]["workflow"] == "Report"
    assert {"group_id": "gold", "display_name": "gold", "spend_cap_usd": 25.5} in spec["groups"]
    assert spec["cors_origins"] == ["https://app.example.com"]
    assert spec["prompt_blocks"] == [{"name": "tone", "description": None, "text": "Be kind."}]
    text = json.dumps(doc)
    # no ids anywhere: names only
    assert not any(len(w) == 36 and w.count("-") == 4 for w in text.replace('"', " ").split())

    as_json = export(client, org, accept="application/json")
    assert as_json.headers["content-type"].startswith("application/json")
    assert as_json.json() == doc
    assert as_json.headers["etag"] == first.headers["etag"]


def test_a_change_moves_the_revision_and_a_deployment_goes_outdated(client):
    org = make_org(client)
    ids = populate(client, org)
    before = export(client, org)
    resp = client.patch(f"/v1/agents/{ids['helper']}", headers=org["headers"],
                        json={"instructions": "Answer in one sentence."})
    assert resp.status_code == 200, resp.text
    after = export(client, org)
    assert after.headers["etag"] != before.headers["etag"]
    assert yaml.safe_load(after.text)["spec"]["networks"][0]["deployments"] == {
        "prod": "outdated"}


def test_the_published_schema_validates_an_export(client):
    org = make_org(client)
    populate(client, org)
    resp = client.get("/schemas/organization-v1.json")  # no credential
    assert resp.status_code == 200, resp.text
    assert resp.headers["content-type"].startswith("application/schema+json")
    schema = resp.json()
    assert schema["$id"] == "/schemas/organization-v1.json"
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    assert [e.message for e in validator.iter_errors(export_doc(client, org))] == []
    bad = {"apiVersion": "agent-platform/v1", "kind": "Organization",
           "spec": {"agents": [{"name": "x", "tools": ["no-provider"]}]}}
    assert not validator.is_valid(bad)


def test_two_objects_of_one_name_cannot_be_exported(client):
    org = make_org(client)
    make_agent(client, org, name="Twin")
    make_agent(client, org, name="Twin")
    resp = client.get("/v1/organization/export", headers=org["headers"])
    assert "Twin" in assert_problem(resp, 409, "ambiguous_names")["detail"]


def test_documents_a_plan_refuses_to_read(client):
    org = make_org(client)
    newer = {"apiVersion": "agent-platform/v2", "kind": "Organization", "spec": {}}
    body = assert_problem(client.post("/v1/organization/plan", json=newer,
                                      headers=org["headers"]), 400, "api_version_unsupported")
    assert "agent-platform/v2" in body["detail"]
    resp = client.post("/v1/organization/apply", content=yaml.safe_dump(newer).encode(),
                       headers={**org["headers"], **YAML})
    assert_problem(resp, 400, "api_version_unsupported")
    other = {"apiVersion": "someone-else/v1", "kind": "Organization", "spec": {}}
    assert_problem(client.post("/v1/organization/plan", json=other, headers=org["headers"]),
                   400, "api_version_unsupported")
    resp = client.post("/v1/organization/plan", content=b"spec: [unclosed",
                       headers={**org["headers"], **YAML})
    assert_problem(resp, 400, "document_unreadable")
    off_schema = {"apiVersion": "agent-platform/v1", "kind": "Organization",
                  "spec": {"agents": [{"name": "a", "colour": "blue"}]}}
    body = assert_problem(client.post("/v1/organization/plan", json=off_schema,
                                      headers=org["headers"]), 400, "document_invalid")
    assert "spec/agents/0" in body["detail"]
    resp = client.post("/v1/organization/plan", headers=org["headers"],
                       json={"apiVersion": "agent-platform/v1", "kind": "Organization"})
    assert_problem(resp, 400)  # spec is required


def test_an_empty_document_plans_nothing_but_lists_what_it_leaves_out(client):
    org = make_org(client)
    populate(client, org)
    plan = send(client, org, "plan", {"apiVersion": "agent-platform/v1",
                                      "kind": "Organization", "spec": {}})
    assert plan["changed"] is False and plan["changes"] == []
    kinds = {u["kind"] for u in plan["unmanaged"]}
    assert {"tool provider", "tool", "agent", "network", "workflow", "schedule", "group",
            "prompt block", "cors origin"} <= kinds


def test_who_may_export_plan_and_apply(client, admin):
    org = make_org(client, "Who")
    resp = client.post("/v1/sessions", headers=org["headers"], json={"user_id": "u1"})
    assert resp.status_code == 201, resp.text
    session = {"Authorization": f"Bearer {resp.json()['access_token']}"}
    for method, path in (("get", "/v1/organization/export"), ("post", "/v1/organization/plan"),
                         ("post", "/v1/organization/apply")):
        kwargs = {"json": {"apiVersion": "agent-platform/v1", "kind": "Organization",
                           "spec": {}}} if method == "post" else {}
        assert_problem(getattr(client, method)(path, headers=session, **kwargs), 403)
    as_operator = client.get("/v1/organization/export",
                             headers={**admin, "X-Organization-Id": org["id"]})
    assert as_operator.status_code == 200
    assert yaml.safe_load(as_operator.text)["metadata"] == {"name": "Who"}
    assert client.get("/v1/organization/export").status_code == 401
