"""Prompt blocks: CRUD with versions (API key only), `{{block:name}}` references in agent
instructions, the rebuild of the agents that use a block when it is saved, deployments that
pin block versions, and deletes refused while a block is in use."""
import pytest

from runtime import registry
from runtime.agents import network
from core import db
from tests.factories import assert_problem, list_all, make_org
from tests.factories_copilots import deploy, get_copilot, make_agent, make_copilot, update_agent
from tests.factories_identity import mint


def make_block(client, org, name, text, **fields):
    resp = client.post("/v1/prompt-blocks", json={"name": name, "text": text, **fields},
                       headers=org["headers"])
    assert resp.status_code == 201, resp.text
    return resp.json()


def patch_block(client, org, block_id, **fields):
    resp = client.patch(f"/v1/prompt-blocks/{block_id}", json=fields, headers=org["headers"])
    assert resp.status_code == 200, resp.text
    return resp.json()


def runtime_of(org, agent_id):
    with db.connection():
        return registry.agent_runtime(org["id"], agent_id)


def test_crud_and_versions(client, org):
    body = make_block(client, org, "greeting", "Say hello.", description="opening line")
    block = body["prompt_block"]
    assert block["version"] == 1 and block["text"] == "Say hello."
    assert body["rebuild"]["rebuilt"] == 0 and body["rebuild"]["agents"] == []
    got = client.get(f"/v1/prompt-blocks/{block['id']}", headers=org["headers"]).json()
    assert got["prompt_block"] == block
    updated = patch_block(client, org, block["id"], text="Say hi.")["prompt_block"]
    assert updated["version"] == 2 and updated["description"] == "opening line"
    assert updated["prompt_block_version_id"] != block["prompt_block_version_id"]
    versions = list_all(client, f"/v1/prompt-blocks/{block['id']}/versions", "versions",
                        org["headers"])
    assert [(v["version"], v["text"]) for v in versions] == [(2, "Say hi."), (1, "Say hello.")]
    assert block["id"] in [b["id"] for b in list_all(client, "/v1/prompt-blocks",
                                                     "prompt_blocks", org["headers"])]
    resp = client.delete(f"/v1/prompt-blocks/{block['id']}", headers=org["headers"])
    assert resp.status_code == 200 and resp.json() == {"deleted": block["id"]}
    assert_problem(client.get(f"/v1/prompt-blocks/{block['id']}", headers=org["headers"]), 404)


def test_validation_and_unique_names(client, org):
    make_block(client, org, "unique-name", "x")
    assert_problem(client.post("/v1/prompt-blocks", json={"name": "unique-name", "text": "y"},
                               headers=org["headers"]), 409, "prompt_block_name_conflict")
    for bad in ({"name": "has space", "text": "x"}, {"name": "x"}, {"text": "x"},
                {"name": "x" * 65, "text": "x"}, {"name": "ok", "text": "x", "extra": 1}):
        assert_problem(client.post("/v1/prompt-blocks", json=bad, headers=org["headers"]), 400)


def test_session_tokens_get_403(client, org):
    block = make_block(client, org, "private", "x")["prompt_block"]
    headers = {"Authorization": f"Bearer {mint(client, org)['access_token']}"}
    for method, url, body in (("GET", "/v1/prompt-blocks", None),
                              ("POST", "/v1/prompt-blocks", {"name": "s", "text": "x"}),
                              ("GET", f"/v1/prompt-blocks/{block['id']}", None),
                              ("PATCH", f"/v1/prompt-blocks/{block['id']}", {"text": "y"}),
                              ("DELETE", f"/v1/prompt-blocks/{block['id']}", None),
                              ("GET", f"/v1/prompt-blocks/{block['id']}/versions", None)):
        resp = client.request(method, url, json=body, headers=headers)
        assert_problem(resp, 403, "credential_not_allowed")
    assert client.get(f"/v1/prompt-blocks/{block['id']}", headers=org["headers"]).json()[
        "prompt_block"]["text"] == "x"


def test_other_organizations_blocks_are_invisible(client, org):
    other = make_org(client)
    theirs = make_block(client, other, "tone", "theirs")["prompt_block"]
    for call in (client.get, client.delete):
        assert_problem(call(f"/v1/prompt-blocks/{theirs['id']}", headers=org["headers"]), 404)
    assert_problem(client.patch(f"/v1/prompt-blocks/{theirs['id']}", json={"text": "mine"},
                                headers=org["headers"]), 404)
    resp = client.post("/v1/agents", json={"name": "a", "instructions": "{{block:tone}}"},
                       headers=org["headers"])
    body = assert_problem(resp, 400, "unknown_prompt_block")
    assert "'tone'" in body["detail"]


