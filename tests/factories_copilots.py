"""Factories for network (copilot) tests, over the HTTP API."""
from __future__ import annotations

import uuid


def make_agent(client, org, **fields) -> dict:
    resp = client.post("/v1/agents", json={"name": f"agent-{uuid.uuid4().hex[:6]}", **fields},
                       headers=org["headers"])
    assert resp.status_code == 201, resp.text
    return resp.json()["agent"]


def update_agent(client, org, agent_id, **fields) -> dict:
    resp = client.patch(f"/v1/agents/{agent_id}", json=fields, headers=org["headers"])
    assert resp.status_code == 200, resp.text
    return resp.json()["agent"]


def make_workflow(client, org, **fields) -> dict:
    resp = client.post("/v1/workflows", json={"name": f"wf-{uuid.uuid4().hex[:6]}",
                                              "steps": [], **fields}, headers=org["headers"])
    assert resp.status_code == 201, resp.text
    return resp.json()["workflow"]


def make_copilot(client, org, agents=(), workflows=(), **fields) -> dict:
    body = {"name": f"net-{uuid.uuid4().hex[:6]}",
            "agents": [{"agentId": a} for a in agents],
            "workflows": [{"workflowId": w} for w in workflows], **fields}
    resp = client.post("/v1/copilots", json=body, headers=org["headers"])
    assert resp.status_code == 201, resp.text
    return resp.json()["copilot"]


def get_copilot(client, org, copilot_id, headers=None) -> dict:
    resp = client.get(f"/v1/copilots/{copilot_id}", headers=headers or org["headers"])
    assert resp.status_code == 200, resp.text
    return resp.json()


def deploy(client, org, copilot_id, target, expect=(200, 201), **fields):
    resp = client.post(f"/v1/copilots/{copilot_id}/deploy", json={"target": target, **fields},
                       headers=org["headers"])
    assert resp.status_code in expect, resp.text
    return resp
