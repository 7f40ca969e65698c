"""An organization of every kind of object, made over the HTTP API, for the configuration as
code tests (tests/config/test_org_document_*.py)."""
from __future__ import annotations

import yaml

from tests.factories_copilots import deploy, make_agent, make_copilot, make_workflow
from tests.factories_tools import make_provider, make_tool

YAML = {"Content-Type": "application/yaml"}


def populate(client, org, base_url: str = "http://127.0.0.1:9/") -> dict:
    """Every kind of object, referring to each other; returns their ids."""
    h = org["headers"]
    provider = make_provider(client, org, name="Weather", base_url=base_url,
                             auth={"type": "bearer", "token": "s3cr3t-token"})
    forecast = make_tool(client, org, provider["id"], name="forecast", path="/forecast/{city}",
                         description="The forecast of a city",
                         input_schema={"type": "object",
                                       "properties": {"city": {"type": "string"}}})
    alerts = make_tool(client, org, provider["id"], name="alerts", method="POST",
                       path="/alerts", requires_approval=True)
    resp = client.post("/v1/prompt-blocks", json={"name": "tone", "text": "Be kind."},
                       headers=h)
    assert resp.status_code == 201, resp.text
    helper = make_agent(client, org, name="Helper", instructions="{{block:tone}} Answer briefly.",
                        tool_ids=[forecast["id"], alerts["id"]],
                        approval_tool_ids=[alerts["id"]],
                        model={"provider": "echo", "name": "echo", "temperature": 0.2})
    router = make_agent(client, org, name="Router", tool_provider_ids=[provider["id"]])
    report = make_workflow(client, org, name="Report", steps=[
        {"id": "check", "type": "tool", "ref": forecast["id"], "input": {"city": "Oslo"}},
        {"id": "say", "type": "agent", "ref": helper["id"],
         "input": "It is {{steps.check.output}}"}])
    network = make_copilot(client, org, agents=[router["id"], helper["id"]],
                           workflows=[report["id"]], name="Support",
                           sdk_ui={"title": "Help"})
    deploy(client, org, network["id"], "prod")
    resp = client.post("/v1/workflow-schedules", headers=h, json={
        "workflow_id": report["id"], "cron": "0 9 * * mon-fri", "timezone": "Europe/Berlin",
        "description": "Weekday mornings", "input": {}})
    assert resp.status_code == 201, resp.text
    resp = client.post("/v1/groups", json={"group_id": "gold", "spend_cap_usd": 25.5}, headers=h)
    assert resp.status_code == 201, resp.text
    resp = client.put("/v1/organization/cors", headers=h,
                      json={"allowed_origins": ["https://app.example.com"]})
    assert resp.status_code == 200, resp.text
    return {"provider": provider["id"], "forecast": forecast["id"], "helper": helper["id"],
            "router": router["id"], "workflow": report["id"], "network": network["id"]}


def export(client, org, accept: str | None = None):
    headers = {**org["headers"], **({"Accept": accept} if accept else {})}
    resp = client.get("/v1/organization/export", headers=headers)
    assert resp.status_code == 200, resp.text
    return resp


def export_doc(client, org) -> dict:
    return yaml.safe_load(export(client, org).text)


def send(client, org, what: str, doc, *, secrets: dict | None = None, expect: int = 200,
         headers: dict | None = None, **params):
    """Plan or apply (`what`) a document (a dict: sent as YAML, with a Secrets document)."""
    text = yaml.safe_dump(doc, sort_keys=False) if isinstance(doc, dict) else doc
    if secrets:
        text += "---\n" + yaml.safe_dump({"apiVersion": "agent-platform/v1", "kind": "Secrets",
                                          "values": secrets})
    query = "&".join(f"{k}={'true' if v else 'false'}" for k, v in params.items())
    resp = client.post(f"/v1/organization/{what}{'?' + query if query else ''}",
                       content=text.encode(), headers={**org["headers"], **YAML,
                                                       **(headers or {})})
    assert resp.status_code == expect, resp.text
    return resp.json()
