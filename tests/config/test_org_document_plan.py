"""Plans: every kind of change field by field, prune, placeholders, every invalid reference,
what the API itself would refuse; a plan changes nothing."""
from __future__ import annotations

import copy

from tests.factories import make_org
from tests.factories_org_document import export, export_doc, populate, send


def _find(items, name, key="name"):
    return next(i for i in items if i[key] == name)


def _change(plan, kind, name):
    return next((c for c in plan["changes"] if c["kind"] == kind and c["name"] == name), None)


def test_every_kind_of_change_field_by_field(client):
    org = make_org(client)
    populate(client, org)
    before = export(client, org)
    doc = export_doc(client, org)
    spec = doc["spec"]
    provider = spec["tool_providers"][0]
    provider["description"] = "Forecasts"
    _find(provider["tools"], "forecast")["timeout_ms"] = 5000
    provider["tools"].append({"name": "radar", "path": "/radar"})
    spec["prompt_blocks"][0]["text"] = "Be very kind."
    helper = _find(spec["agents"], "Helper")
    helper["model"]["temperature"] = 0.7
    helper["max_steps"] = 4
    spec["agents"].append({"name": "Scout", "tools": ["Weather/radar"]})
    network = spec["networks"][0]
    network["agents"] = ["Helper", "Router", "Scout"]
    network["sdk_ui"] = {"title": "Help desk"}
    spec["workflows"][0]["steps"][0]["retries"] = 2
    spec["schedules"][0]["cron"] = "0 10 * * *"
    spec["schedules"][0]["status"] = "paused"
    _find(spec["groups"], "gold", "group_id")["spend_cap_usd"] = 30
    spec["cors_origins"].append("https://admin.example.com")

    plan = send(client, org, "plan", doc)
    assert plan["invalid"] == [] and plan["changed"] is True
    assert plan["revision"] == before.headers["etag"]
    assert _change(plan, "tool provider", "Weather")["fields"] == [
        {"field": "description", "from": None, "to": "Forecasts"}]
    assert _change(plan, "tool", "Weather/forecast")["fields"] == [
        {"field": "timeout_ms", "from": 30000, "to": 5000}]
    assert _change(plan, "tool", "Weather/radar")["action"] == "create"
    assert _change(plan, "prompt block", "tone")["fields"] == [
        {"field": "text", "from": "Be kind.", "to": "Be very kind."}]
    assert _change(plan, "agent", "Helper")["fields"] == [
        {"field": "model.temperature", "from": 0.2, "to": 0.7},
        {"field": "max_steps", "from": 10, "to": 4}]
    assert _change(plan, "agent", "Scout")["action"] == "create"
    fields = {f["field"]: f for f in _change(plan, "network", "Support")["fields"]}
    assert fields["agents"]["to"] == ["Helper", "Router", "Scout"]
    assert fields["sdk_ui.title"] == {"field": "sdk_ui.title", "from": "Help", "to": "Help desk"}
    assert _change(plan, "workflow", "Report")["fields"][0]["field"] == "steps"
    assert {f["field"] for f in _change(plan, "schedule", "Report/Weekday mornings")["fields"]} \
        == {"cron", "status"}
    assert _change(plan, "group", "gold")["fields"] == [
        {"field": "spend_cap_usd", "from": 25.5, "to": 30.0}]
    assert _change(plan, "cors origin", "https://admin.example.com")["action"] == "create"
    assert plan["summary"] == {"create": 3, "update": 8, "delete": 0, "deploy": 0,
                               "invalid": 0}
    # the tone block and the tools changed: Helper (and Scout, new) are rebuilt; Router
    # attaches the whole provider, whose tools changed
    assert plan["rebuilds"] == ["Helper", "Router", "Scout"]
    assert export(client, org).content == before.content  # the plan changed nothing

    deployed = send(client, org, "plan", doc, deploy=True)
    assert deployed["deployments"] == [{"network": "Support", "environment": "prod"}]


def test_prune_deletes_what_the_document_leaves_out(client):
    org = make_org(client)
    populate(client, org)
    doc = export_doc(client, org)
    spec = doc["spec"]
    spec["schedules"] = []
    spec["workflows"] = []
    spec["networks"][0]["workflows"] = []
    spec["tool_providers"][0]["tools"] = [t for t in spec["tool_providers"][0]["tools"]
                                          if t["name"] == "forecast"]
    _find(spec["agents"], "Helper")["tools"] = ["Weather/forecast"]
    _find(spec["agents"], "Helper")["approval_tools"] = []
    spec["groups"] = []
    spec["cors_origins"] = []

    kept = send(client, org, "plan", doc)
    assert [c for c in kept["changes"] if c["action"] == "delete"] == []
    assert {(u["kind"], u["name"]) for u in kept["unmanaged"]} >= {
        ("workflow", "Report"), ("tool", "Weather/alerts"), ("group", "gold"),
        ("cors origin", "https://app.example.com")}

    pruned = send(client, org, "plan", doc, prune=True, deploy=True)  # prod drops Report too
    assert pruned["invalid"] == []
    assert pruned["deployments"] == [{"network": "Support", "environment": "prod"}]
    deletes = {(c["kind"], c["name"]) for c in pruned["changes"] if c["action"] == "delete"}
    assert deletes == {("schedule", "Report/Weekday mornings"), ("workflow", "Report"),
                       ("tool", "Weather/alerts"), ("cors origin", "https://app.example.com")}
    # groups are never pruned
    assert {(u["kind"], u["name"]) for u in pruned["unmanaged"]} == {
        ("group", "default"), ("group", "gold")}


