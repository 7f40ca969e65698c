"""MCP providers: discovery over streamable HTTP and SSE, sync, failing and hanging servers,
calls through the persistent client, headers, stdio behind the operator setting."""
import socket
import sys
import threading
import time
from pathlib import Path

import pytest

from runtime.tools import mcp_client
from tests.factories import assert_problem, list_all, make_org, pages
from tests.factories_tools import UvicornThread, free_port, mcp_server, serve_mcp
from tests.waiting import scaled


@pytest.fixture(scope="module")
def good():
    server = mcp_server()
    thread, url = serve_mcp(server)
    yield server, url
    thread.close()


@pytest.fixture(scope="module")
def sse():
    thread, url = serve_mcp(mcp_server(name="sse"), "sse")
    yield url
    thread.close()


@pytest.fixture(scope="module")
def hanging():
    """Accepts connections and never answers."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(16)
    conns = []
    stop = threading.Event()

    def accept():
        sock.settimeout(0.2)
        while not stop.is_set():
            try:
                conns.append(sock.accept()[0])
            except OSError:
                pass

    threading.Thread(target=accept, daemon=True).start()
    yield f"http://127.0.0.1:{sock.getsockname()[1]}/mcp"
    stop.set()
    sock.close()


@pytest.fixture
def short_timeouts():
    saved = (mcp_client.TIMEOUTS.connect_s, mcp_client.TIMEOUTS.list_s)
    mcp_client.TIMEOUTS.connect_s, mcp_client.TIMEOUTS.list_s = 1.0, 1.0
    yield
    mcp_client.TIMEOUTS.connect_s, mcp_client.TIMEOUTS.list_s = saved


def create(client, org, name, url, **mcp):
    resp = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": name, "type": "mcp", "mcp": {"url": url, **mcp}})
    assert resp.status_code == 201, resp.text
    return resp.json()


def test_discovery_stores_tools_with_schemas(client, good):
    org = make_org(client)
    body = create(client, org, "calc", good[1])
    provider, rebuild = body["tool_provider"], body["rebuild"]
    assert provider["discovery"]["status"] == "ok" and provider["mcp"]["transport"] == "streamable_http"
    assert rebuild["scope"] == "mcp" and rebuild["tools"]["mcpErrors"] == []
    assert len(rebuild["tools"]["affectedToolIds"]) == 3
    assert rebuild["tools"]["providerCounts"] == {"api": 0, "mcp": 3, "other": 0}
    tools = client.get(f"/v1/tools?tool_provider_id={provider['id']}",
                       headers=org["headers"]).json()["tools"]
    add = next(t for t in tools if t["name"] == "add")
    assert add["input_schema"]["required"] == ["a", "b"]
    assert add["method"] == "POST" and add["path"] == "add" and add["timeout_ms"] is None
    again = client.post(f"/v1/tool-providers/{provider['id']}/sync", headers=org["headers"])
    assert again.status_code == 200, again.text
    assert again.json()["rebuild"]["tools"]["affectedToolIds"] == []  # unchanged list
    assert len(again.json()["tools"]) == 3


def test_sse_transport(client, sse):
    org = make_org(client)
    body = create(client, org, "sse", sse, transport="sse")
    assert body["tool_provider"]["discovery"]["status"] == "ok", body
    assert body["rebuild"]["tools"]["totalToolIds"] == 3


def test_added_and_removed_tools_follow_the_server(client):
    org = make_org(client)
    server = mcp_server()
    thread, url = serve_mcp(server)
    try:
        provider = create(client, org, "live", url)["tool_provider"]
        server.add_tool(lambda x: x, name="newer", description="new")
        server.remove_tool("echo")
        resp = client.post(f"/v1/tool-providers/{provider['id']}/sync", headers=org["headers"])
        names = sorted(t["name"] for t in resp.json()["tools"])
        assert names == ["add", "fail", "newer"]
        assert len(resp.json()["rebuild"]["tools"]["affectedToolIds"]) == 2
    finally:
        thread.close()


def test_failing_server_lands_in_mcp_errors_and_others_are_unaffected(client, good, hanging,
                                                                      short_timeouts):
    org = make_org(client)
    ok = create(client, org, "good", good[1])["tool_provider"]
    down = create(client, org, "down", f"http://127.0.0.1:{free_port()}/mcp")
    assert down["tool_provider"]["discovery"]["status"] == "failed"
    assert down["rebuild"]["tools"]["mcpErrors"][0]["providerName"] == "down"
    started = time.monotonic()
    stuck = create(client, org, "stuck", hanging)
    assert time.monotonic() - started < scaled(5)  # bounded by the timeouts, never stalls
    assert stuck["rebuild"]["tools"]["mcpErrors"][0]["providerId"] == stuck["tool_provider"]["id"]
    started = time.monotonic()
    resp = client.post("/v1/tool-providers/sync", headers=org["headers"])
    assert time.monotonic() - started < scaled(5)
    rebuild = resp.json()["rebuild"]
    assert rebuild["scope"] == "all"
    errors = {e["providerName"]: e for e in rebuild["tools"]["mcpErrors"]}
    assert set(errors) == {"down", "stuck"}
    assert errors["down"]["providerId"] == down["tool_provider"]["id"] and errors["down"]["error"]
    assert rebuild["tools"]["providerCounts"]["mcp"] == 3 and rebuild["tools"]["totalToolIds"] == 3
    listed = client.get(f"/v1/tools?tool_provider_id={ok['id']}", headers=org["headers"])
    assert len(listed.json()["tools"]) == 3


def test_a_listing_past_its_overall_deadline_fails_its_providers_not_the_request(
        client, good, short_timeouts, monkeypatch):
    """The MCP client's loop held (a slow step of another call) past the listing's overall
    deadline: the sync answers 200 with every provider's discovery failed, never a 500."""
    monkeypatch.setattr(mcp_client, "TEARDOWN_S", 0.5)
    org = make_org(client)
    provider = create(client, org, "held", good[1])["tool_provider"]
    loop = mcp_client._LOOP.get()
    loop.call_soon_threadsafe(time.sleep, 5)  # the whole loop, past 1 + 1 + 0.5 (+ 1) s
    resp = client.post(f"/v1/tool-providers/{provider['id']}/sync", headers=org["headers"])
    assert resp.status_code == 200, resp.text
    body = resp.json()
    assert body["tool_provider"]["discovery"]["status"] == "failed"
    assert "timed out" in body["rebuild"]["tools"]["mcpErrors"][0]["error"]
    assert len(body["tools"]) == 3  # the tools found before stay


