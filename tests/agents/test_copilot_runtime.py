"""What a network gives the runtime and the chat widget: GET /v1/copilots/{id} with a session
token and its runtimeAuthProviders (per calling user, never a credential value), the reach of
session tokens, and store.copilots.runtime_config."""
import pytest

from store import copilots
from core import db
from store.errors import NotFound
from tests.factories import assert_problem, bearer, make_org
from tests.factories_copilots import (deploy, get_copilot, make_agent, make_copilot,
                                      make_workflow, update_agent)
from tests.factories_identity import mint
from tests.factories_tools import make_provider, make_tool

SECRET = "alice-very-secret-token"


@pytest.fixture(scope="module")
def other(client):
    return make_org(client)


@pytest.fixture(scope="module")
def setup(client, org):
    """A network of two agents: one uses a tool of a bearer provider and a tool of a provider
    needing no credentials, the other attaches a basic-auth provider."""
    bearer_p = make_provider(client, org, name="a-bearer", auth={"type": "bearer"})
    open_p = make_provider(client, org, name="b-open", auth={"type": "none"})
    basic_p = make_provider(client, org, name="c-basic", auth={"type": "basic"})
    unused = make_provider(client, org, name="d-unused", auth={"type": "bearer"})
    t1 = make_tool(client, org, bearer_p["id"])
    t2 = make_tool(client, org, open_p["id"])
    a1 = make_agent(client, org, tool_ids=[t1["id"], t2["id"]])
    a2 = make_agent(client, org, tool_provider_ids=[basic_p["id"]])
    net = make_copilot(client, org, agents=[a1["id"], a2["id"]])
    alice = mint(client, org, "alice", tools_auth={bearer_p["id"]: {"token": SECRET}})
    bob = mint(client, org, "bob")
    return {"bearer": bearer_p, "open": open_p, "basic": basic_p, "unused": unused,
            "a1": a1, "a2": a2, "net": net, "alice": alice, "bob": bob}


def held(body):
    return {p["name"]: p["has_credentials"] for p in body["runtimeAuthProviders"]}


def test_session_token_gets_the_network_with_its_providers(client, org, setup):
    resp = client.get(f"/v1/copilots/{setup['net']['id']}",
                      headers=bearer(setup["alice"]["access_token"]))
    assert resp.status_code == 200, resp.text
    body = resp.json()
    assert body["copilot"]["id"] == setup["net"]["id"]
    providers = body["runtimeAuthProviders"]
    assert [p["name"] for p in providers] == ["a-bearer", "b-open", "c-basic"]
    first = providers[0]
    assert first == {"id": setup["bearer"]["id"], "name": "a-bearer", "type": "api",
                     "auth_type": "bearer", "fields": ["token"], "optional_fields": [],
                     "oauth_connect": False, "has_credentials": True}
    assert providers[2]["fields"] == ["username", "password"]
    assert held(body) == {"a-bearer": True, "b-open": True, "c-basic": False}
    assert SECRET not in resp.text


def test_has_credentials_is_per_calling_user(client, org, setup):
    url = f"/v1/copilots/{setup['net']['id']}"
    bob = client.get(url, headers=bearer(setup["bob"]["access_token"])).json()
    assert held(bob) == {"a-bearer": False, "b-open": True, "c-basic": False}
    no_user = client.get(url, headers=org["headers"]).json()
    assert held(no_user) == {"a-bearer": False, "b-open": True, "c-basic": False}
    as_alice = client.get(url, headers={**org["headers"], "X-User-Id": "alice"})
    assert held(as_alice.json())["a-bearer"] is True and SECRET not in as_alice.text
    stranger = client.get(url, headers={**org["headers"], "X-User-Id": "nobody"}).json()
    assert held(stranger)["a-bearer"] is False
    # a session may not speak for another user
    resp = client.get(url, headers={**bearer(setup["bob"]["access_token"]),
                                    "X-User-Id": "alice"})
    assert_problem(resp, 403, "user_forbidden")


def test_staging_lists_the_providers_of_its_pinned_versions(client, org, setup):
    a1 = make_agent(client, org, tool_ids=[make_tool(client, org, setup["bearer"]["id"])["id"]])
    net = make_copilot(client, org, agents=[a1["id"]])
    staging = deploy(client, org, net["id"], "staging").json()["copilot"]
    update_agent(client, org, a1["id"], tool_ids=[])
    assert get_copilot(client, org, net["id"])["runtimeAuthProviders"] == []
    pinned = get_copilot(client, org, staging["id"])["runtimeAuthProviders"]
    assert [p["id"] for p in pinned] == [setup["bearer"]["id"]]


def test_session_token_reaches_only_get(client, org, setup):
    h = bearer(setup["alice"]["access_token"])
    net_id = setup["net"]["id"]
    calls = [("GET", "/v1/copilots", None),
             ("POST", "/v1/copilots", {"name": "x"}),
             ("PATCH", f"/v1/copilots/{net_id}", {"name": "x"}),
             ("DELETE", f"/v1/copilots/{net_id}", None),
             ("POST", f"/v1/copilots/{net_id}/deploy", {"target": "staging"}),
             ("POST", f"/v1/copilots/{net_id}/rollback", {"target": "staging"}),
             ("GET", f"/v1/copilots/{net_id}/deployments", None)]
    for method, url, body in calls:
        resp = client.request(method, url, json=body, headers=h)
        assert_problem(resp, 403, "credential_not_allowed")
    assert get_copilot(client, org, net_id)["copilot"]["name"] == setup["net"]["name"]


def test_session_token_of_another_org_gets_404(client, other, setup):
    theirs = mint(client, other, "mallory")
    resp = client.get(f"/v1/copilots/{setup['net']['id']}",
                      headers=bearer(theirs["access_token"]))
    assert_problem(resp, 404, "copilot_not_found")


def test_runtime_config(client, org, other, setup):
    wf = make_workflow(client, org)
    a1, a2 = setup["a1"], setup["a2"]
    net = make_copilot(client, org, agents=[a2["id"], a1["id"]], workflows=[wf["id"]],
                       handoff_prompt="route", sdk_ui={"title": "ignored by runtime"},
                       followup_instructions=[{"type": "text", "content": "next?"}])
    with db.connection():
        config = copilots.runtime_config(org_id=org["id"], copilot_id=net["id"])
    assert config == {
        "id": net["id"], "name": net["name"], "environment": "dev",
        "agents": [{"agent_id": a2["id"], "agent_version_id": a2["agent_version_id"]},
                   {"agent_id": a1["id"], "agent_version_id": a1["agent_version_id"]}],
        "workflows": [{"workflow_id": wf["id"]}], "handoff_prompt": "route",
        "followup_instructions": [{"type": "text", "content": "next?"}]}
    prod = deploy(client, org, net["id"], "prod").json()["copilot"]
    newer = update_agent(client, org, a2["id"], instructions="later")
    with db.connection():
        dev_now = copilots.runtime_config(org_id=org["id"], copilot_id=net["id"])
        prod_now = copilots.runtime_config(org_id=org["id"], copilot_id=prod["id"])
        with pytest.raises(NotFound):
            copilots.runtime_config(org_id=other["id"], copilot_id=net["id"])
    assert dev_now["agents"][0]["agent_version_id"] == newer["agent_version_id"]
    assert prod_now["environment"] == "prod"
    assert prod_now["agents"][0]["agent_version_id"] == a2["agent_version_id"]
    assert prod_now["agents"] == config["agents"]
