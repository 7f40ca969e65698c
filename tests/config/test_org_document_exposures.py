"""Exposures in the organization document: exported by name (a network by its name and
environment), recreated by an apply to an empty organization (where the real `mcp` client
lists them), planned field by field, pruned only with prune, their references checked."""
import asyncio
import copy

import pytest
import yaml

from tests.factories import assert_problem, list_all, make_org
from tests.factories_copilots import make_agent
from tests.factories_exposures import expose, mcp_client, served  # noqa: F401
from tests.factories_org_document import export, export_doc, populate, send

SECRETS = {"WEATHER_TOKEN": "s3cr3t-token"}
EXPOSURES = [
    {"name": "helper", "description": None, "target": {"type": "agent", "name": "Helper"}},
    {"name": "report", "description": "The weather report",
     "target": {"type": "workflow", "name": "Report"}},
    {"name": "support", "description": "Answers support questions",
     "target": {"type": "copilot", "name": "Support", "environment": "prod"}}]


def _prod(client, org) -> str:
    resp = client.get("/v1/copilots?environment=prod", headers=org["headers"])
    assert resp.status_code == 200, resp.text
    return resp.json()["copilots"][0]["id"]


def _exposed(client) -> tuple[dict, dict]:
    """An organization of every kind with its prod network, an agent and a workflow exposed;
    (org, ids)."""
    org = make_org(client, "Acme")
    ids = populate(client, org)
    expose(client, org, "copilot", _prod(client, org), "support",
           description="Answers support questions")
    expose(client, org, "agent", ids["helper"], "helper")
    expose(client, org, "workflow", ids["workflow"], "report", description="The weather report")
    return org, ids


@pytest.fixture(scope="module")
def source(client):
    return _exposed(client)


def _names(client, org) -> list[str]:
    return [e["name"] for e in list_all(client, "/v1/exposures", "exposures", org["headers"])]


def test_export_names_the_targets(client, source):
    org, _ = source
    spec = export_doc(client, org)["spec"]
    assert spec["exposures"] == EXPOSURES
    assert list(spec).index("exposures") > list(spec).index("workflows")
    assert "id" not in str(spec["exposures"])


def test_round_trip_to_an_empty_organization_lists_them_over_mcp(client, source, served):
    org, _ = source
    text = export(client, org).text
    empty = make_org(client, "Acme")
    planned = send(client, empty, "plan", yaml.safe_load(text), deploy=True, secrets=SECRETS)
    assert planned["invalid"] == [] and planned["summary"]["deploy"] == 1
    assert _names(client, empty) == []  # a plan changes nothing
    applied = send(client, empty, "apply", yaml.safe_load(text), deploy=True, secrets=SECRETS)
    assert applied["invalid"] == [] and applied["rebuild"]["failed"] == 0
    assert [c["name"] for c in applied["changes"] if c["kind"] == "exposure"] == [
        "helper", "report", "support"]
    assert export(client, empty).text == text
    again = send(client, empty, "plan", yaml.safe_load(text), deploy=True)
    assert again["changed"] is False

    async def listed():
        async with mcp_client(served.url, empty["headers"]) as mcp:
            return {t.name: t.description for t in (await mcp.list_tools()).tools}

    tools = asyncio.run(listed())
    assert set(tools) == {"helper", "report", "support"}
    assert tools["support"] == "Answers support questions"
    exposed = {e["name"]: e for e in list_all(client, "/v1/exposures", "exposures",
                                              empty["headers"])}
    assert exposed["support"]["target"] == {"type": "copilot", "id": _prod(client, empty)}


def test_plan_without_deploy_cannot_expose_a_deployment_yet(client, source):
    org, _ = source
    doc = export_doc(client, org)
    empty = make_org(client, "Acme")
    planned = send(client, empty, "plan", doc, secrets=SECRETS)
    assert [(p["kind"], p["name"], p["code"]) for p in planned["invalid"]] == [
        ("exposure", "support", "exposure_target_not_found")]
    assert "deploy=true" in planned["invalid"][0]["detail"]
    refused = send(client, empty, "apply", doc, secrets=SECRETS, expect=404)
    assert refused["code"] == "exposure_target_not_found"
    assert _names(client, empty) == []


