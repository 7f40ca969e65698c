"""Agents: CRUD, immutable versions, references checked in the org, builds kept when bad."""
import uuid

import pytest

from runtime import registry
from core import db
from tests.factories import assert_problem, list_all, make_org, pages
from tests.factories_tools import (install_session_tokens, make_provider, make_tool,
                                   session_headers)


def make_agent(client, org, **fields):
    resp = client.post("/v1/agents", json={"name": f"agent-{uuid.uuid4().hex[:6]}", **fields},
                       headers=org["headers"])
    assert resp.status_code == 201, resp.text
    return resp.json()


def test_create_builds_the_runtime_form(client, org):
    provider = make_provider(client, org)
    tool = make_tool(client, org, provider["id"], input_schema={"type": "object"})
    body = make_agent(client, org, instructions="be kind", tool_ids=[tool["id"]],
                      model={"provider": "openai", "name": "gpt-x", "temperature": 0.2},
                      max_steps=4)
    agent, build = body["agent"], body["build"]
    assert agent["version"] == 1 and agent["tool_ids"] == [tool["id"]]
    assert agent["model"] == {"provider": "openai", "name": "gpt-x", "temperature": 0.2,
                              "max_tokens": None}
    assert build["status"] == "built" and build["agentId"] == agent["id"]
    assert build["agentVersionId"] == agent["agent_version_id"]
    assert build["runtimeId"].startswith("rt_") and build["buildTime"] >= 0
    assert agent["build"]["runtime_id"] == build["runtimeId"]
    with db.connection():
        runtime = registry.agent_runtime(org["id"], agent["id"])
    assert runtime["runtimeId"] == build["runtimeId"] and runtime["max_steps"] == 4
    assert [t["id"] for t in runtime["tools"]] == [tool["id"]]
    assert runtime["tools"][0]["input_schema"] == {"type": "object"}


def test_defaults_and_validation(client, org):
    agent = make_agent(client, org)["agent"]
    assert agent["model"]["provider"] == "echo" and agent["max_steps"] == 10
    assert agent["tool_ids"] == [] and agent["tool_provider_ids"] == []
    for bad in ({"name": ""}, {"name": "x", "max_steps": 0}, {"name": "x", "bogus": 1},
                {"name": "x", "tool_ids": ["nope"]},
                {"name": "x", "model": {"temperature": 3}}):
        assert_problem(client.post("/v1/agents", json=bad, headers=org["headers"]), 400)


def test_references_must_be_in_the_org(client, org):
    other = make_org(client)
    their_provider = make_provider(client, other)
    their_tool = make_tool(client, other, their_provider["id"])
    resp = client.post("/v1/agents", json={"name": "x", "tool_ids": [their_tool["id"]]},
                       headers=org["headers"])
    assert_problem(resp, 404, "tool_not_found")
    resp = client.post("/v1/agents", json={"name": "x", "tool_provider_ids": [their_provider["id"]]},
                       headers=org["headers"])
    assert_problem(resp, 404, "tool_provider_not_found")
    theirs = make_agent(client, other)["agent"]
    for call in (client.get, client.delete):
        assert_problem(call(f"/v1/agents/{theirs['id']}", headers=org["headers"]), 404)
    assert_problem(client.get(f"/v1/agents/{theirs['id']}/versions", headers=org["headers"]), 404)
    assert_problem(client.patch(f"/v1/agents/{theirs['id']}", json={"name": "y"},
                                headers=org["headers"]), 404)


def test_every_update_is_a_new_immutable_version(client, org):
    provider = make_provider(client, org)
    tool = make_tool(client, org, provider["id"])
    first = make_agent(client, org, name="v1", instructions="one")["agent"]
    url = f"/v1/agents/{first['id']}"
    resp = client.patch(url, json={"instructions": "two", "tool_ids": [tool["id"]]},
                        headers=org["headers"])
    assert resp.status_code == 200, resp.text
    second = resp.json()["agent"]
    assert second["version"] == 2 and second["agent_version_id"] != first["agent_version_id"]
    assert second["name"] == "v1" and second["tool_ids"] == [tool["id"]]
    assert resp.json()["build"]["agentVersionId"] == second["agent_version_id"]
    versions = client.get(f"{url}/versions", headers=org["headers"]).json()["versions"]
    assert [v["version"] for v in versions] == [2, 1]
    assert versions[1]["id"] == first["agent_version_id"] and versions[1]["instructions"] == "one"
    assert versions[1]["tool_ids"] == []
    got = client.get(url, headers=org["headers"]).json()["agent"]
    assert got["instructions"] == "two"
    assert first["id"] in [a["id"] for a in list_all(client, "/v1/agents", "agents", org["headers"])]
    assert client.delete(url, headers=org["headers"]).status_code == 200
    assert_problem(client.get(url, headers=org["headers"]), 404)


def test_failed_build_keeps_the_last_good_runtime(client, org):
    provider = make_provider(client, org)
    good = make_tool(client, org, provider["id"])
    off = make_tool(client, org, provider["id"], is_enabled=False)
    body = make_agent(client, org, tool_ids=[good["id"]])
    agent, runtime_id = body["agent"], body["build"]["runtimeId"]
    resp = client.patch(f"/v1/agents/{agent['id']}", json={"tool_ids": [good["id"], off["id"]]},
                        headers=org["headers"])
    build = resp.json()["build"]
    assert build["status"] == "failed" and "disabled" in build["error"]
    state = resp.json()["agent"]["build"]
    assert state["status"] == "failed" and state["runtime_id"] == runtime_id
    assert state["runtime_version_id"] == agent["agent_version_id"]
    assert state["agent_version_id"] == resp.json()["agent"]["agent_version_id"]
    with db.connection():
        assert registry.agent_runtime(org["id"], agent["id"])["runtimeId"] == runtime_id


def test_session_token_reaches_agent_reads_only(client, org, monkeypatch):
    agent = make_agent(client, org)["agent"]
    install_session_tokens(monkeypatch)
    st = session_headers(org)
    assert client.get("/v1/agents", headers=st).status_code == 200
    assert client.get(f"/v1/agents/{agent['id']}", headers=st).status_code == 200
    assert_problem(client.post("/v1/agents", json={"name": "s"}, headers=st), 403)
    assert_problem(client.patch(f"/v1/agents/{agent['id']}", json={"name": "s"}, headers=st), 403)
    assert_problem(client.delete(f"/v1/agents/{agent['id']}", headers=st), 403)
    assert_problem(client.get(f"/v1/agents/{agent['id']}/versions", headers=st), 403)
