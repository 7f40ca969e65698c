"""The credential vault: tools_auth on users, validation, encryption at rest, never returned."""
import uuid

from store import vault
from core import db
from store.models import UserCredential
from tests.factories import assert_problem, make_org
from tests.factories_identity import make_provider

SECRET = "tok-" + uuid.uuid4().hex


def _user_creds(org_id, user_id):
    with db.connection():
        return {pid: vault.credentials_for(org_id=org_id, user_id=user_id, provider_id=pid)
                for pid in [r.provider_id for r in UserCredential.select(UserCredential.provider)
                            .where(UserCredential.org == org_id)]}


def test_tools_auth_is_stored_encrypted_and_never_returned(client):
    org = make_org(client)
    bearer = make_provider(org["id"], auth={"type": "bearer"})
    basic = make_provider(org["id"], auth={"type": "basic"})
    body = {"user_id": "dana", "tools_auth": {
        bearer: {"token": SECRET, "base_url": "https://eu.api.example.com"},
        basic: {"username": "dana", "password": SECRET + "-pw"},
    }}
    resp = client.post("/v1/users", json=body, headers=org["headers"])
    assert resp.status_code == 201, resp.text
    assert SECRET not in resp.text
    assert resp.json()["user"]["tools_auth_providers"] == sorted([bearer, basic])
    for path in ("/v1/users/dana", "/v1/users", "/v1/tools-auth"):
        got = client.get(path, headers=org["headers"])
        assert got.status_code == 200 and SECRET not in got.text
    with db.connection():
        raw = [r.secret for r in UserCredential.select().where(UserCredential.org == org["id"])]
        assert len(raw) == 2 and all(SECRET not in r and "eu.api" not in r for r in raw)
        assert vault.credentials_for(org_id=org["id"], user_id="dana", provider_id=bearer) == {
            "token": SECRET, "base_url": "https://eu.api.example.com"}
        assert vault.credentials_for(org_id=org["id"], user_id="dana", provider_id=basic) == {
            "username": "dana", "password": SECRET + "-pw"}
        assert vault.credentials_for(org_id=org["id"], user_id="nobody", provider_id=basic) is None


def test_patch_replaces_entries_and_null_deletes(client):
    org = make_org(client)
    p1, p2 = make_provider(org["id"]), make_provider(org["id"])
    client.post("/v1/users", json={"user_id": "eve", "tools_auth": {p1: {"token": "a"}}},
                headers=org["headers"])
    resp = client.patch("/v1/users/eve", json={"tools_auth": {p2: {"token": "b"}}},
                        headers=org["headers"])
    assert resp.json()["user"]["tools_auth_providers"] == sorted([p1, p2])
    client.patch("/v1/users/eve", json={"tools_auth": {p1: {"token": "a2"}}}, headers=org["headers"])
    assert _user_creds(org["id"], "eve") == {p1: {"token": "a2"}, p2: {"token": "b"}}
    resp = client.patch("/v1/users/eve", json={"tools_auth": {p1: None}}, headers=org["headers"])
    assert resp.json()["user"]["tools_auth_providers"] == [p2]
    assert _user_creds(org["id"], "eve") == {p2: {"token": "b"}}
    # deleting what is not stored is not an error
    assert client.patch("/v1/users/eve", json={"tools_auth": {p1: None}},
                        headers=org["headers"]).status_code == 200


def test_unknown_or_foreign_provider_stores_nothing(client):
    org, other = make_org(client), make_org(client)
    mine, theirs = make_provider(org["id"]), make_provider(other["id"])
    client.post("/v1/users", json={"user_id": "fay"}, headers=org["headers"])
    for bad in (theirs, str(uuid.uuid4())):
        resp = client.patch("/v1/users/fay", json={"tools_auth": {mine: {"token": "x"}, bad: {"token": "y"}}},
                            headers=org["headers"])
        assert_problem(resp, 404, "tool_provider_not_found")
        resp = client.post("/v1/users", json={"user_id": "gus", "tools_auth": {bad: {"token": "y"}}},
                           headers=org["headers"])
        assert_problem(resp, 404, "tool_provider_not_found")
    assert _user_creds(org["id"], "fay") == {}
    assert_problem(client.get("/v1/users/gus", headers=org["headers"]), 404)
    assert_problem(client.patch("/v1/users/fay", json={"tools_auth": {"not-a-uuid": {"token": "y"}}},
                                headers=org["headers"]), 400)