def test_pruning_a_workflow_a_deployed_network_still_uses_is_refused_in_the_plan(client):
    org = make_org(client)
    populate(client, org)
    doc = export_doc(client, org)
    doc["spec"]["schedules"], doc["spec"]["workflows"] = [], []
    doc["spec"]["networks"][0]["workflows"] = []
    plan = send(client, org, "plan", doc, prune=True)
    assert [(p["kind"], p["name"], p["code"]) for p in plan["invalid"]] == [
        ("workflow", "Report", "workflow_in_use")]
    assert send(client, org, "plan", doc, prune=True, deploy=True)["invalid"] == []


def test_placeholders_supplied_stored_and_missing(client):
    org = make_org(client)
    populate(client, org)
    doc = export_doc(client, org)
    stored = send(client, org, "plan", doc)
    assert stored["placeholders"] == [{"name": "WEATHER_TOKEN", "kind": "tool provider",
                                       "object": "Weather", "field": "auth.token",
                                       "status": "stored"}]
    assert stored["changes"] == []
    same = send(client, org, "plan", doc, secrets={"WEATHER_TOKEN": "s3cr3t-token"})
    assert same["placeholders"][0]["status"] == "supplied" and same["changes"] == []
    other = send(client, org, "plan", doc, secrets={"WEATHER_TOKEN": "n3w"})
    assert _change(other, "tool provider", "Weather")["fields"] == [
        {"field": "auth.token", "secret": True}]
    assert "n3w" not in str(other) and "s3cr3t" not in str(other)

    fresh = make_org(client)
    doc2 = copy.deepcopy(doc)
    doc2["spec"]["tool_providers"].append({
        "name": "Maps", "type": "api", "base_url": "http://127.0.0.1:9/",
        "auth": {"type": "basic", "username": "${MAPS_USER}", "password": "${MAPS_PASSWORD}"}})
    plan = send(client, fresh, "plan", doc2, secrets={"MAPS_USER": "me"})
    statuses = {p["name"]: p["status"] for p in plan["placeholders"]}
    assert statuses == {"WEATHER_TOKEN": "missing", "MAPS_USER": "supplied",
                        "MAPS_PASSWORD": "missing"}
    missing = {(p["name"], p["field"]) for p in plan["invalid"]
               if p["code"] == "placeholder_missing"}
    assert missing == {("Weather", "auth.token"), ("Maps", "auth.password")}


def test_every_invalid_reference_is_reported(client):
    org = make_org(client)
    populate(client, org)
    doc = export_doc(client, org)
    spec = doc["spec"]
    _find(spec["agents"], "Helper").update(
        tools=["Weather/nope", "Nowhere/forecast"], tool_providers=["Nowhere"],
        instructions="{{block:missing}}")
    spec["networks"][0].update(agents=["Ghost"], workflows=["Phantom"])
    spec["workflows"][0]["steps"] = [
        {"id": "a", "type": "tool", "ref": "Weather/gone"},
        {"id": "b", "type": "agent", "ref": "Ghost"},
        {"id": "c", "type": "copilot", "ref": "No network"}]
    spec["schedules"][0]["workflow"] = "Phantom"
    spec["agents"].append({"name": "Router"})  # twice
    plan = send(client, org, "plan", doc)
    found = {(p["kind"], p["name"], p["code"], p.get("field")) for p in plan["invalid"]}
    assert found == {
        ("agent", "Router", "duplicate_name", None),
        ("agent", "Helper", "tool_not_found", "tools"),
        ("agent", "Helper", "tool_provider_not_found", "tool_providers"),
        ("agent", "Helper", "unknown_prompt_block", "instructions"),
        ("network", "Support", "agent_not_found", "agents"),
        ("network", "Support", "workflow_not_found", "workflows"),
        ("workflow", "Report", "step_ref_not_found", "steps"),
        ("schedule", "Phantom/Weekday mornings", "workflow_not_found", "workflow"),
    }
    assert len([p for p in plan["invalid"] if p["code"] == "tool_not_found"]) == 2
    assert len([p for p in plan["invalid"] if p["code"] == "step_ref_not_found"]) == 3
    assert plan["summary"]["invalid"] == len(plan["invalid"])
    assert "rebuilds" not in plan


def test_what_the_api_refuses_is_invalid(client):
    org = make_org(client)
    doc = {"apiVersion": "agent-platform/v1", "kind": "Organization", "spec": {
        "tool_providers": [{"name": "Inside", "type": "api", "base_url": "http://10.0.0.8/"},
                           {"name": "Odd", "type": "api", "tools": [
                               {"name": "a/b", "path": "/x"}]}],
        "workflows": [{"name": "W", "steps": [], "input_schema": {"type": "nonsense"}}],
        "schedules": [{"workflow": "W", "cron": "every day"}]}}
    plan = send(client, org, "plan", doc)
    codes = {(p["kind"], p["code"]) for p in plan["invalid"]}
    assert ("tool", "invalid_tool_name") in codes
    assert ("schedule", "invalid_cron") in codes
    # the reference checks pass for the first two: the dry run meets the API's own rules
    doc["spec"]["tool_providers"] = doc["spec"]["tool_providers"][:1]
    doc["spec"]["schedules"][0]["cron"] = "0 9 * * *"
    plan = send(client, org, "plan", doc)
    assert [(p["kind"], p["name"], p["code"]) for p in plan["invalid"]] == [
        ("tool provider", "Inside", "url_not_allowed")]
    doc["spec"]["tool_providers"] = []
    plan = send(client, org, "plan", doc)
    assert [(p["kind"], p["name"], p["code"]) for p in plan["invalid"]] == [
        ("workflow", "W", "invalid_input_schema")]