def test_instructions_insert_blocks_and_unknown_references_are_400(client, org):
    make_block(client, org, "style", "Be brief.")
    make_block(client, org, "sign-off", "End with 'Cheers'.")
    agent = make_agent(client, org, instructions="You help.\n{{block:style}} {{ block:sign-off }}"
                       " {{block:style}}")
    runtime = runtime_of(org, agent["id"])
    assert runtime["instructions"] == "You help.\nBe brief. End with 'Cheers'. Be brief."
    assert set(runtime["promptBlocks"]) == {"style", "sign-off"}
    assert agent["instructions"].startswith("You help.\n{{block:style}}")  # stored as written
    for create in (True, False):
        body = {"name": "b", "instructions": "{{block:style}} {{block:nope}}"}
        resp = (client.post("/v1/agents", json=body, headers=org["headers"]) if create else
                client.patch(f"/v1/agents/{agent['id']}", json={"instructions": body[
                    "instructions"]}, headers=org["headers"]))
        problem = assert_problem(resp, 400, "unknown_prompt_block")
        assert "'nope'" in problem["detail"]
    assert runtime_of(org, agent["id"])["instructions"].startswith("You help.")


def test_saving_a_block_rebuilds_only_the_agents_that_use_it(client, org):
    block = make_block(client, org, "policy", "Refunds within 30 days.")["prompt_block"]
    users = [make_agent(client, org, instructions=f"Agent {i}. {{{{block:policy}}}}")
             for i in range(2)]
    bystander = make_agent(client, org, instructions="No blocks here.")
    before = runtime_of(org, bystander["id"])["runtimeId"]
    body = patch_block(client, org, block["id"], text="Refunds within 14 days.")
    rebuild = body["rebuild"]
    assert rebuild["scope"] == "custom" and rebuild["failed"] == 0
    assert rebuild["rebuilt"] == 2 and rebuild["skipped"] == 0
    assert sorted(a["agentId"] for a in rebuild["agents"]) == sorted(u["id"] for u in users)
    for user in users:
        runtime = runtime_of(org, user["id"])
        assert runtime["instructions"].endswith("Refunds within 14 days.")
        assert runtime["promptBlocks"] == {"policy": body["prompt_block"][
            "prompt_block_version_id"]}
    assert runtime_of(org, bystander["id"])["runtimeId"] == before


def test_blocks_in_use_cannot_be_deleted_or_renamed(client, org):
    block = make_block(client, org, "in-use", "x")["prompt_block"]
    agent = make_agent(client, org, name="Support desk", instructions="{{block:in-use}}")
    problem = assert_problem(client.delete(f"/v1/prompt-blocks/{block['id']}",
                                           headers=org["headers"]), 409, "prompt_block_in_use")
    assert "Support desk" in problem["detail"]
    problem = assert_problem(client.patch(f"/v1/prompt-blocks/{block['id']}",
                                          json={"name": "renamed"}, headers=org["headers"]),
                             409, "prompt_block_in_use")
    assert "Support desk" in problem["detail"]
    update_agent(client, org, agent["id"], instructions="no longer")
    renamed = patch_block(client, org, block["id"], name="renamed")["prompt_block"]
    assert renamed["name"] == "renamed"
    assert client.delete(f"/v1/prompt-blocks/{block['id']}",
                         headers=org["headers"]).status_code == 200


def test_deploy_pins_block_versions(client, org):
    block = make_block(client, org, "voice", "Version one.")["prompt_block"]
    agent = make_agent(client, org, instructions="{{block:voice}}")
    dev = make_copilot(client, org, agents=[agent["id"]])
    staging = deploy(client, org, dev["id"], "staging").json()["copilot"]
    pinned = staging["agents"][0]["promptBlockVersions"]
    assert pinned == {"voice": block["prompt_block_version_id"]}
    assert "promptBlockVersions" not in get_copilot(client, org, dev["id"])["copilot"]["agents"][0]
    patch_block(client, org, block["id"], text="Version two.")
    with db.connection():
        runs_staging = network.load(org["id"], network.config(org_id=org["id"],
                                                              copilot_id=staging["id"]))
        runs_dev = network.load(org["id"], network.config(org_id=org["id"], copilot_id=dev["id"]))
    assert runs_staging.members[0].runtime["instructions"] == "Version one."
    assert runs_dev.members[0].runtime["instructions"] == "Version two."
    # the agent stops using the block; the staging network still pins it
    update_agent(client, org, agent["id"], instructions="plain")
    problem = assert_problem(client.delete(f"/v1/prompt-blocks/{block['id']}",
                                           headers=org["headers"]), 409, "prompt_block_in_use")
    assert f"{staging['name']} (staging)" in problem["detail"]
    # a new deployment without the block frees it
    deploy(client, org, dev["id"], "staging")
    assert client.delete(f"/v1/prompt-blocks/{block['id']}",
                         headers=org["headers"]).status_code == 200
