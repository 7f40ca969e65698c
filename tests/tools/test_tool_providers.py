"""Tool providers: CRUD, write-only credentials, SSRF on save, stdio gate, OpenAPI import."""
import json
import uuid

import pytest
import yaml

from core import db
from store.models import ToolProvider
from tests.factories import assert_problem, make_org
from tests.factories_tools import (install_session_tokens, make_provider, make_tool,
                                   session_headers)


def test_create_api_provider_keeps_credentials_write_only(client, org):
    body = {"name": "crm", "type": "api", "base_url": "http://127.0.0.1:9",
            "auth": {"type": "bearer", "token": "s3cr3t-token-value"}}
    resp = client.post("/v1/tool-providers", json=body, headers=org["headers"])
    assert resp.status_code == 201, resp.text
    provider = resp.json()["tool_provider"]
    assert resp.json()["rebuild"] is None
    assert provider["auth"] == {"type": "bearer", "credentials_set": ["token"]}
    assert provider["mcp"] is None and provider["discovery"] is None
    assert "s3cr3t-token-value" not in resp.text
    got = client.get(f"/v1/tool-providers/{provider['id']}", headers=org["headers"])
    assert got.status_code == 200 and "s3cr3t" not in got.text
    with db.connection():
        row = ToolProvider.get_by_id(provider["id"])
    assert "s3cr3t" not in (row.secrets or "") and "s3cr3t" not in json.dumps(row.auth)


def test_api_key_auth_config_and_invalid_fields(client, org):
    provider = make_provider(client, org, auth={"type": "api_key", "in": "query", "name": "key",
                                                "api_key": "abcd-1234"})
    assert provider["auth"] == {"type": "api_key", "in": "query", "name": "key",
                                "credentials_set": ["api_key"]}
    bad = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": "x1", "type": "api", "auth": {"type": "bearer", "api_key": "k"}})
    assert_problem(bad, 400, "invalid_request")  # each auth type's schema takes only its fields
    unknown = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": "x2", "type": "api", "auth": {"type": "bearer"}, "extra": 1})
    assert_problem(unknown, 400)


def test_patch_auth_keeps_omitted_credentials_and_null_clears(client, org):
    provider = make_provider(client, org, auth={"type": "basic", "username": "u",
                                                "password": "pw-123456"})
    url = f"/v1/tool-providers/{provider['id']}"
    resp = client.patch(url, json={"auth": {"type": "basic", "username": "v"}},
                        headers=org["headers"])
    assert resp.status_code == 200, resp.text
    assert resp.json()["tool_provider"]["auth"]["credentials_set"] == ["password", "username"]
    resp = client.patch(url, json={"auth": {"type": "basic", "password": None}},
                        headers=org["headers"])
    assert resp.json()["tool_provider"]["auth"]["credentials_set"] == ["username"]
    resp = client.patch(url, json={"auth": {"type": "bearer"}, "name": "renamed"},
                        headers=org["headers"])
    assert resp.json()["tool_provider"]["auth"]["credentials_set"] == []
    assert resp.json()["tool_provider"]["name"] == "renamed"
    assert_problem(client.patch(url, json={"type": "mcp"}, headers=org["headers"]), 400)


@pytest.mark.parametrize("url", ["http://10.0.0.5/api", "http://169.254.169.254/",
                                 "http://localhost:8080/", "http://127.0.0.2:80/"])
def test_urls_pass_the_ssrf_policy_when_saved(client, org, url):
    resp = client.post("/v1/tool-providers", headers=org["headers"],
                       json={"name": f"p-{uuid.uuid4().hex[:6]}", "type": "api", "base_url": url})
    assert_problem(resp, 403, "url_not_allowed")
    resp = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": f"m-{uuid.uuid4().hex[:6]}", "type": "mcp", "mcp": {"url": url}})
    assert_problem(resp, 403, "url_not_allowed")


def test_stdio_needs_the_operator_setting(client, org):
    resp = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": "local", "type": "mcp", "mcp": {"transport": "stdio", "command": "python3"}})
    assert_problem(resp, 403, "mcp_stdio_disabled")


def test_names_are_unique_per_org_and_orgs_are_isolated(client, org):
    other = make_org(client)
    make_provider(client, org, name="shared-name")
    dup = client.post("/v1/tool-providers", json={"name": "shared-name", "type": "api"},
                      headers=org["headers"])
    assert_problem(dup, 409, "tool_provider_name_conflict")
    mine = make_provider(client, other, name="shared-name")
    for method in ("get", "delete"):
        resp = getattr(client, method)(f"/v1/tool-providers/{mine['id']}", headers=org["headers"])
        assert_problem(resp, 404)
    resp = client.patch(f"/v1/tool-providers/{mine['id']}", json={"name": "x"},
                        headers=org["headers"])
    assert_problem(resp, 404)
    listed = client.get("/v1/tool-providers", headers=other["headers"]).json()["tool_providers"]
    assert [p["id"] for p in listed] == [mine["id"]]


