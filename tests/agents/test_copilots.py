"""/v1/copilots CRUD: dev networks, PATCH replace semantics, references of the caller's org
(nothing changes when one is bad), deletion rules, and isolation between organizations."""
import uuid

import pytest

from tests.factories import assert_problem, list_all, make_org, pages
from tests.factories_copilots import (deploy, get_copilot, make_agent, make_copilot,
                                      make_workflow, update_agent)


@pytest.fixture(scope="module")
def other(client):
    return make_org(client)


def ids(copilot):
    return [a["agentId"] for a in copilot["agents"]]


def test_create_get_list(client, org):
    a1, a2 = make_agent(client, org), make_agent(client, org)
    wf = make_workflow(client, org)
    net = make_copilot(client, org, agents=[a2["id"], a1["id"]], workflows=[wf["id"]],
                       description="support desk", sdk_ui={"theme": "dark", "title": "Help",
                                                           "accent_color": "#123456"},
                       handoff_prompt="route billing to the second agent",
                       followup_instructions=[{"type": "text", "content": "Anything else?"}])
    assert net["environment"] == "dev" and net["source_copilot_id"] is None
    assert net["agents"] == [{"agentId": a2["id"], "agentVersionId": a2["agent_version_id"]},
                             {"agentId": a1["id"], "agentVersionId": a1["agent_version_id"]}]
    assert net["workflows"] == [{"workflowId": wf["id"]}]
    assert net["sdk_ui"] == {"theme": "dark", "title": "Help", "accent_color": "#123456"}
    assert net["followup_instructions"] == [{"type": "text", "content": "Anything else?"}]
    assert net["deployment"] is None and net["deployed_at"] is None
    got = get_copilot(client, org, net["id"])
    assert got["copilot"] == net and got["runtimeAuthProviders"] == []
    listed = client.get("/v1/copilots?environment=dev", headers=org["headers"]).json()
    assert net["id"] in [c["id"] for c in listed["copilots"]]
    assert set(listed) == {"copilots", "next_cursor"} and listed["next_cursor"] is None


def test_defaults(client, org):
    net = make_copilot(client, org)
    assert (net["agents"], net["workflows"], net["sdk_ui"], net["handoff_prompt"],
            net["followup_instructions"], net["description"]) == ([], [], {}, None, [], None)


def test_dev_shows_the_agents_current_version_at_read_time(client, org):
    agent = make_agent(client, org)
    net = make_copilot(client, org, agents=[agent["id"]])
    newer = update_agent(client, org, agent["id"], instructions="v2")
    assert newer["agent_version_id"] != agent["agent_version_id"]
    got = get_copilot(client, org, net["id"])["copilot"]
    assert got["agents"] == [{"agentId": agent["id"], "agentVersionId": newer["agent_version_id"]}]


def test_list_pages_and_filters(client):
    org = make_org(client)
    made = [make_copilot(client, org)["id"] for _ in range(3)]
    assert [[c["id"] for c in page] for page in pages(client, "/v1/copilots", "copilots",
                                                       org["headers"], limit=2)] == [made[:2], made[2:]]
    deploy(client, org, made[0], "staging")
    staging = client.get("/v1/copilots?environment=staging", headers=org["headers"]).json()
    assert len(staging["copilots"]) == 1 and staging["copilots"][0]["source_copilot_id"] == made[0]
    linked = client.get(f"/v1/copilots?source_copilot_id={made[0]}",
                        headers=org["headers"]).json()
    assert [c["environment"] for c in linked["copilots"]] == ["staging"]
    assert_problem(client.get("/v1/copilots?environment=qa", headers=org["headers"]), 400)


@pytest.mark.parametrize("body", [
    {},
    {"name": ""},
    {"name": "x", "bogus": 1},
    {"name": "x", "environment": "prod"},
    {"name": "x", "agents": [{"agentId": "nope"}]},
    {"name": "x", "agents": [{"agentId": str(uuid.uuid4()), "agentVersionId": str(uuid.uuid4())}]},
    {"name": "x", "followup_instructions": [{"type": "image", "content": "x"}]},
    {"name": "x", "followup_instructions": [{"type": "text"}]},
    {"name": "x", "sdk_ui": {"theme": 3}},
    {"name": "x", "sdk_ui": {"nested": {"a": 1}}},
    {"name": "x", "sdk_ui": {"bad key": "v"}},
])
def test_invalid_bodies_are_400(client, org, body):
    assert_problem(client.post("/v1/copilots", json=body, headers=org["headers"]), 400)


