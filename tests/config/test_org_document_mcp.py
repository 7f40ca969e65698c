"""MCP providers in a document: their headers as placeholders, their tools discovered after
the apply (a later document may refer to them), stdio servers as the operator allows."""
from __future__ import annotations

import pytest

from tests.factories import make_org
from tests.factories_org_document import export_doc, send
from tests.factories_tools import mcp_server, serve_mcp


@pytest.fixture(scope="module")
def mcp_url():
    thread, url = serve_mcp(mcp_server())
    yield url
    thread.close()


def _doc(url, agents=()):
    return {"apiVersion": "agent-platform/v1", "kind": "Organization", "spec": {
        "tool_providers": [{"name": "Calc", "type": "mcp",
                            "mcp": {"transport": "streamable_http", "url": url,
                                    "headers": {"X-Team": "${CALC_TEAM}"}}}],
        "agents": list(agents)}}


def test_an_mcp_provider_is_discovered_after_the_apply(client, mcp_url):
    org = make_org(client)
    early = send(client, org, "plan", _doc(mcp_url, [{"name": "Adder", "tools": ["Calc/add"]}]),
                 secrets={"CALC_TEAM": "blue"})
    assert [(p["name"], p["code"]) for p in early["invalid"]] == [("Adder", "tool_not_found")]

    result = send(client, org, "apply", _doc(mcp_url), secrets={"CALC_TEAM": "blue"})
    assert result["rebuild"]["scope"] == "all"
    assert result["rebuild"]["tools"]["mcpErrors"] == []
    tools = client.get("/v1/tools?provider_type=mcp", headers=org["headers"]).json()["tools"]
    assert {"add", "echo", "fail"} <= {t["name"] for t in tools}

    exported = export_doc(client, org)
    provider = exported["spec"]["tool_providers"][0]
    assert provider["mcp"] == {"transport": "streamable_http", "url": mcp_url,
                               "headers": {"X-Team": "${CALC_HEADER_X_TEAM}"}}
    assert "tools" not in provider  # discovered, not listed
    assert "blue" not in str(exported)

    doc = _doc(mcp_url, [{"name": "Adder", "tools": ["Calc/add"]}])
    doc["spec"]["tool_providers"][0]["mcp"]["headers"] = {"X-Team": "${ANY_NAME}"}
    result = send(client, org, "apply", doc)  # the stored header is kept
    assert [c["name"] for c in result["changes"]] == ["Adder"]
    assert result["rebuild"]["failed"] == 0 and result["rebuilds"] == ["Adder"]
    again = send(client, org, "plan", doc)
    assert again["changed"] is False
    assert again["placeholders"] == [{"name": "ANY_NAME", "kind": "tool provider",
                                      "object": "Calc", "field": "mcp.headers.X-Team",
                                      "status": "stored"}]
    # the tools of an mcp provider are never pruned, nor listed as unmanaged
    pruned = send(client, org, "plan", doc, prune=True)
    assert pruned["changes"] == [] and [u for u in pruned["unmanaged"]
                                        if u["kind"] != "group"] == []


def test_stdio_servers_only_where_the_operator_allows_them(client):
    org = make_org(client)
    doc = {"apiVersion": "agent-platform/v1", "kind": "Organization", "spec": {
        "tool_providers": [{"name": "Local", "type": "mcp",
                            "mcp": {"transport": "stdio", "command": "mcp-server-time"}}]}}
    plan = send(client, org, "plan", doc)
    assert [(p["kind"], p["name"], p["code"]) for p in plan["invalid"]] == [
        ("tool provider", "Local", "mcp_stdio_disabled")]
    assert send(client, org, "apply", doc, expect=403)["code"] == "mcp_stdio_disabled"
