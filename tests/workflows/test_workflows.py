"""/v1/workflows CRUD: step rules, templates naming earlier steps, refs of the caller's org,
isolation between organizations, and what a session token may not do."""
import uuid

import pytest

from tests.factories import assert_problem, list_all, make_org, pages
from tests.factories_workflows import (EchoServer, echo_tool, install_sessions, make_workflow,
                                       session)


@pytest.fixture(scope="module")
def echo():
    server = EchoServer()
    yield server
    server.close()


@pytest.fixture(scope="module")
def other(client):
    return make_org(client)


@pytest.fixture(scope="module")
def tool(client, org, echo):
    return echo_tool(client, org, echo)


def step(id, ref, **kw):
    return {"id": id, "type": "tool", "ref": ref, **kw}


def test_create_get_list_with_defaults(client, org, tool):
    wf = make_workflow(client, org, name="greet", description="says hi",
                       input_schema={"type": "object", "properties": {"who": {"type": "string"}}},
                       steps=[step("a", tool["id"], input={"name": "{{input.who}}"}),
                              step("b", tool["id"], input="{{steps.a.output}}",
                                   continue_on_error=True, timeout_ms=500, retries=2)])
    assert wf["steps"][0] == {"id": "a", "type": "tool", "ref": tool["id"],
                              "input": {"name": "{{input.who}}"}, "continue_on_error": False,
                              "timeout_ms": None, "retries": 0}
    assert wf["steps"][1]["retries"] == 2 and wf["steps"][1]["timeout_ms"] == 500
    got = client.get(f"/v1/workflows/{wf['id']}", headers=org["headers"]).json()["workflow"]
    assert got == wf
    listed = client.get("/v1/workflows?name=gree", headers=org["headers"]).json()
    assert [w["id"] for w in listed["workflows"]] == [wf["id"]] and listed["next_cursor"] is None


def test_empty_workflow_is_allowed(client, org):
    assert make_workflow(client, org, steps=[])["steps"] == []


def test_duplicate_step_ids_are_400(client, org, tool):
    resp = client.post("/v1/workflows", headers=org["headers"], json={
        "name": "dup", "steps": [step("a", tool["id"]), step("a", tool["id"])]})
    assert_problem(resp, 400, "duplicate_step_id")


@pytest.mark.parametrize("template", [
    "{{steps.b.output}}",          # a later step
    "{{steps.a.output}}",          # itself
    "{{steps.nope.output}}",       # unknown
    "x {{steps.b.output.k}} y",
])
def test_templates_must_name_earlier_steps(client, org, tool, template):
    resp = client.post("/v1/workflows", headers=org["headers"], json={
        "name": "bad", "steps": [step("a", tool["id"], input={"v": template}),
                                 step("b", tool["id"])]})
    assert_problem(resp, 400, "invalid_template")


@pytest.mark.parametrize("template", ["{{secrets.key}}", "{{ input.a b }}", "{{steps.a}}",
                                      "{{steps.a.error}}", "{{}}"])
def test_unknown_template_forms_are_400(client, org, tool, template):
    resp = client.post("/v1/workflows", headers=org["headers"], json={
        "name": "bad", "steps": [step("a", tool["id"]), step("b", tool["id"], input=template)]})
    assert_problem(resp, 400, "invalid_template")


def test_input_names_must_be_declared_when_the_schema_declares_properties(client, org, tool):
    schema = {"type": "object", "properties": {"city": {"type": "string"}}}
    resp = client.post("/v1/workflows", headers=org["headers"], json={
        "name": "x", "input_schema": schema, "steps": [step("a", tool["id"], input="{{input.town}}")]})
    assert_problem(resp, 400, "invalid_template")
    ok = make_workflow(client, org, input_schema=schema,
                       steps=[step("a", tool["id"], input={"c": "{{ input.city }}", "all": "{{input}}"})])
    assert ok["steps"][0]["input"]["all"] == "{{input}}"


def test_invalid_input_schema_is_400(client, org):
    resp = client.post("/v1/workflows", headers=org["headers"],
                       json={"name": "x", "input_schema": {"type": "nope"}, "steps": []})
    assert_problem(resp, 400, "invalid_input_schema")


def test_schema_rules_are_400(client, org, tool):
    for body in ({"name": "x"},
                 {"name": "x", "steps": [{"id": "a", "type": "shell", "ref": tool["id"]}]},
                 {"name": "x", "steps": [{"id": "1a", "type": "tool", "ref": tool["id"]}]},
                 {"name": "x", "steps": [step("a", tool["id"], retries=11)]},
                 {"name": "x", "steps": [step("a", tool["id"], timeout_ms=0)]},
                 {"name": "x", "steps": [step("a", "not-a-uuid")]},
                 {"name": "x", "steps": [], "extra": 1}):
        assert_problem(client.post("/v1/workflows", json=body, headers=org["headers"]), 400)


