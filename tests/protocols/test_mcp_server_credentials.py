"""`/mcp` turns carry the end user: the user's stored tool credentials are injected server
side (never seen by the MCP client: an echoed credential is masked in the answer), and the
run and its spend are recorded for the user and the user's group."""
import asyncio

import pytest

from tests.factories import make_org
from tests.factories_copilots import make_agent
from tests.factories_exposures import ECHO, expose, mcp_client, served  # noqa: F401
from tests.factories_identity import mint
from tests.factories_tools import EchoServer, make_provider, make_tool


@pytest.fixture(scope="module")
def echo():
    server = EchoServer()
    yield server
    server.close()


def test_the_users_credentials_are_injected_and_masked(client, echo, served):
    org = make_org(client)
    provider = make_provider(client, org, base_url=echo.url,
                             auth={"type": "bearer", "token": "provider-token-1"})
    tool = make_tool(client, org, provider["id"], name="who", path="/who")
    agent = make_agent(client, org, model=ECHO, tool_ids=[tool["id"]])
    expose(client, org, "agent", agent["id"], "whoami")
    client.post("/v1/groups", json={"group_id": "team-x"}, headers=org["headers"])
    resp = client.post("/v1/users", json={"user_id": "ana", "group_id": "team-x", "tools_auth": {
        provider["id"]: {"token": "ana-token-2"}}}, headers=org["headers"])
    assert resp.status_code == 201, resp.text
    session = {"Authorization": f"Bearer {mint(client, org, 'ana')['access_token']}"}

    async def call(headers):
        async with mcp_client(served.url, headers) as mcp:
            return await mcp.call_tool("whoami", {"message": "call who"})

    for headers in ({**org["headers"], "X-User-Id": "ana"}, session):
        result = asyncio.run(call(headers))
        assert echo.seen[-1]["headers"]["authorization"] == "Bearer ana-token-2"
        said = result.content[0].text + str(result.structured_content)
        assert said.startswith("who: ") and "ana-token-2" not in said
    asyncio.run(call(org["headers"]))  # no end user: the provider's credentials
    assert echo.seen[-1]["headers"]["authorization"] == "Bearer provider-token-1"
    runs = client.get("/v1/runs", params={"user_id": "ana"}, headers=org["headers"]).json()
    assert len(runs["runs"]) == 2
    assert {r["group_id"] for r in runs["runs"]} == {"team-x"}
