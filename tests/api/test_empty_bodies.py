"""POST /v1/tools/{id}/execute and POST /v1/workflows/{id}/run take an optional body (as
openapi.yaml says: requestBody required: false): no body, or an empty one, is the input `{}`,
exactly as `{"input": {}}`; a schema that requires fields then refuses it like `{}`."""
from __future__ import annotations

import pytest

from server.app import load_spec
from tests.factories import assert_problem
from tests.factories_tools import EchoServer, make_provider, make_tool
from tests.factories_workflows import make_workflow, wait_run

JSON = {"Content-Type": "application/json"}


@pytest.fixture(scope="module")
def echo():
    server = EchoServer()
    yield server
    server.close()


@pytest.mark.parametrize("path", ["/v1/tools/{toolId}/execute", "/v1/workflows/{id}/run"])
def test_the_document_says_the_body_is_optional(path):
    body = load_spec()["paths"][path]["post"]["requestBody"]
    assert body["required"] is False
    assert "without a body" in body["description"]


@pytest.mark.parametrize("send", [{}, {"content": b""}, {"content": b"", "headers": JSON},
                                  {"json": {}}, {"json": {"input": {}}}],
                         ids=["no-body", "empty", "empty-json", "object", "input"])
def test_execute_without_a_body_calls_the_tool_with_no_input(client, org, echo, send):
    provider = make_provider(client, org, base_url=echo.url)
    tool = make_tool(client, org, provider["id"], method="POST", path="/ping")
    headers = {**org["headers"], **send.pop("headers", {})}
    resp = client.post(f"/v1/tools/{tool['id']}/execute", headers=headers, **send)
    assert resp.status_code == 200, resp.text
    assert resp.json()["status"] == "succeeded"
    assert resp.json()["output"]["path"] == "/ping"


def test_execute_without_a_body_meets_a_required_input_like_an_empty_one(client, org, echo):
    provider = make_provider(client, org, base_url=echo.url)
    tool = make_tool(client, org, provider["id"], path="/need", input_schema={
        "type": "object", "required": ["city"], "properties": {"city": {"type": "string"}}})
    empty = client.post(f"/v1/tools/{tool['id']}/execute", headers=org["headers"])
    explicit = client.post(f"/v1/tools/{tool['id']}/execute", headers=org["headers"],
                           json={"input": {}})
    assert_problem(empty, 400, "tool_input_invalid")
    assert_problem(explicit, 400, "tool_input_invalid")
    assert empty.json()["detail"] == explicit.json()["detail"]


@pytest.mark.parametrize("send", [{}, {"content": b"", "headers": JSON}, {"json": {}}],
                         ids=["no-body", "empty-json", "object"])
def test_a_workflow_run_without_a_body_has_the_input_of_an_empty_object(client, org, send):
    workflow = make_workflow(client, org)
    headers = {**org["headers"], **send.pop("headers", {})}
    resp = client.post(f"/v1/workflows/{workflow['id']}/run", headers=headers, **send)
    assert resp.status_code == 202, resp.text
    run = wait_run(client, org["headers"], resp.json()["run"]["id"])
    assert run["input"] == {} and run["status"] == "succeeded"


def test_a_workflow_that_requires_input_refuses_a_run_without_a_body(client, org):
    workflow = make_workflow(client, org, input_schema={
        "type": "object", "required": ["who"], "properties": {"who": {"type": "string"}}})
    assert_problem(client.post(f"/v1/workflows/{workflow['id']}/run", headers=org["headers"]),
                   400, "workflow_input_invalid")
