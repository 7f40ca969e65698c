"""MCP tools called for an end user carry that user's own credentials (their own connection),
others the provider's; a changed credential is used at once; nothing secret is returned."""
from tests.factories import make_org
from tests.factories_tools import UvicornThread, mcp_server


def _recording_server():
    inner = mcp_server(name="seen").streamable_http_app()
    seen: list[str] = []

    async def app(scope, receive, send):
        if scope["type"] == "http":
            seen.append(dict(scope["headers"]).get(b"authorization", b"").decode())
        await inner(scope, receive, send)

    return UvicornThread(app), seen


def test_each_user_calls_with_their_own_credentials(client):
    thread, seen = _recording_server()
    try:
        org = make_org(client)
        resp = client.post("/v1/tool-providers", headers=org["headers"], json={
            "name": "calc", "type": "mcp", "mcp": {"url": f"{thread.url}/mcp"},
            "auth": {"type": "bearer", "token": "org-token-1"}})
        assert resp.status_code == 201, resp.text
        provider = resp.json()["tool_provider"]
        tools = client.get(f"/v1/tools?tool_provider_id={provider['id']}",
                           headers=org["headers"]).json()["tools"]
        echo = next(t for t in tools if t["name"] == "echo")
        resp = client.post("/v1/users", headers=org["headers"], json={
            "user_id": "ana", "tools_auth": {provider["id"]: {"token": "ana-token-1"}}})
        assert resp.status_code == 201, resp.text

        def call(user=None):
            headers = {**org["headers"], **({"X-User-Id": user} if user else {})}
            resp = client.post(f"/v1/tools/{echo['id']}/execute", headers=headers,
                               json={"input": {"text": "hi"}})
            assert resp.status_code == 200, resp.text
            assert resp.json()["status"] == "succeeded", resp.text
            assert "token-1" not in resp.text and "token-2" not in resp.text
            return seen[-1]

        assert call("ana") == "Bearer ana-token-1"
        assert call() == "Bearer org-token-1"
        assert call("ben") == "Bearer org-token-1"  # no credentials of his own
        assert call("ana") == "Bearer ana-token-1"
        resp = client.patch("/v1/users/ana", headers=org["headers"], json={
            "tools_auth": {provider["id"]: {"token": "ana-token-2"}}})
        assert resp.status_code == 200, resp.text
        assert call("ana") == "Bearer ana-token-2"
        assert call() == "Bearer org-token-1"
    finally:
        thread.close()
