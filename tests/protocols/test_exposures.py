"""Exposures: CRUD (API key only), unique tool names, targets checked (a network by its staging
or prod deployment, in the organization), another organization's exposure not found, and a
deleted target no longer offered."""
import pytest

from tests.factories import assert_problem, list_all, make_org
from tests.factories_copilots import make_copilot, make_workflow
from tests.factories_exposures import ECHO, echo_network, expose
from tests.factories_copilots import make_agent
from tests.factories_identity import mint


def test_crud(client, org):
    agent, prod = echo_network(client, org)
    made = expose(client, org, "copilot", prod, "support", description="Answers")
    assert made["target"] == {"type": "copilot", "id": prod}
    assert made["mcp_tool"] == "support" and made["a2a_url"] == f"/a2a/{made['id']}"
    got = client.get(f"/v1/exposures/{made['id']}", headers=org["headers"]).json()["exposure"]
    assert got == made
    resp = client.patch(f"/v1/exposures/{made['id']}", json={"name": "helpdesk",
                                                              "description": None},
                        headers=org["headers"])
    assert resp.status_code == 200, resp.text
    assert resp.json()["exposure"]["name"] == "helpdesk"
    assert resp.json()["exposure"]["description"] is None
    solo = expose(client, org, "agent", agent["id"], "solo")
    workflow = make_workflow(client, org)
    flow = expose(client, org, "workflow", workflow["id"], "flow")
    assert flow["a2a_url"] is None
    listed = list_all(client, "/v1/exposures", "exposures", org["headers"])
    assert [e["name"] for e in listed] == ["helpdesk", "solo", "flow"]
    resp = client.delete(f"/v1/exposures/{solo['id']}", headers=org["headers"])
    assert resp.status_code == 200 and resp.json() == {"deleted": solo["id"]}
    assert_problem(client.get(f"/v1/exposures/{solo['id']}", headers=org["headers"]), 404)


def test_names_and_targets_are_checked(client, org):
    agent = make_agent(client, org, model=ECHO)
    expose(client, org, "agent", agent["id"], "taken")
    body = {"target": {"type": "agent", "id": agent["id"]}, "name": "taken"}
    assert_problem(client.post("/v1/exposures", json=body, headers=org["headers"]), 409,
                   "exposure_name_conflict")
    for name in ("has space", "", "x" * 65, "dot.ted"):
        assert_problem(client.post("/v1/exposures", json={**body, "name": name},
                                   headers=org["headers"]), 400)
    dev = make_copilot(client, org, agents=[agent["id"]])
    assert_problem(client.post("/v1/exposures", json={
        "target": {"type": "copilot", "id": dev["id"]}, "name": "dev"},
        headers=org["headers"]), 400, "exposure_target_invalid")
    other = make_org(client)
    theirs = make_agent(client, other, model=ECHO)
    assert_problem(client.post("/v1/exposures", json={
        "target": {"type": "agent", "id": theirs["id"]}, "name": "theirs"},
        headers=org["headers"]), 404, "exposure_target_not_found")
    assert_problem(client.post("/v1/exposures", json={
        "target": {"type": "tool", "id": theirs["id"]}, "name": "x"},
        headers=org["headers"]), 400)


def test_isolation_and_reach(client, org):
    agent = make_agent(client, org, model=ECHO)
    mine = expose(client, org, "agent", agent["id"], "mine")
    other = make_org(client)
    assert_problem(client.get(f"/v1/exposures/{mine['id']}", headers=other["headers"]), 404)
    assert_problem(client.delete(f"/v1/exposures/{mine['id']}", headers=other["headers"]), 404)
    assert mine["id"] not in [e["id"] for e in list_all(client, "/v1/exposures", "exposures",
                                                        other["headers"])]
    session = {"Authorization": f"Bearer {mint(client, org, 'someone')['access_token']}"}
    assert_problem(client.get("/v1/exposures", headers=session), 403, "credential_not_allowed")
    assert_problem(client.post("/v1/exposures", json={
        "target": {"type": "agent", "id": agent["id"]}, "name": "by-session"},
        headers=session), 403)
