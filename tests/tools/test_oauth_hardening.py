"""OAuth tools against the suite's OAuth server (which requires PKCE S256 and checks the
client's authentication): single-use states, client_secret_basic, junk token responses."""
import base64
import hashlib
import threading
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from store import vault
from core import db
from tests.factories import assert_problem, make_org
from tests.factories_identity import make_provider
from tests.servers_identity import OAuthServer


@pytest.fixture()
def idp():
    with OAuthServer(client_secret="c:s%cret+/=") as server:
        yield server


def _provider(org_id, idp, **auth):
    return make_provider(org_id, secrets={"client_secret": idp.client_secret}, auth={
        "type": "oauth2", "authorize_url": f"{idp.url}/authorize", "token_url": f"{idp.url}/token",
        "client_id": "cid", **auth})


def _authorize(client, org, pid, user_id):
    resp = client.get(f"/v1/tool-providers/{pid}/oauth/authorize?user_id={user_id}",
                      headers=org["headers"])
    assert resp.status_code == 200, resp.text
    return resp.json()


def _callback_path(settings, authorization_url):
    """Follow the provider's authorization page: the callback path with a fresh code."""
    redirect = httpx.get(authorization_url, follow_redirects=False, timeout=5)
    assert redirect.status_code == 302, redirect.text
    return redirect.headers["location"][len(settings.public_url):]


def _stored(org, user_id, pid):
    with db.connection():
        return vault.credentials_for(org_id=org["id"], user_id=user_id, provider_id=pid)


def test_every_authorization_uses_pkce_s256(client, settings, idp):
    org = make_org(client)
    pid = _provider(org["id"], idp)
    body = _authorize(client, org, pid, "pk")
    query = {k: v[0] for k, v in parse_qs(urlsplit(body["authorization_url"]).query).items()}
    assert query["code_challenge_method"] == "S256"
    assert client.get(_callback_path(settings, body["authorization_url"])).status_code == 200
    verifier = idp.token_requests[-1]["code_verifier"]
    assert 43 <= len(verifier) <= 128
    digest = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=")
    assert digest.decode() == query["code_challenge"]
    second = _authorize(client, org, pid, "pk")  # a fresh verifier per authorization
    again = {k: v[0] for k, v in parse_qs(urlsplit(second["authorization_url"]).query).items()}
    assert again["code_challenge"] != query["code_challenge"]


def test_a_state_is_good_once(client, settings, idp):
    org = make_org(client)
    pid = _provider(org["id"], idp)
    body = _authorize(client, org, pid, "once")
    assert client.get(_callback_path(settings, body["authorization_url"])).status_code == 200
    first = _stored(org, "once", pid)
    exchanges = len(idp.token_requests)
    # the same state with a new, valid code from the provider: refused, nothing overwritten
    replay = client.get(_callback_path(settings, body["authorization_url"]))
    assert_problem(replay, 403, "oauth_state_used")
    assert _stored(org, "once", pid) == first
    assert len(idp.token_requests) == exchanges


def test_concurrent_callbacks_with_one_state_store_once(client, settings, idp):
    org = make_org(client)
    pid = _provider(org["id"], idp)
    body = _authorize(client, org, pid, "race")
    paths = [_callback_path(settings, body["authorization_url"]) for _ in range(4)]
    statuses = []
    threads = [threading.Thread(target=lambda p=p: statuses.append(client.get(p).status_code))
               for p in paths]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(statuses) == [200, 403, 403, 403]


def test_client_secret_basic(client, settings, idp):
    idp.client_auth = "client_secret_basic"
    org = make_org(client)
    pid = _provider(org["id"], idp, token_endpoint_auth_method="client_secret_basic")
    shown = client.get(f"/v1/tool-providers/{pid}", headers=org["headers"])  # answer validated
    assert shown.status_code == 200, shown.text
    assert shown.json()["tool_provider"]["auth"]["token_endpoint_auth_method"] == \
        "client_secret_basic"
    body = _authorize(client, org, pid, "basic-user")
    resp = client.get(_callback_path(settings, body["authorization_url"]))
    assert resp.status_code == 200, resp.text
    assert idp.client_auth_used[-1] == "client_secret_basic"
    assert "client_secret" not in idp.token_requests[-1]
    assert _stored(org, "basic-user", pid)["access_token"] == idp.issued[-1]["access_token"]
    # a post-method provider is refused by a server that wants basic: the methods differ
    post = _provider(org["id"], idp)
    body = _authorize(client, org, post, "post-user")
    assert_problem(client.get(_callback_path(settings, body["authorization_url"])), 400,
                   "oauth_exchange_failed")
    assert idp.client_auth_used[-1] == "client_secret_post"


def test_unknown_token_endpoint_auth_method_is_refused(client):
    org = make_org(client)
    resp = client.post("/v1/tool-providers", json={
        "name": "bad-method", "type": "api", "base_url": "https://api.example.com",
        "auth": {"type": "oauth2", "authorize_url": "https://idp.example.com/a",
                 "token_url": "https://idp.example.com/t", "client_id": "c",
                 "token_endpoint_auth_method": "private_key_jwt"}}, headers=org["headers"])
    assert_problem(resp, 400)


@pytest.mark.parametrize("junk", [{"expires_in": "soon"}, {"expires_in": [1]},
                                  {"access_token": 12}, {"refresh_token": {"a": 1}},
                                  {"expires_in": True}, {"access_token": "tok\x00en"},
                                  {"access_token": "tok\ud800"},
                                  {"refresh_token": "ref\x00resh"}])
def test_junk_from_the_token_endpoint_is_a_502(client, settings, idp, junk):
    idp.junk = junk
    org = make_org(client)
    pid = _provider(org["id"], idp)
    body = _authorize(client, org, pid, "junk-user")
    resp = client.get(_callback_path(settings, body["authorization_url"]))
    problem = assert_problem(resp, 502, "oauth_provider_bad_response")
    assert "answered badly" in problem["detail"]
    assert_problem(client.get("/v1/users/junk-user", headers=org["headers"]), 404)
