"""Real OpenAPI documents: GitHub's REST description (13 MB, 1,223 operations; the npm package
@octokit/openapi pinned in tests/fixtures-npm, installed with `npm ci`) imported whole in one
request under raised import limits, and one of its operations called against a stand-in
server; OpenAPI 3.0 schemas translated to JSON Schema; a 3.1 document with only webhooks;
an output that disagrees with the tool's output_schema reported as a warning."""
from __future__ import annotations

import fcntl
import json
import os
import shutil
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from tests.conftest import make_settings
from tests.factories import assert_problem
from tests.factories_chat import make_agent, post_chat, read_stream, user
from tests.factories_tools import make_provider, make_tool
from tests.waiting import scaled

NPM_DIR = Path(__file__).parent.parent / "fixtures-npm"
GITHUB = NPM_DIR / "node_modules/@octokit/openapi/generated/api.github.com.json"
MIB = 1024 * 1024


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    """The import's limits raised for GitHub's description (13 MB; 258,000 values as sent,
    about 1.9 million and 45 MB once its $refs are expanded)."""
    return make_settings(database_url, tmp_path_factory.mktemp("data"),
                         max_import_bytes=32 * MIB, max_import_values=4_000_000,
                         max_import_expanded_bytes=128 * MIB)


def _installed_version() -> str | None:
    try:
        return json.loads((GITHUB.parents[1] / "package.json").read_text())["version"]
    except (OSError, ValueError, KeyError):
        return None


@pytest.fixture(scope="module")
def github() -> bytes:
    """GitHub's description as published in the pinned package (installed once with npm ci)."""
    lock = json.loads((NPM_DIR / "package-lock.json").read_text())
    pinned = lock["packages"]["node_modules/@octokit/openapi"]["version"]
    # the SQLite and Postgres stages of tests/run.sh run at once: one installs, the other waits
    with open(NPM_DIR / "package.json") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        if _installed_version() != pinned:
            npm = shutil.which("npm")
            if npm is None:
                message = "npm is needed to install @octokit/openapi (tests/fixtures-npm)"
                if os.environ.get("CI"):
                    pytest.fail(message)
                pytest.skip(message)
            subprocess.run([npm, "ci", "--prefix", str(NPM_DIR), "--no-audit", "--no-fund",
                            "--loglevel=error"], check=True, timeout=scaled(300))
        assert _installed_version() == pinned
        return GITHUB.read_bytes()


class StandIn:
    """A real HTTP server on 127.0.0.1 answering (method, path) with a status and a JSON body,
    and recording each request it got."""

    def __init__(self, routes: dict):
        seen = self.seen = []

        class Handler(BaseHTTPRequestHandler):
            def _answer(self):
                length = int(self.headers.get("content-length") or 0)
                raw = self.rfile.read(length) if length else b""
                seen.append({"method": self.command, "path": self.path,
                             "headers": {k.lower(): v for k, v in self.headers.items()},
                             "json": json.loads(raw) if raw else None})
                status, body = routes.get((self.command, self.path.split("?")[0]),
                                          (404, {"message": "Not Found"}))
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json; charset=utf-8")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PATCH = do_PUT = do_DELETE = _answer

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def _execute(client, org, tool_id, data) -> dict:
    resp = client.post(f"/v1/tools/{tool_id}/execute", json={"input": data},
                       headers=org["headers"])
    assert resp.status_code == 200, resp.text
    return resp.json()


def _callable(doc: dict) -> set[tuple[str, str]]:
    return {(method.upper(), path) for path, item in doc["paths"].items()
            for method in item if method in ("get", "post", "put", "patch", "delete")}


