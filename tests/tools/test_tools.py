"""POST/GET/PATCH/DELETE /v1/tools: the spec's rules, naming, 409s, filters, isolation."""
import uuid

import pytest

from tests.factories import assert_problem, list_all, make_org, pages
from tests.factories_tools import (install_session_tokens, make_provider, make_tool,
                                   session_headers)


@pytest.fixture(scope="module")
def provider(client, org):
    return make_provider(client, org, base_url="http://127.0.0.1:9")


def post(client, org, body):
    return client.post("/v1/tools", json=body, headers=org["headers"])


def test_create_returns_tool_with_defaults_and_rebuild(client, org, provider):
    resp = post(client, org, {"tool_provider_id": provider["id"], "name": "lookup",
                              "path": "/lookup"})
    assert resp.status_code == 201, resp.text
    body = resp.json()
    tool = body["tool"]
    assert tool["name"] == "lookup" and tool["method"] == "GET"
    assert tool["timeout_ms"] == 30000 and tool["is_enabled"] is True
    assert tool["operation_id"] is None and tool["tags"] is None and tool["deprecated"] is False
    assert tool["input_schema"] is None and tool["description"] is None
    rebuild = body["rebuild"]
    assert rebuild["scope"] == "custom"
    assert rebuild["tools"]["affectedToolIds"] == [tool["id"]]
    assert rebuild["tools"]["totalToolIds"] >= 1
    assert rebuild["tools"]["providerCounts"]["api"] == rebuild["tools"]["totalToolIds"]
    assert rebuild["tools"]["mcpErrors"] == []
    assert rebuild["failed"] == 0 and "failedAgents" not in rebuild


def test_path_punctuation_is_stripped_and_empty_name_is_400(client, org, provider):
    tool = make_tool(client, org, provider["id"], name="/users/{id}", path="/users/{id}")
    assert tool["name"] == "users id"
    resp = post(client, org, {"tool_provider_id": provider["id"], "name": "/{}/", "path": "/e"})
    assert_problem(resp, 400, "invalid_tool_name")


def test_name_disambiguation_method_then_counter(client, org, provider):
    names = []
    for i, method in enumerate(["GET", "GET", "GET", "POST", "GET"]):
        tool = make_tool(client, org, provider["id"], name="search", method=method,
                         path=f"/search/{i}")
        names.append(tool["name"])
    assert names == ["search", "search GET", "search GET 2", "search POST", "search GET 3"]


def test_method_path_and_operation_id_conflicts_are_409(client, org, provider):
    make_tool(client, org, provider["id"], name="a", path="/same", method="PUT",
              operation_id="op-same")
    resp = post(client, org, {"tool_provider_id": provider["id"], "name": "b", "path": "/same",
                              "method": "PUT"})
    assert_problem(resp, 409, "tool_path_conflict")
    resp = post(client, org, {"tool_provider_id": provider["id"], "name": "c", "path": "/other",
                              "operation_id": "op-same"})
    assert_problem(resp, 409, "tool_operation_id_conflict")
    other = make_provider(client, org)  # uniqueness is per provider
    make_tool(client, org, other["id"], name="a", path="/same", method="PUT", operation_id="op-same")


@pytest.mark.parametrize("patch", [
    {"timeout_ms": 999}, {"timeout_ms": 120001}, {"method": "HEAD"}, {"unknown": 1},
    {"name": ""}, {"path": ""}, {"tags": "x"}, {"tool_provider_id": "not-a-uuid"},
    {"input_schema": []},
])
def test_invalid_bodies_are_400(client, org, provider, patch):
    body = {"tool_provider_id": provider["id"], "name": "n", "path": "/n", **patch}
    assert_problem(post(client, org, body), 400)


def test_missing_required_fields_are_400(client, org, provider):
    assert_problem(post(client, org, {"name": "n", "path": "/n"}), 400)
    assert_problem(post(client, org, {"tool_provider_id": provider["id"], "path": "/n"}), 400)
    assert_problem(post(client, org, {"tool_provider_id": provider["id"], "name": "n"}), 400)


def test_timeout_bounds_are_inclusive(client, org, provider):
    assert make_tool(client, org, provider["id"], timeout_ms=1000)["timeout_ms"] == 1000
    assert make_tool(client, org, provider["id"], timeout_ms=120000)["timeout_ms"] == 120000


def test_provider_of_another_org_or_unknown_is_404(client, org):
    other = make_org(client)
    theirs = make_provider(client, other)
    resp = post(client, org, {"tool_provider_id": theirs["id"], "name": "x", "path": "/x"})
    assert_problem(resp, 404)
    resp = post(client, org, {"tool_provider_id": str(uuid.uuid4()), "name": "x", "path": "/x"})
    assert_problem(resp, 404)
    tool = make_tool(client, other, theirs["id"])
    for call in (client.get, client.delete):
        assert_problem(call(f"/v1/tools/{tool['id']}", headers=org["headers"]), 404)
    assert_problem(client.patch(f"/v1/tools/{tool['id']}", json={"name": "z"},
                                headers=org["headers"]), 404)
    assert tool["id"] not in [t["id"] for t in list_all(client, "/v1/tools", "tools",
                                                        org["headers"])]


