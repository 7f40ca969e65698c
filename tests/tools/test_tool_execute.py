"""POST /v1/tools/{id}/execute against a real HTTP server: request building, auth injection,
timeouts, schemas, SSRF at call time, and credentials kept out of every answer."""
import pytest

from rules import ssrf
from runtime.tools import service as tool_runtime
from core import db
from tests.factories import assert_problem, make_org
from tests.factories_tools import EchoServer, free_port, make_provider, make_tool


@pytest.fixture(scope="module")
def echo():
    server = EchoServer()
    yield server
    server.close()


def run(client, org, tool, data=None):
    resp = client.post(f"/v1/tools/{tool['id']}/execute", json={"input": data or {}},
                       headers=org["headers"])
    assert resp.status_code == 200, resp.text
    return resp.json()


def test_get_fills_path_and_query_and_injects_bearer(client, org, echo):
    provider = make_provider(client, org, base_url=echo.url + "/api",
                             auth={"type": "bearer", "token": "tok-SECRET-1"})
    tool = make_tool(client, org, provider["id"], path="/users/{id}", input_schema={
        "type": "object", "required": ["id"],
        "properties": {"id": {"type": "string"}, "q": {"type": "string"}}})
    result = run(client, org, tool, {"id": "a b/c", "q": "x"})
    assert result["status"] == "succeeded" and result["http_status"] == 200
    assert result["output"]["path"] == "/api/users/a%20b%2Fc"
    assert result["output"]["query"] == {"q": "x"}
    assert result["duration_ms"] >= 0 and result["error"] is None
    assert echo.seen[-1]["headers"]["authorization"] == "Bearer tok-SECRET-1"
    assert "tok-SECRET-1" not in str(result)  # echoed back by the server, masked
    assert result["output"]["headers"]["authorization"] == "Bearer [redacted]"


def test_post_sends_json_body_and_headers_by_x_in(client, org, echo):
    provider = make_provider(client, org, base_url=echo.url)
    tool = make_tool(client, org, provider["id"], method="POST", path="/items", input_schema={
        "type": "object", "properties": {"name": {"type": "string"},
                                         "trace": {"type": "string", "x-in": "header"},
                                         "page": {"type": "integer", "x-in": "query"}}})
    result = run(client, org, tool, {"name": "n1", "trace": "t-1", "page": 2})
    assert result["output"]["method"] == "POST"
    assert result["output"]["json"] == {"name": "n1"}
    assert result["output"]["query"] == {"page": "2"}
    assert result["output"]["headers"]["trace"] == "t-1"


def test_api_key_in_query_never_appears_in_errors(client, org):
    port = free_port()  # nothing listens there
    provider = make_provider(client, org, base_url=f"http://127.0.0.1:{port}",
                             auth={"type": "api_key", "in": "query", "name": "key",
                                   "api_key": "query-key-SECRET"})
    tool = make_tool(client, org, provider["id"])
    resp = client.post(f"/v1/tools/{tool['id']}/execute", json={}, headers=org["headers"])
    assert resp.status_code == 200
    assert resp.json()["error"]["code"] == "connection_failed"
    assert "query-key-SECRET" not in resp.text


def test_user_credentials_win_and_base_url_override_is_checked(client, org, echo):
    provider = make_provider(client, org, base_url="http://127.0.0.1:9",
                             auth={"type": "api_key", "in": "header", "name": "X-Key",
                                   "api_key": "org-key-1"})
    tool = make_tool(client, org, provider["id"], path="/who")
    with db.connection():
        result = tool_runtime.execute(org_id=org["id"], tool_id=tool["id"], input={},
                                      user_credentials={"api_key": "user-key-2",
                                                        "base_url": echo.url})
        assert result["status"] == "succeeded", result
        assert echo.seen[-1]["headers"]["x-key"] == "user-key-2"
        result = tool_runtime.execute(org_id=org["id"], tool_id=tool["id"], input={},
                                      user_credentials={"base_url": "http://10.1.2.3/"})
        assert result["status"] == "failed" and result["error"]["code"] == "url_not_allowed"
        provider2 = make_provider(client, org, base_url=echo.url,
                                  auth={"type": "api_key", "in": "header", "name": "X-Key",
                                        "api_key": "org-key-3"})
        tool2 = make_tool(client, org, provider2["id"])
        result = tool_runtime.execute(org_id=org["id"], tool_id=tool2["id"], input={},
                                      user_credentials={})
        assert result["status"] == "succeeded"
        assert echo.seen[-1]["headers"]["x-key"] == "org-key-3"