def test_githubs_description_imports_whole_and_an_operation_is_called(client, org, github):
    doc = json.loads(github)
    examples = doc["components"]["examples"]
    issue = examples["issue"]["value"]  # GitHub's own example answer to "create an issue"
    assignment = examples["classroom-assignment"]["value"]
    server = StandIn({("POST", "/repos/octocat/Hello-World/issues"): (201, issue),
                      ("GET", "/assignments/12"): (200, assignment)})
    try:
        provider = make_provider(client, org, name="GitHub", base_url=server.url,
                                 auth={"type": "bearer", "token": "ghp-test-token-1"})
        resp = client.post(f"/v1/tool-providers/{provider['id']}/import", content=github,
                           headers={**org["headers"], "Content-Type": "application/json"})
        assert resp.status_code == 201, resp.text[:2000]
        body = resp.json()
        assert body["skipped"] == []
        created = {(t["method"], t["path"]): t for t in body["created"]}
        assert set(created) == _callable(doc) and len(created) == 1223
        by_operation = {t["operation_id"]: t for t in body["created"]}

        create_issue = by_operation["issues/create"]
        schema = create_issue["input_schema"]
        assert schema["properties"]["owner"]["x-in"] == "path"
        Draft202012Validator.check_schema(create_issue["output_schema"])
        result = _execute(client, org, create_issue["id"], {
            "owner": "octocat", "repo": "Hello-World", "title": "Found a bug",
            "body": "I'm having a problem with this.", "labels": ["bug"],
            "assignee": None, "milestone": None})  # nullable in GitHub's description
        assert result["status"] == "succeeded", result
        assert result["http_status"] == 201 and result["error"] is None
        assert result["output_warning"] is None  # GitHub's example matches its schema
        assert result["output"] == issue
        call = server.seen[-1]
        assert (call["method"], call["path"]) == ("POST", "/repos/octocat/Hello-World/issues")
        assert call["headers"]["authorization"] == "Bearer ghp-test-token-1"
        assert call["json"] == {"title": "Found a bug", "body": "I'm having a problem with this.",
                                "labels": ["bug"], "assignee": None, "milestone": None}

        # GitHub's example of an assignment lacks fields its schema requires: the call was
        # made, so it succeeds, with a warning
        get_assignment = by_operation["classroom/get-an-assignment"]
        result = _execute(client, org, get_assignment["id"], {"assignment_id": 12})
        assert result["status"] == "succeeded" and result["http_status"] == 200, result
        assert result["output_warning"]["code"] == "output_schema_mismatch"
        assert "does not match the schema" in result["output_warning"]["message"]
        assert result["output"] == assignment
        assert [(c["method"], c["path"]) for c in server.seen] == [
            ("POST", "/repos/octocat/Hello-World/issues"), ("GET", "/assignments/12")]
    finally:
        server.close()


DOC_30 = {
    "openapi": "3.0.3", "info": {"title": "Nullable", "version": "1"},
    "paths": {"/things/{id}": {
        "parameters": [{"name": "id", "in": "path", "required": True,
                        "schema": {"type": "integer", "minimum": 0, "exclusiveMinimum": True}}],
        "patch": {
            "operationId": "updateThing",
            "requestBody": {"content": {"application/json": {"schema": {
                "type": "object", "required": ["name"],
                "properties": {
                    "name": {"type": "string", "nullable": True, "example": "box"},
                    "size": {"type": "number", "maximum": 10, "exclusiveMaximum": True},
                    "owner": {"allOf": [{"$ref": "#/components/schemas/User"}],
                              "nullable": True, "description": "Who owns it"},
                    "state": {"type": "string", "enum": ["open", "closed"], "nullable": True},
                }}}}},
            "responses": {"200": {"description": "ok", "content": {"application/json": {
                "schema": {"$ref": "#/components/schemas/Thing"}}}}},
        }}},
    "components": {"schemas": {
        "User": {"type": "object", "required": ["login"], "properties": {
            "login": {"type": "string"}, "email": {"type": "string", "nullable": True}}},
        "Thing": {"type": "object", "required": ["id", "name", "owner", "tags"], "properties": {
            "id": {"type": "integer"},
            "name": {"type": "string", "nullable": True},
            "owner": {"$ref": "#/components/schemas/NullableUser"},
            "tags": {"type": "array", "items": {"type": "string", "nullable": True}},
            "extra": {"type": "object", "additionalProperties": {"type": "integer",
                                                                 "nullable": True}},
        }},
        "NullableUser": {"type": "object", "nullable": True, "properties": {
            "login": {"type": "string"}}},
    }},
}