def test_entry_fields_are_checked_against_the_provider(client):
    org = make_org(client)
    basic = make_provider(org["id"], auth={"type": "basic"})
    oauth = make_provider(org["id"], auth={"type": "oauth2", "authorize_url": "https://a.example/auth",
                                           "token_url": "https://a.example/token", "client_id": "c"})
    client.post("/v1/users", json={"user_id": "hal"}, headers=org["headers"])
    cases = [
        ({basic: {"token": SECRET}}, "invalid_credentials"),        # not a field of basic auth
        ({basic: {"username": "hal"}}, "invalid_credentials"),      # password missing
        ({basic: {}}, None),                                        # empty entry
        ({basic: {"username": "h", "password": 5}}, None),          # not a string
    ]
    for tools_auth, code in cases:
        resp = client.patch("/v1/users/hal", json={"tools_auth": tools_auth}, headers=org["headers"])
        body = assert_problem(resp, 400, code)
        assert SECRET not in body["detail"]
    ok = client.patch("/v1/users/hal", json={"tools_auth": {oauth: {"access_token": "at"}}},
                      headers=org["headers"])
    assert ok.status_code == 200  # refresh_token is optional for OAuth entries
    only_url = client.patch("/v1/users/hal", json={"tools_auth": {basic: {"base_url": "https://x.example.com"}}},
                            headers=org["headers"])
    assert only_url.status_code == 200  # a base_url override alone keeps provider credentials
    assert _user_creds(org["id"], "hal")[basic] == {"base_url": "https://x.example.com"}


def test_base_url_override_passes_the_ssrf_policy(client):
    org = make_org(client)
    pid = make_provider(org["id"])
    client.post("/v1/users", json={"user_id": "ivy"}, headers=org["headers"])
    for url in ("http://10.0.0.5/api", "http://169.254.169.254/latest", "http://localhost:8080",
                "http://[::1]/x", "ftp://example.com", "http://user:pw@example.com"):
        resp = client.patch("/v1/users/ivy", json={"tools_auth": {pid: {"token": "t", "base_url": url}}},
                            headers=org["headers"])
        code = resp.json()["code"]
        assert (resp.status_code, code) in ((403, "url_not_allowed"), (400, "invalid_url")), (url, resp.text)
    assert _user_creds(org["id"], "ivy") == {}
    allowed = client.patch("/v1/users/ivy", json={"tools_auth": {pid: {"token": "t", "base_url": "http://127.0.0.1:9/x"}}},
                           headers=org["headers"])
    assert allowed.status_code == 200  # the test settings allow-list 127.0.0.1


def test_validation_errors_do_not_echo_secrets(client):
    org = make_org(client)
    pid = make_provider(org["id"])
    client.post("/v1/users", json={"user_id": "jon"}, headers=org["headers"])
    resp = client.patch("/v1/users/jon", json={"tools_auth": {pid: {"token": SECRET * 300}}},
                        headers=org["headers"])
    body = assert_problem(resp, 400)
    assert SECRET not in resp.text and "maxLength" in body["detail"]


def test_tools_auth_catalog(client):
    org, other = make_org(client), make_org(client)
    make_provider(org["id"], name="a-bearer", auth={"type": "bearer"})
    make_provider(org["id"], name="b-key", auth={"type": "api_key", "in": "header", "name": "X-Key"})
    make_provider(org["id"], name="c-oauth", auth={"type": "oauth2", "authorize_url": "https://a/x",
                                                  "token_url": "https://a/t", "client_id": "c"})
    make_provider(org["id"], name="d-none", auth={"type": "none"}, type="mcp")
    make_provider(other["id"], name="foreign")
    resp = client.get("/v1/tools-auth", headers=org["headers"])
    assert resp.status_code == 200, resp.text
    items = resp.json()["providers"]
    assert [(p["name"], p["auth_type"], p["fields"], p["oauth_connect"]) for p in items] == [
        ("a-bearer", "bearer", ["token"], False),
        ("b-key", "api_key", ["api_key"], False),
        ("c-oauth", "oauth2", ["access_token", "refresh_token"], True),
        ("d-none", "none", [], False),
    ]
    assert items[2]["optional_fields"] == ["refresh_token"] and items[3]["type"] == "mcp"
