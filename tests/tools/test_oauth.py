"""OAuth tools against a real OAuth server of the test suite on 127.0.0.1."""
import dataclasses
import time
import uuid
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from runtime.tools import oauth
from store import vault
from core import db
from store.errors import Forbidden
from tests.factories import assert_problem, make_org
from tests.factories_identity import make_provider
from tests.servers_identity import OAuthServer


@pytest.fixture(scope="module")
def idp():
    with OAuthServer() as server:
        yield server


def _oauth_provider(org_id, url, **auth):
    return make_provider(org_id, secrets={"client_secret": "csecret"}, auth={
        "type": "oauth2", "authorize_url": f"{url}/authorize", "token_url": f"{url}/token",
        "client_id": "cid", "scopes": ["read", "write"], **auth})


def _connect(client, settings, org, pid, user_id):
    resp = client.get(f"/v1/tool-providers/{pid}/oauth/authorize?user_id={user_id}",
                      headers=org["headers"])
    assert resp.status_code == 200, resp.text
    body = resp.json()
    assert body["redirect_uri"] == f"{settings.public_url}/{pid}/callback"
    redirect = httpx.get(body["authorization_url"], follow_redirects=False, timeout=5)
    assert redirect.status_code == 302
    location = redirect.headers["location"]
    assert location.startswith(body["redirect_uri"] + "?")
    return client.get(location[len(settings.public_url):])  # the browser, without a bearer token


def test_authorize_url_carries_a_signed_state(client, settings, idp):
    org = make_org(client)
    pid = _oauth_provider(org["id"], idp.url)
    resp = client.get(f"/v1/tool-providers/{pid}/oauth/authorize?user_id=u1", headers=org["headers"])
    assert resp.status_code == 200, resp.text
    body = resp.json()
    parts = urlsplit(body["authorization_url"])
    q = {k: v[0] for k, v in parse_qs(parts.query).items()}
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == f"{idp.url}/authorize"
    challenge = q.pop("code_challenge")
    assert q == {"response_type": "code", "client_id": "cid", "redirect_uri": body["redirect_uri"],
                 "state": body["state"], "scope": "read write", "code_challenge_method": "S256"}
    assert len(challenge) == 43 and "=" not in challenge
    assert body["expires_in"] == settings.oauth_state_ttl
    assert "csecret" not in resp.text


def test_callback_exchanges_the_code_and_stores_tokens(client, settings, idp):
    org = make_org(client)
    pid = _oauth_provider(org["id"], idp.url)
    resp = _connect(client, settings, org, pid, "new-user")
    assert resp.status_code == 200, resp.text
    assert resp.json() == {"status": "connected", "provider_id": pid, "user_id": "new-user"}
    issued = idp.issued[-1]
    assert issued["access_token"] not in resp.text and issued["refresh_token"] not in resp.text
    exchange = idp.token_requests[-1]
    assert exchange["grant_type"] == "authorization_code"
    assert exchange["redirect_uri"] == f"{settings.public_url}/{pid}/callback"
    with db.connection():
        entry = vault.credentials_for(org_id=org["id"], user_id="new-user", provider_id=pid)
    assert entry["access_token"] == issued["access_token"]
    assert entry["refresh_token"] == issued["refresh_token"]
    assert int(entry["expires_at"]) > time.time() + 3000
    user = client.get("/v1/users/new-user", headers=org["headers"]).json()["user"]
    assert user["tools_auth_providers"] == [pid]
    # the code is single-use at the provider: replaying the callback fails, nothing changes
    replay = client.get(idp_location := f"/{pid}/callback?code=used&state={_state(client, org, pid)}")
    assert_problem(replay, 400, "oauth_exchange_failed")
    assert idp_location


def _state(client, org, pid, user_id="new-user"):
    return client.get(f"/v1/tool-providers/{pid}/oauth/authorize?user_id={user_id}",
                      headers=org["headers"]).json()["state"]


def test_state_is_verified(client, settings, idp):
    org = make_org(client)
    pid = _oauth_provider(org["id"], idp.url)
    state = _state(client, org, pid)
    assert_problem(client.get(f"/{pid}/callback?code=x&state={state[:-2]}xx"), 403,
                   "invalid_oauth_state")
    other = _oauth_provider(org["id"], idp.url)
    assert_problem(client.get(f"/{other}/callback?code=x&state={state}"), 403, "invalid_oauth_state")
    assert_problem(client.get(f"/{pid}/callback?error=access_denied&state={state}"), 400, "oauth_denied")
    assert_problem(client.get(f"/{pid}/callback?state={state}"), 400, "oauth_code_missing")
    assert_problem(client.get(f"/{pid}/callback?code=x"), 400)
    expired = dataclasses.replace(settings, oauth_state_ttl=-1)
    with db.connection(), pytest.raises(Forbidden) as exc:
        oauth.complete(integration=pid, state=state, code="x", error=None, settings=expired)
    assert exc.value.code == "oauth_state_expired"