def test_timeout_is_enforced(client, org, echo):
    provider = make_provider(client, org, base_url=echo.url)
    tool = make_tool(client, org, provider["id"], path="/sleep/3", timeout_ms=1000)
    result = run(client, org, tool)
    assert result["status"] == "failed" and result["error"]["code"] == "timeout"
    assert 900 <= result["duration_ms"] < 2500


def test_input_and_output_schemas(client, org, echo):
    provider = make_provider(client, org, base_url=echo.url)
    tool = make_tool(client, org, provider["id"], path="/x",
                     input_schema={"type": "object", "required": ["n"],
                                   "properties": {"n": {"type": "integer"}}},
                     output_schema={"type": "object", "required": ["method"]})
    resp = client.post(f"/v1/tools/{tool['id']}/execute", json={"input": {"n": "nope"}},
                       headers=org["headers"])
    assert_problem(resp, 400, "tool_input_invalid")
    assert run(client, org, tool, {"n": 1})["status"] == "succeeded"
    strict = make_tool(client, org, provider["id"], path="/y",
                       output_schema={"type": "object", "required": ["missing"]})
    result = run(client, org, strict)  # the call was made: it succeeded, with a warning
    assert result["status"] == "succeeded" and result["error"] is None
    assert result["output_warning"]["code"] == "output_schema_mismatch"
    assert "'missing' is a required property" in result["output_warning"]["message"]
    assert result["output"]["path"] == "/y" and result["http_status"] == 200


def test_upstream_errors_redirects_and_text(client, org, echo):
    provider = make_provider(client, org, base_url=echo.url)
    failing = make_tool(client, org, provider["id"], path="/status/503")
    result = run(client, org, failing)
    assert result["status"] == "failed" and result["http_status"] == 503
    assert result["error"]["code"] == "http_error"
    redirect = make_tool(client, org, provider["id"], path="/redirect")
    result = run(client, org, redirect)
    assert result["http_status"] == 302 and result["status"] == "failed"
    text = make_tool(client, org, provider["id"], path="/text")
    assert run(client, org, text)["output"] == "plain words"


def test_address_is_checked_again_at_call_time(client, org, echo, settings):
    provider = make_provider(client, org, base_url=echo.url)
    tool = make_tool(client, org, provider["id"])
    ssrf.configure([])  # the operator removed 127.0.0.1 from the allow-list
    try:
        result = run(client, org, tool)
    finally:
        ssrf.configure(settings.ssrf_allow)
    assert result["status"] == "failed" and result["error"]["code"] == "url_not_allowed"


def test_disabled_tool_other_org_and_missing_base_url(client, org, echo):
    provider = make_provider(client, org, base_url=echo.url)
    tool = make_tool(client, org, provider["id"], is_enabled=False)
    resp = client.post(f"/v1/tools/{tool['id']}/execute", json={}, headers=org["headers"])
    assert_problem(resp, 409, "tool_disabled")
    other = make_org(client)
    resp = client.post(f"/v1/tools/{tool['id']}/execute", json={}, headers=other["headers"])
    assert_problem(resp, 404)
    bare = make_tool(client, org, make_provider(client, org)["id"])
    assert run(client, org, bare)["error"]["code"] == "base_url_missing"
