"""The registry reload and dependent rebuild (inline jobs): only dependents, failures with
reasons, last good runtime kept, failing MCP servers, the per-org version counter."""
import uuid

import pytest

from runtime import registry
from core import db
from store.models import Agent, RegistryVersion
from tests.factories import make_org
from tests.factories_tools import make_provider, make_tool, mcp_server, serve_mcp


def make_agent(client, org, **fields):
    resp = client.post("/v1/agents", json={"name": f"a-{uuid.uuid4().hex[:6]}", **fields},
                       headers=org["headers"])
    assert resp.status_code == 201, resp.text
    return resp.json()["agent"]


@pytest.fixture(scope="module")
def world(client):
    org = make_org(client)
    p, q = make_provider(client, org), make_provider(client, org)
    t1 = make_tool(client, org, p["id"], name="t1")
    u1 = make_tool(client, org, q["id"], name="u1")
    attached = make_agent(client, org, tool_provider_ids=[p["id"]])
    named = make_agent(client, org, tool_ids=[t1["id"]])
    unrelated = make_agent(client, org, tool_ids=[u1["id"]])
    return {"org": org, "p": p, "q": q, "t1": t1, "u1": u1, "attached": attached,
            "named": named, "unrelated": unrelated}


def test_creating_a_tool_rebuilds_only_the_agents_of_its_provider(client, world):
    org = world["org"]
    with db.connection():
        before = registry.version(org["id"])
    resp = client.post("/v1/tools", json={"tool_provider_id": world["p"]["id"], "name": "t2",
                                          "path": "/t2"}, headers=org["headers"])
    assert resp.status_code == 201
    rebuild, tool = resp.json()["rebuild"], resp.json()["tool"]
    assert rebuild["scope"] == "custom" and rebuild["rebuilt"] == 1 and rebuild["failed"] == 0
    assert [a["agentId"] for a in rebuild["agents"]] == [world["attached"]["id"]]
    item = rebuild["agents"][0]
    assert item["status"] == "built" and item["agentVersionId"] == world["attached"]["agent_version_id"]
    assert set(item) == {"agentId", "agentVersionId", "runtimeId", "status", "buildTime"}
    assert rebuild["tools"]["totalToolIds"] == 3 and rebuild["tools"]["providerCounts"]["api"] == 3
    assert isinstance(rebuild["totalBuildTime"], int)
    with db.connection():
        assert registry.version(org["id"]) == before + 1
        runtime = registry.agent_runtime(org["id"], world["attached"]["id"])
    assert {t["id"] for t in runtime["tools"]} == {world["t1"]["id"], tool["id"]}
    assert runtime["runtimeId"] == item["runtimeId"]


def test_unchanged_runtime_is_skipped(client, world):
    org = world["org"]
    resp = client.patch(f"/v1/tools/{world['t1']['id']}", json={"timeout_ms": 5000},
                        headers=org["headers"])
    rebuild = resp.json()["rebuild"]
    assert rebuild["skipped"] == 2 and rebuild["rebuilt"] == 0
    assert {a["agentId"] for a in rebuild["agents"]} == {world["attached"]["id"],
                                                        world["named"]["id"]}


def test_disabled_tool_fails_its_dependent_and_keeps_the_last_good_build(client, world):
    org = world["org"]
    named = world["named"]
    good_runtime = client.get(f"/v1/agents/{named['id']}",
                              headers=org["headers"]).json()["agent"]["build"]["runtime_id"]
    resp = client.patch(f"/v1/tools/{world['t1']['id']}", json={"is_enabled": False},
                        headers=org["headers"])
    rebuild = resp.json()["rebuild"]
    assert rebuild["failed"] == 1 and rebuild["rebuilt"] == 1  # attached: the tool drops out
    failed = rebuild["failedAgents"]
    assert failed[0]["agentVersionId"] == named["agent_version_id"]
    assert "disabled" in failed[0]["error"] and failed[0]["runtimeId"]
    status = {a["agentId"]: a["status"] for a in rebuild["agents"]}
    assert status == {named["id"]: "failed", world["attached"]["id"]: "built"}
    agent = client.get(f"/v1/agents/{named['id']}", headers=org["headers"]).json()["agent"]
    assert agent["build"]["status"] == "failed" and agent["build"]["runtime_id"] == good_runtime
    again = client.patch(f"/v1/tools/{world['t1']['id']}", json={"is_enabled": True},
                         headers=org["headers"]).json()["rebuild"]
    assert again["failed"] == 0 and "failedAgents" not in again


def test_deleted_tool_fails_agents_that_name_it(client, world):
    org = world["org"]
    tool = make_tool(client, org, world["q"]["id"], name="doomed")
    agent = make_agent(client, org, tool_ids=[tool["id"]])
    rebuild = client.delete(f"/v1/tools/{tool['id']}", headers=org["headers"]).json()["rebuild"]
    assert rebuild["failed"] == 1 and "missing" in rebuild["failedAgents"][0]["error"]
    assert rebuild["failedAgents"][0]["agentVersionId"] == agent["agent_version_id"]
    assert world["unrelated"]["id"] not in [a["agentId"] for a in rebuild["agents"]]


def test_other_processes_see_a_new_version_on_next_use(client, world):
    org, agent = world["org"], world["unrelated"]
    with db.connection():
        cached = registry.agent_runtime(org["id"], agent["id"])
        Agent.update(runtime={**cached, "name": "changed elsewhere"}).where(
            Agent.id == agent["id"]).execute()
        assert registry.agent_runtime(org["id"], agent["id"])["name"] != "changed elsewhere"
        RegistryVersion.update(version=RegistryVersion.version + 1).where(
            RegistryVersion.org == org["id"]).execute()  # another process reloaded
        assert registry.agent_runtime(org["id"], agent["id"])["name"] == "changed elsewhere"


def test_failing_mcp_server_fails_its_dependents_only(client):
    org = make_org(client)
    thread, url = serve_mcp(mcp_server(name="flaky"))
    body = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": "flaky", "type": "mcp", "mcp": {"url": url}}).json()
    provider = body["tool_provider"]
    api = make_provider(client, org)
    make_tool(client, org, api["id"])
    on_mcp = make_agent(client, org, tool_provider_ids=[provider["id"]])
    on_api = make_agent(client, org, tool_provider_ids=[api["id"]])
    good = client.get(f"/v1/agents/{on_mcp['id']}", headers=org["headers"]).json()["agent"]
    assert good["build"]["status"] == "built"
    thread.close()  # the persistent connection breaks; the sync reconnects and fails
    rebuild = client.post(f"/v1/tool-providers/{provider['id']}/sync",
                          headers=org["headers"]).json()["rebuild"]
    assert rebuild["tools"]["mcpErrors"][0]["providerId"] == provider["id"]
    assert rebuild["tools"]["providerCounts"] == {"api": 1, "mcp": 0, "other": 0}
    assert rebuild["failed"] == 1 and "unreachable" in rebuild["failedAgents"][0]["error"]
    assert [a["agentId"] for a in rebuild["agents"]] == [on_mcp["id"]]
    after = client.get(f"/v1/agents/{on_mcp['id']}", headers=org["headers"]).json()["agent"]
    assert after["build"]["runtime_id"] == good["build"]["runtime_id"]
    assert client.get(f"/v1/agents/{on_api['id']}",
                      headers=org["headers"]).json()["agent"]["build"]["status"] == "built"
    same = client.post(f"/v1/tool-providers/{provider['id']}/sync",
                       headers=org["headers"]).json()["rebuild"]
    assert same["tools"]["mcpErrors"] and same["agents"] == []  # still down: nothing changed