def test_an_openapi_30_document_is_translated_and_its_nulls_pass(client, org):
    server = StandIn({("PATCH", "/things/7"): (200, {
        "id": 7, "name": None, "owner": None, "tags": ["a", None], "extra": {"n": None}})})
    try:
        provider = make_provider(client, org, name="Things", base_url=server.url)
        resp = client.post(f"/v1/tool-providers/{provider['id']}/import", json=DOC_30,
                           headers=org["headers"])
        assert resp.status_code == 201, resp.text
        tool = resp.json()["created"][0]
        props = tool["input_schema"]["properties"]
        assert props["id"] == {"type": "integer", "exclusiveMinimum": 0, "x-in": "path"}
        assert props["name"] == {"type": ["string", "null"], "examples": ["box"]}
        assert props["size"] == {"type": "number", "exclusiveMaximum": 10}
        assert props["owner"]["description"] == "Who owns it"
        assert props["owner"]["anyOf"][1] == {"type": "null"}
        assert props["state"]["enum"] == ["open", "closed", None]
        out = tool["output_schema"]["properties"]
        assert out["owner"]["type"] == ["object", "null"]
        assert out["tags"]["items"]["type"] == ["string", "null"]
        assert out["extra"]["additionalProperties"]["type"] == ["integer", "null"]
        for key in ("input_schema", "output_schema"):
            assert "nullable" not in json.dumps(tool[key])

        result = _execute(client, org, tool["id"], {"id": 7, "name": None, "owner": None,
                                                    "state": None, "size": 9.5})
        assert result["status"] == "succeeded" and result["output_warning"] is None, result
        assert server.seen[-1]["json"] == {"name": None, "owner": None, "state": None,
                                           "size": 9.5}
        refused = client.post(f"/v1/tools/{tool['id']}/execute",
                              json={"input": {"id": 0, "name": "x"}}, headers=org["headers"])
        assert_problem(refused, 400, "tool_input_invalid")  # 0 is not above the exclusive 0
        refused = client.post(f"/v1/tools/{tool['id']}/execute",
                              json={"input": {"id": 1, "name": "x", "size": 10}},
                              headers=org["headers"])
        assert_problem(refused, 400, "tool_input_invalid")  # 10 is not below the exclusive 10
    finally:
        server.close()


WEBHOOKS_ONLY = {
    "openapi": "3.1.0", "info": {"title": "Pets events", "version": "1"},
    "webhooks": {"newPet": {"post": {
        "requestBody": {"content": {"application/json": {"schema": {"type": "object"}}}},
        "responses": {"200": {"description": "Return 200 to accept it"}}}}},
}


def test_a_31_document_with_only_webhooks_imports_no_operations(client, org):
    provider = make_provider(client, org, name="Pets events")
    url = f"/v1/tool-providers/{provider['id']}/import"
    resp = client.post(url, json=WEBHOOKS_ONLY, headers=org["headers"])
    assert resp.status_code == 201, resp.text
    body = resp.json()
    assert body["created"] == [] and body["rebuild"] is None
    assert body["skipped"] == [{"method": "POST", "path": "newPet", "reason": (
        "a webhook: a request the API sends, not an operation to call")}]
    components = {"openapi": "3.1.0", "info": {"title": "t", "version": "1"},
                  "components": {"schemas": {"A": {"type": "string"}}}}
    resp = client.post(url, json=components, headers=org["headers"])
    assert resp.status_code == 201 and resp.json()["created"] == [], resp.text
    bare = {"openapi": "3.1.0", "info": {"title": "t", "version": "1"}}
    detail = assert_problem(client.post(url, json=bare, headers=org["headers"]), 400,
                            "invalid_openapi_document")["detail"]
    assert "webhooks" in detail
    old = {"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
           "webhooks": WEBHOOKS_ONLY["webhooks"]}  # 3.0 has no webhooks: paths is required
    assert_problem(client.post(url, json=old, headers=org["headers"]), 400,
                   "invalid_openapi_document")


def test_an_output_that_disagrees_with_its_schema_is_a_warning_in_tool_result(client, org):
    server = StandIn({("GET", "/count"): (200, {"count": "twelve"})})
    try:
        provider = make_provider(client, org, name="Counter", base_url=server.url)
        tool = make_tool(client, org, provider["id"], name="count", path="/count",
                         output_schema={"type": "object", "properties": {
                             "count": {"type": "integer"}}})
        agent = make_agent(client, org["headers"])
        resp = client.patch(f"/v1/agents/{agent['id']}", json={"tool_ids": [tool["id"]]},
                            headers=org["headers"])
        assert resp.status_code == 200, resp.text
        ann = user(org, "ann")
        thread = post_chat(client, ann, "call count", agent_id=agent["id"])["thread"]["id"]
        stream = read_stream(client, thread, ann)
        assert stream.kinds[-1] == "run.completed", stream.kinds
        result = next(e.data for e in stream.events if e.kind == "tool.result")
        assert result["status"] == "succeeded" and result["error"] is None
        assert result["output"] == {"count": "twelve"}
        assert result["output_warning"]["code"] == "output_schema_mismatch"
        assert "at count" in result["output_warning"]["message"]
    finally:
        server.close()


