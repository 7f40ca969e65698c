"""Stdio MCP providers in a document, where the operator allows them: the secret arguments
and the environment travel as placeholders, never as values."""
from __future__ import annotations

import pytest

from tests.conftest import make_settings
from tests.factories import make_org
from tests.factories_org_document import export, export_doc, send

SECRET_ARG = "secret-arg-51c9e2"
ENV_VALUE = "env-value-8d0f3a"


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return make_settings(database_url, tmp_path_factory.mktemp("data"), mcp_stdio_enabled=True,
                         mcp_stdio_start_timeout_ms=30000)


def test_a_stdio_provider_round_trips_with_its_secrets_as_placeholders(client):
    a = make_org(client, "Clockwork")
    resp = client.post("/v1/tool-providers", headers=a["headers"], json={
        "name": "Clock", "type": "mcp",
        "mcp": {"transport": "stdio", "command": "mcp-server-time",
                "args": ["--local-timezone", {"value": SECRET_ARG, "secret": True}],
                "env": {"CLOCK_KEY": ENV_VALUE}}})
    assert resp.status_code == 201, resp.text
    text = export(client, a).text
    assert SECRET_ARG not in text and ENV_VALUE not in text
    provider = export_doc(client, a)["spec"]["tool_providers"][0]
    assert provider["mcp"] == {"transport": "stdio", "command": "mcp-server-time",
                               "args": ["--local-timezone", "${CLOCK_ARG_1}"],
                               "env": {"CLOCK_KEY": "${CLOCK_ENV_CLOCK_KEY}"}}
    doc = export_doc(client, a)
    assert send(client, a, "plan", doc)["changes"] == []  # the stored values are kept

    b = make_org(client, "Clockwork")
    plan = send(client, b, "plan", doc)
    assert {p["name"]: p["status"] for p in plan["placeholders"]} == {
        "CLOCK_ARG_1": "missing", "CLOCK_ENV_CLOCK_KEY": "missing"}
    send(client, b, "apply", doc, secrets={"CLOCK_ARG_1": SECRET_ARG,
                                           "CLOCK_ENV_CLOCK_KEY": ENV_VALUE})
    assert export(client, b).text == text
    stored = client.get("/v1/tool-providers", headers=b["headers"]).json()["tool_providers"][0]
    assert stored["mcp"]["secret_args"] == [1] and stored["mcp"]["env_set"] == ["CLOCK_KEY"]
    changed = send(client, b, "plan", doc, secrets={"CLOCK_ENV_CLOCK_KEY": "another"})
    assert changed["changes"] == [{"action": "update", "kind": "tool provider", "name": "Clock",
                                   "fields": [{"field": "mcp.env.CLOCK_KEY", "secret": True}]}]