def test_calls_reuse_one_persistent_connection(client, good):
    org = make_org(client)
    provider = create(client, org, "calls", good[1])["tool_provider"]
    tools = {t["name"]: t for t in client.get(
        f"/v1/tools?tool_provider_id={provider['id']}", headers=org["headers"]).json()["tools"]}
    url = f"/v1/tools/{tools['add']['id']}/execute"
    first = client.post(url, json={"input": {"a": 2, "b": 3}}, headers=org["headers"]).json()
    assert first["status"] == "succeeded" and first["output"] == {"result": 5}
    [conn] = mcp_client.connections_of(provider["id"])
    second = client.post(url, json={"input": {"a": 1, "b": 1}}, headers=org["headers"]).json()
    assert second["output"] == {"result": 2}
    assert mcp_client.connections_of(provider["id"]) == [conn] and conn.alive
    bad = client.post(url, json={"input": {"a": "x"}}, headers=org["headers"])
    assert_problem(bad, 400, "tool_input_invalid")
    failing = client.post(f"/v1/tools/{tools['fail']['id']}/execute",
                          json={"input": {"reason": "boom"}}, headers=org["headers"]).json()
    assert failing["status"] == "failed" and failing["error"]["code"] == "tool_error"
    assert "fail" in failing["error"]["message"]


def test_mcp_tools_are_read_only_except_is_enabled(client, good):
    org = make_org(client)
    provider = create(client, org, "ro", good[1])["tool_provider"]
    tool = client.get(f"/v1/tools?tool_provider_id={provider['id']}",
                      headers=org["headers"]).json()["tools"][0]
    url = f"/v1/tools/{tool['id']}"
    assert_problem(client.patch(url, json={"name": "x"}, headers=org["headers"]), 409,
                   "mcp_tool_read_only")
    assert_problem(client.delete(url, headers=org["headers"]), 409, "mcp_tool_read_only")
    resp = client.patch(url, json={"is_enabled": False}, headers=org["headers"])
    assert resp.status_code == 200 and resp.json()["tool"]["is_enabled"] is False
    assert resp.json()["rebuild"]["scope"] == "mcp"


def test_headers_are_sent_and_write_only(client):
    server = mcp_server(name="guarded")
    inner = server.streamable_http_app()

    async def guarded(scope, receive, send):
        if scope["type"] == "http":
            headers = dict(scope["headers"])
            if headers.get(b"x-token") != b"hdr-SECRET-9":
                await send({"type": "http.response.start", "status": 401, "headers": []})
                await send({"type": "http.response.body", "body": b""})
                return
        await inner(scope, receive, send)

    thread = UvicornThread(guarded)
    try:
        org = make_org(client)
        body = create(client, org, "guarded", f"{thread.url}/mcp",
                      headers={"X-Token": "hdr-SECRET-9"})
        assert body["tool_provider"]["discovery"]["status"] == "ok", body
        assert body["tool_provider"]["mcp"]["headers_set"] == ["X-Token"]
        no_header = create(client, org, "unguarded", f"{thread.url}/mcp")
        assert no_header["tool_provider"]["discovery"]["status"] == "failed"
        assert "error" in no_header["rebuild"]["tools"]["mcpErrors"][0]["error"]
        text = client.get(f"/v1/tool-providers/{body['tool_provider']['id']}",
                          headers=org["headers"]).text
        assert "hdr-SECRET-9" not in text
    finally:
        thread.close()


def test_stdio_server_when_the_operator_enables_it(settings):
    script = Path(__file__).resolve().parents[2] / "testkit" / "stdio_mcp.py"
    server = mcp_client.Server(key="stdio-test@1", transport="stdio", command=sys.executable,
                               args=(str(script),))
    try:
        mcp_client.configure(settings.__class__(**{**settings.__dict__,
                                                   "mcp_stdio_enabled": True}))
        tools = mcp_client.list_tools(server)
        assert [t["name"] for t in tools] == ["shout"]
        assert mcp_client.call_tool(server, "shout", {"text": "hi"})["structured"] == {
            "result": "HI"}
    finally:
        mcp_client.close("stdio-test")
        mcp_client.configure(settings)
    with pytest.raises(mcp_client.McpError):
        mcp_client.list_tools(mcp_client.Server(key="stdio-2@1", transport="stdio",
                                                command=sys.executable, args=(str(script),)))