def test_duplicate_agents_or_workflows_are_400(client, org):
    agent, wf = make_agent(client, org), make_workflow(client, org)
    resp = client.post("/v1/copilots", headers=org["headers"], json={
        "name": "dup", "agents": [{"agentId": agent["id"]}, {"agentId": agent["id"]}]})
    assert_problem(resp, 400)
    net = make_copilot(client, org)
    resp = client.patch(f"/v1/copilots/{net['id']}", headers=org["headers"], json={
        "workflows": [{"workflowId": wf["id"]}, {"workflowId": wf["id"]}]})
    assert_problem(resp, 400)


def test_patch_replaces_provided_fields_and_keeps_the_rest(client, org):
    a1, a2, a3 = (make_agent(client, org) for _ in range(3))
    w1, w2 = make_workflow(client, org), make_workflow(client, org)
    net = make_copilot(client, org, agents=[a1["id"], a2["id"]], workflows=[w1["id"]],
                       sdk_ui={"theme": "dark", "title": "Old", "logo": "x.png"},
                       handoff_prompt="h1",
                       followup_instructions=[{"type": "text", "content": "f1"}])
    resp = client.patch(f"/v1/copilots/{net['id']}", headers=org["headers"], json={
        "agents": [{"agentId": a3["id"]}, {"agentId": a1["id"]}],
        "sdk_ui": {"title": "New"}})
    assert resp.status_code == 200, resp.text
    got = resp.json()["copilot"]
    assert ids(got) == [a3["id"], a1["id"]]                     # replaced, order kept
    assert got["sdk_ui"] == {"title": "New"}                    # replaced, not merged
    assert got["workflows"] == [{"workflowId": w1["id"]}]       # omitted: unchanged
    assert got["handoff_prompt"] == "h1"
    assert got["followup_instructions"] == [{"type": "text", "content": "f1"}]
    assert got["name"] == net["name"]
    resp = client.patch(f"/v1/copilots/{net['id']}", headers=org["headers"], json={
        "workflows": [{"workflowId": w2["id"]}, {"workflowId": w1["id"]}], "agents": [],
        "handoff_prompt": None, "followup_instructions": [], "name": "renamed"})
    got = resp.json()["copilot"]
    assert got["workflows"] == [{"workflowId": w2["id"]}, {"workflowId": w1["id"]}]
    assert got["agents"] == [] and got["handoff_prompt"] is None
    assert got["followup_instructions"] == [] and got["name"] == "renamed"
    assert got["sdk_ui"] == {"title": "New"}
    assert get_copilot(client, org, net["id"])["copilot"] == got
    # an empty body changes nothing
    same = client.patch(f"/v1/copilots/{net['id']}", headers=org["headers"], json={})
    assert same.status_code == 200
    assert {k: v for k, v in same.json()["copilot"].items() if k != "updated_at"} == {
        k: v for k, v in got.items() if k != "updated_at"}
    assert_problem(client.patch(f"/v1/copilots/{net['id']}", headers=org["headers"],
                                json={"environment": "prod"}), 400)


def test_other_orgs_agents_and_workflows_change_nothing(client, org, other):
    mine = make_agent(client, org)
    wf = make_workflow(client, org)
    theirs, their_wf = make_agent(client, other), make_workflow(client, other)
    net = make_copilot(client, org, agents=[mine["id"]], workflows=[wf["id"]],
                       sdk_ui={"title": "kept"})
    before = get_copilot(client, org, net["id"])["copilot"]
    for body, code, named in (
            ({"agents": [{"agentId": mine["id"]}, {"agentId": theirs["id"]}],
              "sdk_ui": {"title": "changed"}}, "agent_not_found", theirs["id"]),
            ({"workflows": [{"workflowId": their_wf["id"]}], "handoff_prompt": "x"},
             "workflow_not_found", their_wf["id"]),
            ({"agents": [{"agentId": str(uuid.uuid4())}]}, "agent_not_found", None)):
        resp = client.patch(f"/v1/copilots/{net['id']}", headers=org["headers"], json=body)
        problem = assert_problem(resp, 404, code)
        if named:
            assert named in problem["detail"]
    assert get_copilot(client, org, net["id"])["copilot"] == before
    resp = client.post("/v1/copilots", headers=org["headers"], json={
        "name": "x", "agents": [{"agentId": theirs["id"]}]})
    assert_problem(resp, 404, "agent_not_found")


