"""POST /v1/tools/{toolId}/execute injects the calling end user's stored credentials, which win
over the provider's, for an API key with X-User-Id and for a session token alike."""
import pytest

from tests.factories import make_org
from tests.factories_tools import EchoServer, make_provider, make_tool


@pytest.fixture(scope="module")
def echo():
    server = EchoServer()
    yield server
    server.close()


def _execute(client, tool, headers):
    resp = client.post(f"/v1/tools/{tool['id']}/execute", json={"input": {}}, headers=headers)
    assert resp.status_code == 200, resp.text
    assert resp.json()["status"] == "succeeded", resp.text
    return resp.json()


def test_the_users_entry_wins_over_the_providers(client, echo):
    org = make_org(client)
    provider = make_provider(client, org, base_url=echo.url,
                             auth={"type": "bearer", "token": "provider-token-1"})
    tool = make_tool(client, org, provider["id"], path="/who")
    resp = client.post("/v1/users", json={"user_id": "ana", "tools_auth": {
        provider["id"]: {"token": "ana-token-2"}}}, headers=org["headers"])
    assert resp.status_code == 201, resp.text

    _execute(client, tool, org["headers"])  # no end user: the provider's credentials
    assert echo.seen[-1]["headers"]["authorization"] == "Bearer provider-token-1"

    result = _execute(client, tool, {**org["headers"], "X-User-Id": "ana"})
    assert echo.seen[-1]["headers"]["authorization"] == "Bearer ana-token-2"
    assert "ana-token-2" not in str(result)

    _execute(client, tool, {**org["headers"], "X-User-Id": "bob"})  # no entry: the provider's
    assert echo.seen[-1]["headers"]["authorization"] == "Bearer provider-token-1"

    minted = client.post("/v1/sessions", json={"user_id": "ana"}, headers=org["headers"])
    assert minted.status_code == 201, minted.text
    session = {"Authorization": f"Bearer {minted.json()['access_token']}"}
    _execute(client, tool, session)
    assert echo.seen[-1]["headers"]["authorization"] == "Bearer ana-token-2"


def test_the_users_base_url_override_is_used(client, echo):
    org = make_org(client)
    provider = make_provider(client, org, base_url="http://127.0.0.1:9/unused",
                             auth={"type": "bearer", "token": "p"})
    tool = make_tool(client, org, provider["id"], path="/here")
    client.post("/v1/users", json={"user_id": "cy", "tools_auth": {
        provider["id"]: {"token": "cy-token", "base_url": echo.url + "/mine"}}}, headers=org["headers"])
    result = _execute(client, tool, {**org["headers"], "X-User-Id": "cy"})
    assert result["output"]["path"] == "/mine/here"
    assert echo.seen[-1]["headers"]["authorization"] == "Bearer cy-token"


def test_the_orgs_credential_never_goes_to_a_users_base_url(client, echo):
    """A user's entry that overrides base_url without credentials of its own calls that URL
    without the provider's (organization's) credentials, unless the provider allows it."""
    org = make_org(client)
    provider = make_provider(client, org, base_url=echo.url + "/own",
                             auth={"type": "api_key", "in": "query", "name": "key",
                                   "api_key": "org-secret-key-1"})
    assert provider["send_credentials_to_user_base_url"] is False
    tool = make_tool(client, org, provider["id"], path="/q")
    client.post("/v1/users", json={"user_id": "eve", "tools_auth": {
        provider["id"]: {"base_url": echo.url + "/evil"}}}, headers=org["headers"])
    result = _execute(client, tool, {**org["headers"], "X-User-Id": "eve"})
    assert result["output"]["path"] == "/evil/q"
    assert "org-secret-key-1" not in str(echo.seen[-1])
    _execute(client, tool, org["headers"])  # the provider's own URL still gets it
    assert echo.seen[-1]["path"] == "/own/q" and "org-secret-key-1" in str(echo.seen[-1])
    # the provider opts in: its credentials follow the override
    resp = client.patch(f"/v1/tool-providers/{provider['id']}",
                        json={"send_credentials_to_user_base_url": True}, headers=org["headers"])
    assert resp.status_code == 200 and resp.json()["tool_provider"][
        "send_credentials_to_user_base_url"] is True
    _execute(client, tool, {**org["headers"], "X-User-Id": "eve"})
    assert echo.seen[-1]["path"] == "/evil/q" and "org-secret-key-1" in str(echo.seen[-1])
