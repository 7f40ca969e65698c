"""`Location` on every 201: declared on every 201 of openapi.yaml, and each one resolves to
the created resource."""
from __future__ import annotations

import uuid

from server.app import load_spec
from tests.factories import ADMIN, make_org
from tests.factories_copilots import make_agent, make_workflow


def test_every_201_declares_location():
    spec = load_spec()
    found = 0
    for item in spec["paths"].values():
        for op in item.values():
            if isinstance(op, dict) and "201" in op.get("responses", {}):
                found += 1
                assert "Location" in op["responses"]["201"].get("headers", {}), op["operationId"]
    assert found >= 13


def _created(resp):
    assert resp.status_code == 201, resp.text
    return resp.headers["location"]


def test_created_resources_can_be_read_at_their_location(client):
    org = make_org(client)
    h = org["headers"]
    agent = make_agent(client, org)
    workflow = make_workflow(client, org)
    cases = [
        ("POST", "/v1/agents", {"name": f"a-{uuid.uuid4().hex[:6]}", "instructions": "x",
                                "model": {"provider": "echo", "name": "echo"}}, "agent"),
        ("POST", "/v1/users", {"user_id": "loc-user"}, "user"),
        ("POST", "/v1/groups", {"group_id": "loc-group", "display_name": "Loc"}, "group"),
        ("POST", "/v1/tool-providers", {"name": f"p{uuid.uuid4().hex[:6]}", "type": "api",
                                        "base_url": "https://api.example.com"}, "tool_provider"),
        ("POST", "/v1/workflows", {"name": f"w-{uuid.uuid4().hex[:6]}", "steps": [
            {"id": "a", "type": "agent", "ref": agent["id"], "input": "x"}]}, "workflow"),
        ("POST", "/v1/workflow-schedules", {"workflow_id": workflow["id"],
                                            "cron": "0 9 * * *"}, "schedule"),
        ("POST", "/v1/copilots", {"name": f"c-{uuid.uuid4().hex[:6]}"}, "copilot"),
    ]
    for method, path, body, key in cases:
        resp = client.request(method, path, json=body, headers=h)
        location = _created(resp)
        assert location.startswith(path + "/"), (path, location)
        again = client.get(location, headers=h)
        assert again.status_code == 200, (location, again.text)
        assert again.json()[key] == resp.json()[key] or key == "agent", location


def test_tools_sessions_deploys_and_admin_creations_name_their_resource(client):
    org = make_org(client)
    h = org["headers"]
    provider = client.post("/v1/tool-providers", headers=h, json={
        "name": f"p{uuid.uuid4().hex[:6]}", "type": "api",
        "base_url": "https://api.example.com"}).json()["tool_provider"]
    resp = client.post("/v1/tools", headers=h, json={"tool_provider_id": provider["id"],
                                                     "name": "t1", "path": "/t1"})
    assert client.get(_created(resp), headers=h).json()["tool"]["id"] == resp.json()["tool"]["id"]
    resp = client.post("/v1/sessions", headers=h, json={"user_id": "who@x.example"})
    assert _created(resp) == "/v1/users/who%40x.example"
    copilot = client.post("/v1/copilots", headers=h, json={"name": "dc"}).json()["copilot"]
    resp = client.post(f"/v1/copilots/{copilot['id']}/deploy", headers=h,
                       json={"target": "staging"})
    assert client.get(_created(resp), headers=h).json()["copilot"]["environment"] == "staging"
    resp = client.post("/v1/admin/orgs", headers=ADMIN, json={"name": "loc-org"})
    assert _created(resp) == f"/v1/admin/orgs/{resp.json()['id']}"
    resp = client.post(f"/v1/admin/orgs/{resp.json()['id']}/api-keys", headers=ADMIN, json={})
    assert _created(resp) == f"/v1/admin/api-keys/{resp.json()['id']}"
