"""Credentials in every form are masked in what the service relays: tool output to end users
(POST /v1/tools/{id}/execute) and to models (agent runs), HTTP and MCP tools alike."""
from __future__ import annotations

import base64
import json
from urllib.parse import quote, quote_plus

import pytest

from rules.masking import MASK, Masker
from tests.factories import make_org
from tests.factories_tools import (EchoServer, UvicornThread, make_provider, make_tool,
                                   mcp_server, offset_forms)

PASSWORD = "SECRET1:pa ss/+%"
USER = "basicuser"
API_KEY = 'k"e\\y/+ 123&='


def _forms(value: str) -> list[str]:
    return [value, quote(value, safe=""), quote_plus(value), json.dumps(value)[1:-1],
            base64.b64encode(value.encode()).decode(), base64.urlsafe_b64encode(
                value.encode()).decode().rstrip("=")]


def _leaks(text: str, *secrets: str) -> list[str]:
    found = []
    for secret in secrets:
        found += [f for f in _forms(secret) if f in text]
    return found


def test_the_masker_covers_every_form():
    masker = Masker([PASSWORD, "Bearer tok-abcdef"], pairs=[(USER, PASSWORD)])
    basic = base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
    text = " | ".join(_forms(PASSWORD) + [basic, "tok-abcdef", quote("tok-abcdef"),
                                          f"Basic {basic}", PASSWORD.lower()])
    masked = masker.text(text)
    assert not _leaks(masked, PASSWORD, "tok-abcdef"), masked
    assert basic not in masked
    assert PASSWORD.lower() in masked  # another value is not a credential
    header = Masker(["Basic " + base64.b64encode(b"mcpuser:mcp-pass-1").decode()])
    assert header.text("pw=mcp-pass-1 pair=mcpuser:mcp-pass-1") == f"pw={MASK} pair={MASK}"
    assert Masker(["abc"]).text("abc") == "abc"  # too short to mask words
    assert masker.value({PASSWORD: [PASSWORD, 1]}) == {MASK: [MASK, 1]}


def _offset_leaks(text: str, secret: str) -> list[str]:
    """Runs of the secret's bytes recovered from any base64 run of text, at any alignment."""
    import re

    found = []
    for run in re.findall(r"[A-Za-z0-9+/_=-]{8,}", text):
        run = run.replace("-", "+").replace("_", "/").rstrip("=")
        for start in range(4):
            chunk = run[start:]
            chunk = chunk[:len(chunk) - len(chunk) % 4]
            try:
                decoded = base64.b64decode(chunk)
            except ValueError:
                continue
            for i in range(len(secret) - 3):
                if secret[i:i + 4].encode() in decoded:
                    found.append(run)
                    break
    return found


def test_the_masker_covers_base64_at_every_offset():
    secret = "tok-Offset-Secret-42/+z"
    masker = Masker([f"Bearer {secret}"])
    for prefix in ("", "x", "xy", "user:", "a longer prefix: "):
        for suffix in ("", "y", "yz", " and trailing bytes"):
            for encode in (base64.b64encode, base64.urlsafe_b64encode):
                blob = encode(f"{prefix}{secret}{suffix}".encode()).decode()
                masked = masker.text(f"data={blob};")
                assert MASK in masked and not _offset_leaks(masked, secret), (prefix, masked)
                assert masked.startswith("data=") and masked.endswith(";")
    text = "plain base64 of other data: " + base64.b64encode(b"x" + b"another value" * 3).decode()
    assert masker.text(text) == text
    assert Masker(["short"]).text(base64.b64encode(b"x short y").decode()) == \
        base64.b64encode(b"x short y").decode()  # no core for values under 6 bytes


@pytest.fixture(scope="module")
def echo():
    server = EchoServer()
    yield server
    server.close()


def _execute(client, org, tool, user=None) -> dict:
    headers = {**org["headers"], **({"X-User-Id": user} if user else {})}
    resp = client.post(f"/v1/tools/{tool['id']}/execute", json={"input": {}}, headers=headers)
    assert resp.status_code == 200, resp.text
    return resp.json()