def test_unknown_and_foreign_ids_are_404_everywhere(client, org, other):
    net = make_copilot(client, other)
    for copilot_id in (str(uuid.uuid4()), net["id"]):
        base = f"/v1/copilots/{copilot_id}"
        h = org["headers"]
        assert_problem(client.get(base, headers=h), 404, "copilot_not_found")
        assert_problem(client.patch(base, json={"name": "x"}, headers=h), 404, "copilot_not_found")
        assert_problem(client.delete(base, headers=h), 404, "copilot_not_found")
        assert_problem(client.post(f"{base}/deploy", json={"target": "staging"}, headers=h), 404)
        assert_problem(client.post(f"{base}/rollback", json={"target": "staging"}, headers=h), 404)
        assert_problem(client.get(f"{base}/deployments", headers=h), 404)
    assert net["id"] not in [c["id"] for c in client.get(
        "/v1/copilots", headers=org["headers"]).json()["copilots"]]
    # the other org's network is untouched
    assert get_copilot(client, other, net["id"])["copilot"]["name"] == net["name"]


def test_staging_and_prod_cannot_be_patched_or_deleted_directly(client, org):
    agent = make_agent(client, org)
    net = make_copilot(client, org, agents=[agent["id"]])
    staging = deploy(client, org, net["id"], "staging").json()["copilot"]
    prod = deploy(client, org, net["id"], "prod").json()["copilot"]
    for target in (staging, prod):
        resp = client.patch(f"/v1/copilots/{target['id']}", headers=org["headers"],
                            json={"handoff_prompt": "x"})
        assert_problem(resp, 409, "network_not_dev")
        assert_problem(client.delete(f"/v1/copilots/{target['id']}", headers=org["headers"]),
                       409, "network_not_dev")
        assert get_copilot(client, org, target["id"])["copilot"]["handoff_prompt"] is None


def test_deleting_dev_deletes_its_staging_prod_and_history(client, org):
    agent = make_agent(client, org)
    net = make_copilot(client, org, agents=[agent["id"]])
    staging = deploy(client, org, net["id"], "staging").json()["copilot"]
    prod = deploy(client, org, net["id"], "prod").json()["copilot"]
    assert client.delete(f"/v1/copilots/{net['id']}", headers=org["headers"]).status_code == 204
    for gone in (net, staging, prod):
        assert_problem(client.get(f"/v1/copilots/{gone['id']}", headers=org["headers"]), 404)
    # the agent is free again
    assert client.delete(f"/v1/agents/{agent['id']}", headers=org["headers"]).status_code == 200


def test_agents_and_workflows_in_use_cannot_be_deleted(client, org):
    agent, wf = make_agent(client, org), make_workflow(client, org)
    net = make_copilot(client, org, agents=[agent["id"]], workflows=[wf["id"]])
    problem = assert_problem(client.delete(f"/v1/agents/{agent['id']}", headers=org["headers"]),
                             409, "agent_in_use")
    assert net["id"] in problem["detail"]
    assert_problem(client.delete(f"/v1/workflows/{wf['id']}", headers=org["headers"]),
                   409, "workflow_in_use")
    # still used by the staging network after being removed from dev
    staging = deploy(client, org, net["id"], "staging").json()["copilot"]
    client.patch(f"/v1/copilots/{net['id']}", headers=org["headers"],
                 json={"agents": [], "workflows": []})
    problem = assert_problem(client.delete(f"/v1/agents/{agent['id']}", headers=org["headers"]),
                             409, "agent_in_use")
    assert staging["id"] in problem["detail"]
    # deploying the change frees them
    deploy(client, org, net["id"], "staging")
    assert client.delete(f"/v1/agents/{agent['id']}", headers=org["headers"]).status_code == 200
    assert client.delete(f"/v1/workflows/{wf['id']}", headers=org["headers"]).status_code == 204
    # an agent that is not used is deleted as before
    lone = make_agent(client, org)
    assert client.delete(f"/v1/agents/{lone['id']}", headers=org["headers"]).status_code == 200
