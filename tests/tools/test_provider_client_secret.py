"""An oauth2 provider's client secret set through the API: stored encrypted, never returned
(named in credentials_set), kept on updates that omit it, cleared with null, and used for the
token exchange."""
from __future__ import annotations

import httpx
import pytest

from core import db
from store.models import ToolProvider
from tests.factories import assert_problem, make_org
from tests.servers_identity import OAuthServer

SECRET = "csecret"  # the OAuth server's registered client secret


@pytest.fixture(scope="module")
def idp():
    with OAuthServer(client_secret=SECRET) as server:
        yield server


def _auth(idp, **extra) -> dict:
    return {"type": "oauth2", "authorize_url": f"{idp.url}/authorize",
            "token_url": f"{idp.url}/token", "client_id": "cid", "scopes": ["read"], **extra}


def _connect(client, settings, org, pid, user_id):
    resp = client.get(f"/v1/tool-providers/{pid}/oauth/authorize?user_id={user_id}",
                      headers=org["headers"])
    assert resp.status_code == 200, resp.text
    redirect = httpx.get(resp.json()["authorization_url"], follow_redirects=False, timeout=5)
    assert redirect.status_code == 302
    return client.get(redirect.headers["location"][len(settings.public_url):])


def _stored(pid) -> str:
    with db.connection():
        return ToolProvider.get_by_id(pid).secrets or ""


def test_client_secret_is_settable_write_only_and_used(client, settings, idp):
    org = make_org(client)
    created = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": "Calendar", "type": "api", "base_url": idp.url,
        "auth": _auth(idp, client_secret=SECRET)})
    assert created.status_code == 201, created.text
    provider = created.json()["tool_provider"]
    assert provider["auth"]["credentials_set"] == ["client_secret"]
    assert SECRET not in created.text and "client_secret\": \"" not in created.text
    assert SECRET not in _stored(provider["id"])  # encrypted at rest
    fetched = client.get(f"/v1/tool-providers/{provider['id']}", headers=org["headers"])
    assert SECRET not in fetched.text
    assert fetched.json()["tool_provider"]["auth"]["credentials_set"] == ["client_secret"]

    connected = _connect(client, settings, org, provider["id"], "u-1")
    assert connected.status_code == 200, connected.text
    assert idp.token_requests[-1]["client_secret"] == SECRET

    # an update of the auth that omits the secret keeps it
    kept = client.patch(f"/v1/tool-providers/{provider['id']}", headers=org["headers"],
                        json={"auth": _auth(idp, scopes=["read", "write"])})
    assert kept.status_code == 200, kept.text
    assert kept.json()["tool_provider"]["auth"]["credentials_set"] == ["client_secret"]
    assert _connect(client, settings, org, provider["id"], "u-2").status_code == 200

    # null clears it: the provider's token endpoint then refuses the client
    cleared = client.patch(f"/v1/tool-providers/{provider['id']}", headers=org["headers"],
                           json={"auth": _auth(idp, client_secret=None)})
    assert cleared.status_code == 200, cleared.text
    assert cleared.json()["tool_provider"]["auth"]["credentials_set"] == []
    assert_problem(_connect(client, settings, org, provider["id"], "u-3"), 400,
                   "oauth_exchange_failed")


def test_another_auth_type_does_not_take_a_client_secret(client):
    org = make_org(client)
    resp = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": "Bearer", "type": "api", "base_url": "https://api.example.com",
        "auth": {"type": "bearer", "client_secret": "x"}})
    assert_problem(resp, 400)


def test_changing_the_auth_type_drops_the_client_secret(client, idp):
    org = make_org(client)
    pid = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": "Switch", "type": "api", "base_url": idp.url,
        "auth": _auth(idp, client_secret=SECRET)}).json()["tool_provider"]["id"]
    bearer = client.patch(f"/v1/tool-providers/{pid}", headers=org["headers"],
                          json={"auth": {"type": "bearer"}})
    assert bearer.status_code == 200, bearer.text
    back = client.patch(f"/v1/tool-providers/{pid}", headers=org["headers"],
                        json={"auth": _auth(idp)})
    assert back.json()["tool_provider"]["auth"]["credentials_set"] == []


def test_end_users_cannot_set_the_providers_client_secret(client, idp):
    org = make_org(client)
    pid = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": "Users", "type": "api", "base_url": idp.url,
        "auth": _auth(idp)}).json()["tool_provider"]["id"]
    resp = client.post("/v1/users", headers=org["headers"], json={
        "user_id": "u-cs", "tools_auth": {pid: {"client_secret": "mine"}}})
    assert_problem(resp, 400, "invalid_credentials")