def test_refs_must_be_of_the_callers_org(client, org, other, echo):
    foreign = echo_tool(client, other, echo)
    foreign_network = client.post("/v1/copilots", json={"name": "n"}, headers=other["headers"])
    assert foreign_network.status_code == 201, foreign_network.text
    for kind, ref in (("tool", foreign["id"]), ("tool", str(uuid.uuid4())),
                      ("agent", str(uuid.uuid4())), ("copilot", str(uuid.uuid4())),
                      ("copilot", foreign_network.json()["copilot"]["id"])):
        resp = client.post("/v1/workflows", headers=org["headers"], json={
            "name": "x", "steps": [{"id": "a", "type": kind, "ref": ref}]})
        assert_problem(resp, 404, "step_ref_not_found")
    network = client.post("/v1/copilots", json={"name": "n"}, headers=org["headers"]).json()
    make_workflow(client, org, steps=[{"id": "c", "type": "copilot",
                                       "ref": network["copilot"]["id"]}])


def test_update_replaces_given_fields_and_revalidates(client, org, tool):
    wf = make_workflow(client, org, steps=[step("a", tool["id"])])
    resp = client.patch(f"/v1/workflows/{wf['id']}", headers=org["headers"],
                        json={"name": "renamed", "description": None})
    assert resp.status_code == 200, resp.text
    body = resp.json()["workflow"]
    assert body["name"] == "renamed" and body["steps"] == wf["steps"]
    assert body["updated_at"] >= wf["updated_at"]
    resp = client.patch(f"/v1/workflows/{wf['id']}", headers=org["headers"],
                        json={"steps": [step("a", tool["id"], input="{{steps.z.output}}")]})
    assert_problem(resp, 400, "invalid_template")
    resp = client.patch(f"/v1/workflows/{wf['id']}", headers=org["headers"],
                        json={"input_schema": {"type": "object", "properties": {}},
                              "steps": [step("a", tool["id"], input="{{input.q}}")]})
    assert_problem(resp, 400, "invalid_template")


def test_delete(client, org):
    wf = make_workflow(client, org)
    resp = client.delete(f"/v1/workflows/{wf['id']}", headers=org["headers"])
    assert resp.status_code == 204
    assert_problem(client.get(f"/v1/workflows/{wf['id']}", headers=org["headers"]), 404)
    assert_problem(client.delete(f"/v1/workflows/{wf['id']}", headers=org["headers"]), 404)


def test_another_orgs_workflow_is_404(client, org, other):
    wf = make_workflow(client, org)
    h = other["headers"]
    assert_problem(client.get(f"/v1/workflows/{wf['id']}", headers=h), 404)
    assert_problem(client.patch(f"/v1/workflows/{wf['id']}", json={"name": "x"}, headers=h), 404)
    assert_problem(client.delete(f"/v1/workflows/{wf['id']}", headers=h), 404)
    assert wf["id"] not in {w["id"] for w in client.get("/v1/workflows", headers=h).json()["workflows"]}
    assert client.get(f"/v1/workflows/{wf['id']}", headers=org["headers"]).status_code == 200


def test_session_token_cannot_manage_workflows(client, org, monkeypatch):
    install_sessions(monkeypatch)
    wf = make_workflow(client, org)
    h = session(org, "u1")
    assert_problem(client.get("/v1/workflows", headers=h), 403, "credential_not_allowed")
    assert_problem(client.post("/v1/workflows", json={"name": "x", "steps": []}, headers=h), 403)
    assert_problem(client.get(f"/v1/workflows/{wf['id']}", headers=h), 403)
    assert_problem(client.patch(f"/v1/workflows/{wf['id']}", json={"name": "y"}, headers=h), 403)
    assert_problem(client.delete(f"/v1/workflows/{wf['id']}", headers=h), 403)


def test_templates_render():
    from rules.workflow_templates import render

    ctx = {"input": {"city": "Paris", "n": 3, "tags": ["a", "b"]},
           "steps": {"a": {"temp": 21, "list": [{"x": 1}]}, "b": None}}
    assert render("{{input.n}}", ctx) == 3
    assert render("{{ steps.a.output }}", ctx) == {"temp": 21, "list": [{"x": 1}]}
    assert render({"q": "{{input.city}} is {{steps.a.output.temp}}C", "k": ["{{input.tags.1}}"]},
                  ctx) == {"q": "Paris is 21C", "k": ["b"]}
    assert render("{{steps.a.output.list.0.x}}", ctx) == 1
    assert render("{{input.missing}}", ctx) is None
    assert render("x{{steps.b.output}}y{{input.tags}}", ctx) == 'xy["a","b"]'
    assert render("{{input}}", ctx) == ctx["input"]