def test_authorize_checks_provider_and_user(client, idp):
    org, other = make_org(client), make_org(client)
    pid = _oauth_provider(org["id"], idp.url)
    plain = make_provider(org["id"], auth={"type": "bearer"})
    foreign = _oauth_provider(other["id"], idp.url)
    h = org["headers"]
    assert_problem(client.get(f"/v1/tool-providers/{plain}/oauth/authorize?user_id=u", headers=h),
                   409, "provider_not_oauth")
    assert_problem(client.get(f"/v1/tool-providers/{foreign}/oauth/authorize?user_id=u", headers=h),
                   404, "tool_provider_not_found")
    assert_problem(client.get(f"/v1/tool-providers/{uuid.uuid4()}/oauth/authorize?user_id=u",
                              headers=h), 404)
    # the end user is a required query parameter
    assert_problem(client.get(f"/v1/tool-providers/{pid}/oauth/authorize", headers=h), 400,
                   "invalid_request")
    assert_problem(client.get(f"/v1/tool-providers/{pid}/oauth/authorize",
                              headers={**h, "X-User-Id": "hdr-user"}), 400, "invalid_request")


def test_tokens_are_refreshed_when_they_expire(client, settings, idp):
    org = make_org(client)
    pid = _oauth_provider(org["id"], idp.url)
    idp.expires_in = 30  # within the refresh margin
    try:
        assert _connect(client, settings, org, pid, "refresher").status_code == 200
    finally:
        idp.expires_in = 3600
    first = idp.issued[-1]
    with db.connection():
        fresh = oauth.fresh_credentials(org_id=org["id"], user_id="refresher", provider_id=pid)
        assert idp.token_requests[-1]["grant_type"] == "refresh_token"
        assert idp.token_requests[-1]["refresh_token"] == first["refresh_token"]
        second = idp.issued[-1]
        assert fresh["access_token"] == second["access_token"] != first["access_token"]
        assert fresh["refresh_token"] == second["refresh_token"]
        stored = vault.credentials_for(org_id=org["id"], user_id="refresher", provider_id=pid)
        assert stored == fresh
        # valid for an hour now: no further token request
        count = len(idp.token_requests)
        assert oauth.fresh_credentials(org_id=org["id"], user_id="refresher", provider_id=pid) == fresh
        assert len(idp.token_requests) == count
        # non-OAuth entries come back unchanged
        assert oauth.fresh_credentials(org_id=org["id"], user_id="nobody", provider_id=pid) is None


def test_failed_refresh_keeps_the_stored_entry(client, settings, idp):
    org = make_org(client)
    pid = _oauth_provider(org["id"], idp.url)
    idp.expires_in = 1
    try:
        assert _connect(client, settings, org, pid, "stale").status_code == 200
    finally:
        idp.expires_in = 3600
    idp.fail_token_endpoint = True
    try:
        with db.connection():
            before = vault.credentials_for(org_id=org["id"], user_id="stale", provider_id=pid)
            assert oauth.fresh_credentials(org_id=org["id"], user_id="stale", provider_id=pid) == before
    finally:
        idp.fail_token_endpoint = False


def test_token_endpoint_failures(client, settings, idp):
    org = make_org(client)
    pid = _oauth_provider(org["id"], idp.url)
    idp.fail_token_endpoint = True
    try:
        assert_problem(_connect(client, settings, org, pid, "u-fail"), 400, "oauth_exchange_failed")
    finally:
        idp.fail_token_endpoint = False
    dead = _oauth_provider(org["id"], idp.url, token_url="http://127.0.0.1:9/token")
    state = _state(client, org, dead, "u-dead")
    assert_problem(client.get(f"/{dead}/callback?code=x&state={state}"), 503,
                   "oauth_provider_unavailable")
    private = _oauth_provider(org["id"], idp.url, token_url="http://10.255.0.1/token")
    state = _state(client, org, private, "u-private")
    assert_problem(client.get(f"/{private}/callback?code=x&state={state}"), 403, "url_not_allowed")
    wrong_secret = make_provider(org["id"], secrets={"client_secret": "wrong"}, auth={
        "type": "oauth2", "authorize_url": f"{idp.url}/authorize", "token_url": f"{idp.url}/token",
        "client_id": "cid"})
    assert_problem(_connect(client, settings, org, wrong_secret, "u-ws"), 400, "oauth_exchange_failed")
    assert_problem(client.get("/v1/users/u-fail", headers=org["headers"]), 404)