def test_mcp_provider_is_refused_with_its_own_code(client, org):
    from runtime.tools import mcp_client
    from tests.factories_tools import free_port

    resp = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": f"m-{uuid.uuid4().hex[:6]}", "type": "mcp",
        "mcp": {"url": f"http://127.0.0.1:{free_port()}/mcp"}})
    assert resp.status_code == 201, resp.text
    mcp = resp.json()["tool_provider"]
    assert mcp_client.TIMEOUTS.connect_s <= 5
    resp = post(client, org, {"tool_provider_id": mcp["id"], "name": "x", "path": "/x"})
    assert_problem(resp, 409, "provider_not_api")


def test_list_filters_and_paging(client):
    org = make_org(client)
    p1, p2 = make_provider(client, org), make_provider(client, org)
    a = make_tool(client, org, p1["id"], name="alpha", tags=["crm", "read"], method="GET")
    b = make_tool(client, org, p1["id"], name="beta", tags=["crm"], method="POST",
                  is_enabled=False)
    c = make_tool(client, org, p2["id"], name="gamma")

    def ids(query):
        resp = client.get(f"/v1/tools{query}", headers=org["headers"])
        assert resp.status_code == 200, resp.text
        return [t["id"] for t in resp.json()["tools"]]

    assert ids("") == [a["id"], b["id"], c["id"]]
    assert ids(f"?tool_provider_id={p1['id']}") == [a["id"], b["id"]]
    assert ids("?is_enabled=false") == [b["id"]]
    assert ids("?method=POST") == [b["id"]]
    assert ids("?tag=read") == [a["id"]]
    assert ids("?name=amm") == [c["id"]]
    assert [[t["id"] for t in page] for page in pages(
        client, "/v1/tools?provider_type=api", "tools", org["headers"], limit=2)] == [
        [a["id"], b["id"]], [c["id"]]]
    assert [[t["id"] for t in page] for page in pages(
        client, "/v1/tools?tag=crm", "tools", org["headers"], limit=1)] == [[a["id"]], [b["id"]]]
    assert_problem(client.get("/v1/tools?cursor=bogus", headers=org["headers"]), 400)
    assert_problem(client.get("/v1/tools?limit=0", headers=org["headers"]), 400)
    assert_problem(client.get("/v1/tools?bogus=1", headers=org["headers"]), 400)


def test_patch_follows_the_naming_and_uniqueness_rules(client):
    org = make_org(client)
    provider = make_provider(client, org)
    first = make_tool(client, org, provider["id"], name="fetch", path="/a", operation_id="opA")
    second = make_tool(client, org, provider["id"], name="other", path="/b", method="POST")
    url = f"/v1/tools/{second['id']}"
    resp = client.patch(url, json={"name": "fetch"}, headers=org["headers"])
    assert resp.status_code == 200, resp.text
    assert resp.json()["tool"]["name"] == "fetch POST"
    assert resp.json()["rebuild"]["tools"]["affectedToolIds"] == [second["id"]]
    same = client.patch(url, json={"name": "fetch POST", "description": "d"},
                        headers=org["headers"])
    assert same.json()["tool"]["name"] == "fetch POST"
    assert same.json()["tool"]["description"] == "d"
    assert_problem(client.patch(url, json={"path": "/a", "method": "GET"},
                                headers=org["headers"]), 409, "tool_path_conflict")
    assert_problem(client.patch(url, json={"operation_id": "opA"}, headers=org["headers"]),
                   409, "tool_operation_id_conflict")
    assert_problem(client.patch(url, json={"name": "{}"}, headers=org["headers"]), 400,
                   "invalid_tool_name")
    own = client.patch(f"/v1/tools/{first['id']}", json={"operation_id": "opA", "path": "/a"},
                       headers=org["headers"])
    assert own.status_code == 200 and own.json()["tool"]["name"] == "fetch"
    assert_problem(client.patch(url, json={}, headers=org["headers"]), 400)


def test_get_and_delete(client):
    org = make_org(client)
    provider = make_provider(client, org)
    tool = make_tool(client, org, provider["id"])
    got = client.get(f"/v1/tools/{tool['id']}", headers=org["headers"])
    assert got.status_code == 200 and got.json()["tool"] == tool
    resp = client.delete(f"/v1/tools/{tool['id']}", headers=org["headers"])
    assert resp.status_code == 200, resp.text
    assert resp.json()["rebuild"]["tools"]["affectedToolIds"] == [tool["id"]]
    assert resp.json()["rebuild"]["tools"]["totalToolIds"] == 0
    assert_problem(client.get(f"/v1/tools/{tool['id']}", headers=org["headers"]), 404)


def test_session_token_reaches_list_and_execute_only(client, org, provider, monkeypatch):
    tool = make_tool(client, org, provider["id"])
    install_session_tokens(monkeypatch)
    st = session_headers(org)
    assert client.get("/v1/tools", headers=st).status_code == 200
    assert_problem(client.get(f"/v1/tools/{tool['id']}", headers=st), 403,
                   "credential_not_allowed")
    assert_problem(client.post("/v1/tools", json={"tool_provider_id": provider["id"],
                                                  "name": "s", "path": "/s"}, headers=st), 403)
    assert_problem(client.patch(f"/v1/tools/{tool['id']}", json={"name": "s"}, headers=st), 403)
    assert_problem(client.delete(f"/v1/tools/{tool['id']}", headers=st), 403)
    resp = client.post(f"/v1/tools/{tool['id']}/execute", json={"input": {}}, headers=st)
    assert resp.status_code == 200, resp.text  # reachable (the call itself fails: port 9)
    assert resp.json()["status"] == "failed"