def test_30_translation_reaches_every_schema_and_leaves_values_and_names_alone():
    from rules.openapi_schema import from_30

    schema = {
        "type": "object", "nullable": False, "example": {"nullable": True},
        "properties": {
            "nullable": {"type": "boolean", "example": False},  # a property named so
            "example": {"type": "string", "nullable": True, "default": None},
            "n": {"type": "integer", "minimum": 1, "exclusiveMinimum": False,
                  "maximum": 9, "exclusiveMaximum": True},
        },
        "additionalProperties": {"nullable": True, "oneOf": [{"type": "string"}]},
        "patternProperties": {"^x-": {"type": "string", "nullable": True}},
        "$defs": {"d": {"type": "array", "nullable": True,
                        "items": {"anyOf": [{"type": "integer", "nullable": True}]}}},
        "not": {"type": "string", "nullable": True},
        "allOf": [{"enum": ["a"], "nullable": True}, {"description": "d", "nullable": True}],
    }
    out = from_30(schema)
    assert out["type"] == "object" and "nullable" not in out
    assert out["examples"] == [{"nullable": True}]  # the value is not rewritten
    props = out["properties"]
    assert set(props) == {"nullable", "example", "n"}
    assert props["nullable"] == {"type": "boolean", "examples": [False]}
    assert props["example"] == {"type": ["string", "null"], "default": None}
    assert props["n"] == {"type": "integer", "minimum": 1, "exclusiveMaximum": 9}
    assert out["additionalProperties"] == {"anyOf": [{"oneOf": [{"type": "string"}]},
                                                     {"type": "null"}]}
    assert out["patternProperties"]["^x-"]["type"] == ["string", "null"]
    assert out["$defs"]["d"]["type"] == ["array", "null"]
    assert out["$defs"]["d"]["items"]["anyOf"][0]["type"] == ["integer", "null"]
    assert out["not"]["type"] == ["string", "null"]
    assert out["allOf"] == [{"enum": ["a", None]}, {"description": "d"}]
    assert schema["properties"]["example"]["nullable"] is True  # the input is left as it was
    validator = Draft202012Validator({k: v for k, v in out.items() if k != "allOf"})
    assert validator.is_valid({"example": None, "extra": None, "n": 8})
    assert not validator.is_valid({"n": 9})
    assert Draft202012Validator(out["allOf"][0]).is_valid(None)


def test_import_limits_are_settings():
    from rules import openapi_import
    from rules.errors import TooLarge
    from core.settings import Settings

    env = {"AGENT_PLATFORM_DATA_DIR": "/tmp", "AGENT_PLATFORM_SECRET_KEY": "k",
           "AGENT_PLATFORM_MAX_IMPORT_VALUES": "300000",
           "AGENT_PLATFORM_MAX_IMPORT_EXPANDED_BYTES": "1000"}
    loaded = Settings.from_env(env)
    assert (loaded.max_import_values, loaded.max_import_expanded_bytes) == (300_000, 1000)
    defaults = Settings.from_env({"AGENT_PLATFORM_DATA_DIR": "/tmp",
                                  "AGENT_PLATFORM_SECRET_KEY": "k"})
    assert defaults.max_import_values == openapi_import.MAX_NODES == 200_000
    assert defaults.max_import_expanded_bytes == openapi_import.MAX_EXPANDED_BYTES
    with pytest.raises(SystemExit):
        Settings.from_env({**env, "AGENT_PLATFORM_MAX_IMPORT_VALUES": "0"})

    doc = {"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": {"/a": {
        "get": {"responses": {"200": {"description": "ok", "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/S"}}}}}}}},
        "components": {"schemas": {"S": {"type": "object", "properties": {
            f"p{i}": {"type": "string"} for i in range(50)}}}}}
    text = json.dumps(doc)
    openapi_import.parse(text)
    with pytest.raises(TooLarge, match="more than 100 values"):
        openapi_import.parse(text, max_values=100)
    with pytest.raises(TooLarge, match="more than 500 bytes"):
        openapi_import.parse(doc, max_expanded_bytes=500)


def test_the_import_body_takes_the_import_values_limit(client, org, settings):
    """A JSON body of the import is counted against AGENT_PLATFORM_MAX_IMPORT_VALUES (raised
    here), any other body against the fixed 200,000."""
    paths = {f"/p{i}": {"get": {"responses": {"200": {"description": "ok"}},
                                "x-values": list(range(12_500))}} for i in range(20)}
    doc = {"openapi": "3.0.0", "info": {"title": "t", "version": "1"}, "paths": paths}
    provider = make_provider(client, org, name="Many values")
    resp = client.post(f"/v1/tool-providers/{provider['id']}/import", json=doc,
                       headers=org["headers"])
    assert resp.status_code == 201, resp.text[:500]  # over 250,000 values
    assert len(resp.json()["created"]) == 20
    resp = client.post("/v1/agents", json={"name": "a", "instructions": "x",
                                           "metadata": doc}, headers=org["headers"])
    assert "more than 200000 values" in assert_problem(resp, 413, "payload_too_large")["detail"]