def test_list_filter_and_delete_cascades_tools(client):
    org = make_org(client)
    api = make_provider(client, org)
    tool = make_tool(client, org, api["id"])
    assert len(client.get("/v1/tool-providers?type=api", headers=org["headers"])
               .json()["tool_providers"]) == 1
    assert client.get("/v1/tool-providers?type=mcp", headers=org["headers"]).json() == {
        "tool_providers": [], "next_cursor": None}
    resp = client.delete(f"/v1/tool-providers/{api['id']}", headers=org["headers"])
    assert resp.status_code == 200, resp.text
    assert resp.json()["rebuild"]["tools"]["affectedToolIds"] == [tool["id"]]
    assert resp.json()["rebuild"]["tools"]["totalToolIds"] == 0
    assert_problem(client.get(f"/v1/tools/{tool['id']}", headers=org["headers"]), 404)


def test_session_token_is_refused_on_provider_operations(client, org, monkeypatch):
    install_session_tokens(monkeypatch)
    resp = client.get("/v1/tool-providers", headers=session_headers(org))
    assert_problem(resp, 403, "credential_not_allowed")
    resp = client.post("/v1/tool-providers", json={"name": "z", "type": "api"},
                       headers=session_headers(org))
    assert_problem(resp, 403, "credential_not_allowed")


PETSTORE = {
    "openapi": "3.0.3",
    "info": {"title": "pets", "version": "1"},
    "paths": {
        "/pets": {
            "get": {"operationId": "listPets", "tags": ["pets"],
                    "parameters": [{"name": "limit", "in": "query",
                                    "schema": {"type": "integer"}}],
                    "responses": {"200": {"description": "ok", "content": {"application/json": {
                        "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Pet"}}}}}}},
            "post": {"operationId": "createPet", "deprecated": True,
                     "requestBody": {"required": True, "content": {"application/json": {
                         "schema": {"$ref": "#/components/schemas/Pet"}}}},
                     "responses": {"201": {"description": "created"}}},
            "head": {"responses": {"200": {"description": "ok"}}},
        },
        "/pets/{petId}": {
            "parameters": [{"name": "petId", "in": "path", "required": True,
                            "schema": {"type": "string"}}],
            "get": {"operationId": "showPet", "summary": "one pet",
                    "responses": {"200": {"description": "ok", "content": {"application/json": {
                        "schema": {"$ref": "#/components/schemas/Pet"}}}}}},
        },
    },
    "components": {"schemas": {"Pet": {"type": "object", "required": ["name"],
                                       "properties": {"name": {"type": "string"}}}}},
}


def test_import_openapi_json_creates_tools_and_reports_skips(client):
    org = make_org(client)
    provider = make_provider(client, org)
    url = f"/v1/tool-providers/{provider['id']}/import"
    resp = client.post(url, json=PETSTORE, headers=org["headers"])
    assert resp.status_code == 201, resp.text
    body = resp.json()
    created = {t["operation_id"]: t for t in body["created"]}
    assert set(created) == {"listPets", "createPet", "showPet"}
    assert created["listPets"]["tags"] == ["pets"] and created["listPets"]["method"] == "GET"
    assert created["listPets"]["input_schema"]["properties"]["limit"]["x-in"] == "query"
    assert created["listPets"]["output_schema"]["items"]["properties"]["name"] == {"type": "string"}
    assert created["createPet"]["deprecated"] is True
    assert created["createPet"]["input_schema"]["required"] == ["name"]
    assert created["showPet"]["path"] == "/pets/{petId}"
    assert created["showPet"]["input_schema"]["required"] == ["petId"]
    assert body["skipped"] == [{"method": "HEAD", "path": "/pets",
                                "reason": "method HEAD is not supported"}]
    assert sorted(body["rebuild"]["tools"]["affectedToolIds"]) == sorted(
        t["id"] for t in body["created"])
    again = client.post(url, json=PETSTORE, headers=org["headers"]).json()
    assert again["created"] == [] and again["rebuild"] is None
    assert {s["path"] for s in again["skipped"]} == {"/pets", "/pets/{petId}"}


def test_import_openapi_yaml_body(client):
    org = make_org(client)
    provider = make_provider(client, org)
    resp = client.post(f"/v1/tool-providers/{provider['id']}/import",
                       content=yaml.safe_dump(PETSTORE),
                       headers={**org["headers"], "Content-Type": "application/yaml"})
    assert resp.status_code == 201, resp.text
    assert len(resp.json()["created"]) == 3
    bad = client.post(f"/v1/tool-providers/{provider['id']}/import", json={"swagger": "2.0"},
                      headers=org["headers"])
    assert "openapi" in assert_problem(bad, 400, "invalid_request")["detail"]  # JSON: the schema
    bad_yaml = client.post(f"/v1/tool-providers/{provider['id']}/import", content="swagger: '2.0'\n",
                           headers={**org["headers"], "Content-Type": "application/yaml"})
    assert_problem(bad_yaml, 400, "invalid_openapi_document")  # YAML text: the import checks it


def test_import_and_sync_check_the_provider_type(client):
    org = make_org(client)
    api = make_provider(client, org)
    assert_problem(client.post(f"/v1/tool-providers/{api['id']}/sync", headers=org["headers"]),
                   409, "provider_not_mcp")
    assert_problem(client.post(f"/v1/tool-providers/{uuid.uuid4()}/import", json=PETSTORE,
                               headers=org["headers"]), 404)