def test_http_tool_output_masks_basic_urlencoded_and_escaped_forms(client, echo):
    org = make_org(client)
    basic = make_provider(client, org, base_url=echo.url, auth={
        "type": "basic", "username": USER, "password": PASSWORD})
    for path in ("/raw", "/raw-json"):
        result = _execute(client, org, make_tool(client, org, basic["id"], path=path))
        text = json.dumps(result)
        assert "Basic" in text and MASK in text
        assert not _leaks(text, PASSWORD, f"{USER}:{PASSWORD}"), text
    query = make_provider(client, org, base_url=echo.url, auth={
        "type": "api_key", "in": "query", "name": "key", "api_key": API_KEY})
    result = _execute(client, org, make_tool(client, org, query["id"], path="/raw"))
    assert "key=" in result["output"] and not _leaks(json.dumps(result), API_KEY), result
    header = make_provider(client, org, base_url=echo.url, auth={
        "type": "api_key", "in": "header", "name": "X-Key", "api_key": API_KEY})
    for path in ("/raw-json", "/echo"):
        result = _execute(client, org, make_tool(client, org, header["id"], path=path))
        assert not _leaks(json.dumps(result), API_KEY), result
    # a user's own credentials are masked the same way
    client.post("/v1/users", json={"user_id": "mia", "tools_auth": {
        basic["id"]: {"username": "mia", "password": "mia-pass:/+1"}}}, headers=org["headers"])
    result = _execute(client, org, make_tool(client, org, basic["id"], path="/raw/mia"), user="mia")
    assert not _leaks(json.dumps(result), "mia-pass:/+1", "mia:mia-pass:/+1"), result


def test_http_tool_output_masks_base64_at_every_offset(client, echo):
    org = make_org(client)
    token = "bearer-offset-token-31337"
    bearer = make_provider(client, org, base_url=echo.url, auth={"type": "bearer",
                                                                 "token": token})
    result = _execute(client, org, make_tool(client, org, bearer["id"], path="/b64"))
    assert result["status"] == "succeeded" and set(result["output"]) == set(offset_forms("x"))
    text = json.dumps(result)
    assert text.count(MASK) >= 5 and not _offset_leaks(text, token), text
    key = make_provider(client, org, base_url=echo.url, auth={
        "type": "api_key", "in": "header", "name": "X-Key", "api_key": API_KEY})
    text = json.dumps(_execute(client, org, make_tool(client, org, key["id"], path="/b64")))
    assert not _offset_leaks(text, API_KEY), text


def _whoami_server():
    """An MCP server whose `whoami` tool returns the bare token of its Authorization header,
    and `headers` all request headers as JSON text."""
    server = mcp_server(name="whoami")
    seen: dict = {}

    @server.tool()
    def whoami() -> str:
        """The caller's token."""
        scheme, _, token = seen.get("authorization", "").partition(" ")
        return f"you are {token} (scheme {scheme}); twice: {token}"

    @server.tool()
    def b64forms() -> dict[str, str]:
        """The caller's token base64-encoded inside larger blobs."""
        return offset_forms(seen.get("authorization", "").partition(" ")[2])

    @server.tool()
    def headers() -> str:
        """The request headers."""
        return json.dumps(seen)

    inner = server.streamable_http_app()

    async def app(scope, receive, send):
        if scope["type"] == "http":
            seen.clear()
            seen.update({k.decode(): v.decode() for k, v in scope["headers"]})
        await inner(scope, receive, send)

    return UvicornThread(app)


@pytest.fixture(scope="module")
def whoami():
    thread = _whoami_server()
    yield thread
    thread.close()


def _mcp_provider(client, org, url, **fields):
    resp = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": f"mcp-{len(fields)}-{id(fields)}", "type": "mcp", "mcp": {"url": url}, **fields})
    assert resp.status_code == 201, resp.text
    provider = resp.json()["tool_provider"]
    tools = client.get(f"/v1/tools?tool_provider_id={provider['id']}",
                       headers=org["headers"]).json()["tools"]
    return provider, {t["name"]: t for t in tools}