def test_plan_shows_a_change_field_by_field(client):
    org, _ = _exposed(client)
    doc = export_doc(client, org)
    doc["spec"]["exposures"][1]["description"] = "Today's weather"
    doc["spec"]["exposures"][0]["target"] = {"type": "agent", "name": "Router"}
    planned = send(client, org, "plan", doc)
    assert [c for c in planned["changes"] if c["kind"] == "exposure"] == [
        {"action": "update", "kind": "exposure", "name": "helper",
         "fields": [{"field": "target.name", "from": "Helper", "to": "Router"}]},
        {"action": "update", "kind": "exposure", "name": "report",
         "fields": [{"field": "description", "from": "The weather report",
                     "to": "Today's weather"}]}]
    send(client, org, "apply", doc)
    assert export_doc(client, org)["spec"]["exposures"] == doc["spec"]["exposures"]
    assert send(client, org, "plan", doc)["changed"] is False


def test_prune_deletes_an_exposure_left_out(client):
    org, _ = _exposed(client)
    doc = export_doc(client, org)
    doc["spec"]["exposures"] = [e for e in doc["spec"]["exposures"] if e["name"] != "report"]
    kept = send(client, org, "apply", doc)
    assert kept["changed"] is False
    assert {"kind": "exposure", "name": "report"} in kept["unmanaged"]
    assert _names(client, org) == ["support", "helper", "report"]
    pruned = send(client, org, "apply", doc, prune=True)
    assert pruned["changes"] == [{"action": "delete", "kind": "exposure", "name": "report"}]
    assert _names(client, org) == ["support", "helper"]


def test_an_exposure_of_a_deleted_target_is_left_out_and_named_again(client):
    org, _ = _exposed(client)
    spare = make_agent(client, org, name="Spare")
    expose(client, org, "agent", spare["id"], "spare")
    doc = export_doc(client, org)
    assert "spare" in [e["name"] for e in doc["spec"]["exposures"]]
    resp = client.delete(f"/v1/agents/{spare['id']}", headers=org["headers"])
    assert resp.status_code == 200, resp.text
    doc = export_doc(client, org)
    assert [e["name"] for e in doc["spec"]["exposures"]] == ["helper", "report", "support"]
    doc["spec"]["exposures"].append({"name": "spare", "target": {"type": "agent",
                                                                 "name": "Router"}})
    applied = send(client, org, "apply", doc)
    assert applied["changes"] == [{"action": "create", "kind": "exposure", "name": "spare"}]
    exposures = doc["spec"]["exposures"]
    assert export_doc(client, org)["spec"]["exposures"] == [  # sorted by name
        *exposures[:2], {"name": "spare", "description": None,
                         "target": {"type": "agent", "name": "Router"}}, exposures[2]]
    assert _names(client, org) == ["support", "helper", "report", "spare"]


def test_an_exposed_network_must_be_in_the_document_and_deployed(client, source):
    org, _ = source
    doc = export_doc(client, org)
    bad = copy.deepcopy(doc)
    bad["spec"]["exposures"].append({"name": "ghost", "target": {
        "type": "copilot", "name": "Ghost", "environment": "prod"}})
    bad["spec"]["exposures"].append({"name": "staged", "target": {
        "type": "copilot", "name": "Support", "environment": "staging"}})
    bad["spec"]["exposures"].append({"name": "nobody", "target": {
        "type": "agent", "name": "Nobody"}})
    planned = send(client, org, "plan", bad)
    assert [(p["name"], p["code"], p["field"]) for p in planned["invalid"]] == [
        ("ghost", "network_not_found", "target"), ("staged", "network_not_deployed", "target"),
        ("nobody", "agent_not_found", "target")]
    assert_problem(client.post("/v1/organization/apply", json=bad, headers=org["headers"]),
                   400, "document_invalid")

    # a network the document prunes takes its exposure's reference with it
    gone = copy.deepcopy(doc)
    gone["spec"]["networks"] = []
    planned = send(client, org, "plan", gone, prune=True)
    assert ("support", "network_not_found") in [(p["name"], p["code"])
                                                for p in planned["invalid"]]
    # a dev network is never exposed: the schema refuses it
    dev = copy.deepcopy(doc)
    dev["spec"]["exposures"][2]["target"]["environment"] = "dev"
    assert_problem(client.post("/v1/organization/plan", json=dev, headers=org["headers"]),
                   400, "document_invalid")
    assert _names(client, org) == ["support", "helper", "report"]