def test_mcp_tool_output_masks_the_bare_token_for_users_and_models(client, whoami):
    org = make_org(client)
    token = "mcp-org-token-7f3a"
    provider, tools = _mcp_provider(client, org, f"{whoami.url}/mcp",
                                    auth={"type": "bearer", "token": token})
    result = _execute(client, org, tools["whoami"])
    assert result["status"] == "succeeded", result
    assert "you are" in json.dumps(result) and not _leaks(json.dumps(result), token), result
    # a header of the MCP configuration, sent as "Token <value>", is masked bare too
    provider2, tools2 = _mcp_provider(client, org, f"{whoami.url}/mcp", mcp={
        "url": f"{whoami.url}/mcp", "headers": {"Authorization": "Token hdr-secret-99",
                                                  "X-Extra": "extra-secret-77"}})
    text = json.dumps(_execute(client, org, tools2["whoami"]))
    text += json.dumps(_execute(client, org, tools2["headers"]))
    assert not _leaks(text, "hdr-secret-99", "extra-secret-77"), text
    # an agent run: the (echo) model receives the tool's result and answers with it
    agent = client.post("/v1/agents", json={"name": "masker", "tool_ids": [tools["whoami"]["id"]],
                                            "model": {"provider": "echo"}},
                        headers=org["headers"])
    assert agent.status_code == 201, agent.text
    run = client.post(f"/v1/agents/{agent.json()['agent']['id']}/run",
                      json={"input": "call whoami"}, headers=org["headers"])
    assert run.status_code == 200, run.text
    assert "you are" in run.text and MASK in run.text, run.text
    assert not _leaks(run.text, token), run.text


def test_mcp_tool_output_masks_base64_at_every_offset(client, whoami):
    org = make_org(client)
    token = "mcp-offset-token-8086"
    _, tools = _mcp_provider(client, org, f"{whoami.url}/mcp",
                             auth={"type": "bearer", "token": token})
    result = _execute(client, org, tools["b64forms"])
    assert result["status"] == "succeeded", result
    assert set(result["output"]) == set(offset_forms("x"))
    text = json.dumps(result)
    assert text.count(MASK) >= 5 and not _offset_leaks(text, token), text
    # an agent run: what the (echo) model receives and answers is masked the same way
    agent = client.post("/v1/agents", json={"name": "b64", "tool_ids": [tools["b64forms"]["id"]],
                                            "model": {"provider": "echo"}},
                        headers=org["headers"])
    assert agent.status_code == 201, agent.text
    run = client.post(f"/v1/agents/{agent.json()['agent']['id']}/run",
                      json={"input": "call b64forms"}, headers=org["headers"])
    assert run.status_code == 200, run.text
    assert "basic_pair" in run.text and MASK in run.text, run.text
    assert not _offset_leaks(run.text, token), run.text


def test_no_query_string_reaches_any_log_line(client, echo, settings):
    """urllib3 (tool calls) and httpx (model and token calls) at DEBUG, the request log and
    an access log line in uvicorn's format: none carries a query string."""
    import logging

    import httpx

    from tests.factories_identity import capture_all_logs

    org = make_org(client)
    provider = make_provider(client, org, base_url=echo.url, auth={
        "type": "api_key", "in": "query", "name": "key", "api_key": "query-secret-5150"})
    tool = make_tool(client, org, provider["id"], path="/logged")
    with capture_all_logs() as lines:
        assert _execute(client, org, tool)["status"] == "succeeded"
        client.get("/v1/tools?name=filter-5151", headers=org["headers"])
        with httpx.Client() as http:
            http.get(f"{echo.url}/x?token=query-secret-5152")
        logging.getLogger("uvicorn.access").info(
            '%s - "%s %s HTTP/%s" %d', "127.0.0.1:1", "GET", "/v1/x?k=query-secret-5153", "1.1", 200)
        try:
            raise ValueError(f"failed: {echo.url}/y?k=query-secret-5154")
        except ValueError:
            logging.getLogger("agent_platform.test").exception("boom")
    text = "\n".join(lines)
    assert "/logged" in text and "HTTP Request" in text  # the DEBUG lines were captured
    assert "query-secret" not in text, [line for line in lines if "query-secret" in line]
    assert "name=filter-5151" not in text
