"""Session tokens: mint, identity, refresh rotation, reuse detection, revocation, expiry."""
import dataclasses
import threading
import uuid

import pytest

from store import keys, sessions
from core import db
from store.models import AppUser, UserCredential, UserSession
from tests.factories import ADMIN, assert_problem, bearer, make_org
from tests.factories_identity import echo_app, make_provider, mint


@pytest.fixture(scope="module")
def app(settings):
    with echo_app(settings) as application:
        yield application


def whoami(client, token, **headers):
    return client.get("/v1/_echo/caller", headers={**bearer(token), **headers})


def test_mint_creates_the_user_and_carries_its_identity(client):
    org = make_org(client)
    tokens = mint(client, org, "sam")
    assert tokens["token_type"] == "Bearer" and tokens["expires_in"] == 900
    assert tokens["refresh_expires_in"] == 30 * 24 * 3600
    assert tokens["user_id"] == "sam" and tokens["group_id"] == "default"
    assert tokens["access_token"].startswith("st_") and tokens["refresh_token"].startswith("sr_")
    user = client.get("/v1/users/sam", headers=org["headers"])
    assert user.status_code == 200 and user.json()["user"]["group_id"] == "default"
    me = whoami(client, tokens["access_token"])
    assert me.status_code == 200, me.text
    body = me.json()
    assert body["kind"] == "sessionToken" and body["org_id"] == org["id"]
    assert body["user_id"] == "sam" and body["group_id"] == "default"
    assert body["key_id"] == org["key_id"] and body["session_id"]
    assert body["user_key"] == f"{org['id']}_sam"


def test_billing_group_rules(client):
    org = make_org(client)
    h = org["headers"]
    # unseen user with a group: the group is created, the user joins it, the session bills to it
    first = mint(client, org, "gina", group_id="team-a")
    assert first["group_id"] == "team-a"
    assert client.get("/v1/users/gina", headers=h).json()["user"]["group_id"] == "team-a"
    # no group given: the user's current group
    assert mint(client, org, "gina")["group_id"] == "team-a"
    # a given group bills this session only; the user's group stays
    assert mint(client, org, "gina", group_id="team-b")["group_id"] == "team-b"
    assert client.get("/v1/users/gina", headers=h).json()["user"]["group_id"] == "team-a"
    # a user whose group was removed from it falls back to Default
    client.patch("/v1/users/gina", json={"group_id": None}, headers=h)
    assert mint(client, org, "gina")["group_id"] == "default"


def test_mint_stores_tools_auth_like_patch(client):
    org = make_org(client)
    pid = make_provider(org["id"])
    secret = "tia-vault-secret-7f3c9a"
    tokens = mint(client, org, "tia", tools_auth={pid: {"token": secret}})
    assert secret not in str(tokens)
    assert client.get("/v1/users/tia", headers=org["headers"]).json()["user"][
        "tools_auth_providers"] == [pid]
    mint(client, org, "tia", tools_auth={pid: None})
    assert client.get("/v1/users/tia", headers=org["headers"]).json()["user"][
        "tools_auth_providers"] == []
    bad = client.post("/v1/sessions", json={"user_id": "ulf", "tools_auth": {str(uuid.uuid4()): {"token": "x"}}},
                      headers=org["headers"])
    assert_problem(bad, 404, "tool_provider_not_found")
    assert_problem(client.get("/v1/users/ulf", headers=org["headers"]), 404)


def test_only_api_keys_mint(client):
    org = make_org(client)
    tokens = mint(client, org)
    assert_problem(client.post("/v1/sessions", json={"user_id": "x"}, headers=bearer(tokens["access_token"])),
                   403, "credential_not_allowed")
    assert_problem(client.post("/v1/sessions", json={"user_id": "x"},
                               headers={**ADMIN, "X-Organization-Id": org["id"]}), 403)
    assert_problem(client.post("/v1/sessions", json={"user_id": "x"}), 401)
    assert_problem(client.post("/v1/sessions", json={}, headers=org["headers"]), 400)


def test_refresh_rotates_and_reuse_revokes(client):
    org = make_org(client)
    first = mint(client, org, "rita")
    second = client.post("/v1/sessions/refresh", json={"refresh_token": first["refresh_token"]})
    assert second.status_code == 200, second.text
    second = second.json()
    assert second["refresh_token"] != first["refresh_token"] and second["user_id"] == "rita"
    assert whoami(client, second["access_token"]).json()["session_id"] == whoami(
        client, first["access_token"]).json()["session_id"]
    third = client.post("/v1/sessions/refresh", json={"refresh_token": second["refresh_token"]})
    assert third.status_code == 200
    # a spent refresh token: the session is revoked, every token of it stops working
    reused = client.post("/v1/sessions/refresh", json={"refresh_token": first["refresh_token"]})
    assert_problem(reused, 401, "refresh_token_reused")
    assert_problem(whoami(client, third.json()["access_token"]), 401, "session_revoked")
    assert_problem(client.post("/v1/sessions/refresh", json={"refresh_token": third.json()["refresh_token"]}),
                   401, "session_revoked")
    # other sessions of the user are unaffected
    other = mint(client, org, "rita")
    assert whoami(client, other["access_token"]).status_code == 200


def test_bad_and_expired_tokens(client, settings):
    org = make_org(client)
    tokens = mint(client, org, "exp")
    access, refresh = tokens["access_token"], tokens["refresh_token"]
    assert_problem(whoami(client, access[:-3] + ("AAA" if not access.endswith("AAA") else "BBB")), 401,
                   "invalid_token")
    assert_problem(whoami(client, "st_" + access[3:].replace(".", "x", 1)), 401)
    assert_problem(whoami(client, refresh), 401)  # a refresh token is no bearer token
    assert_problem(client.post("/v1/sessions/refresh", json={"refresh_token": access}), 401,
                   "invalid_refresh_token")
    assert_problem(client.post("/v1/sessions/refresh", json={"refresh_token": "sr_x.1.2.sig"}), 401)
    short = dataclasses.replace(settings, session_access_ttl=-1, session_refresh_ttl=-1)
    with db.connection():
        expired = sessions.mint(org_id=org["id"], key_id=org["key_id"], user_id="exp", settings=short)
    assert_problem(whoami(client, expired["access_token"]), 401, "token_expired")
    assert_problem(client.post("/v1/sessions/refresh", json={"refresh_token": expired["refresh_token"]}),
                   401, "refresh_token_expired")
    other_secret = dataclasses.replace(settings, secret_key="another-secret")
    with db.connection():
        forged = sessions.mint(org_id=org["id"], key_id=org["key_id"], user_id="exp",
                               settings=other_secret)
    assert_problem(whoami(client, forged["access_token"]), 401, "invalid_token")


def test_revoking_the_key_ends_all_its_sessions(client):
    org = make_org(client)
    other_key = client.post(f"/v1/admin/orgs/{org['id']}/api-keys", json={}, headers=ADMIN).json()
    a, b = mint(client, org, "k1"), mint(client, org, "k2")
    c = client.post("/v1/sessions", json={"user_id": "k3"}, headers=bearer(other_key["key"])).json()
    for t in (a, b, c):
        assert whoami(client, t["access_token"]).status_code == 200
    # revoked through the database, as another process would
    with db.connection():
        keys.revoke(key_id=org["key_id"])
    for t in (a, b):
        assert_problem(whoami(client, t["access_token"]), 401, "session_revoked")
        assert_problem(client.post("/v1/sessions/refresh", json={"refresh_token": t["refresh_token"]}), 401)
    assert whoami(client, c["access_token"]).status_code == 200
    client.delete(f"/v1/admin/api-keys/{other_key['id']}", headers=ADMIN)
    assert_problem(whoami(client, c["access_token"]), 401, "session_revoked")


def test_deleting_the_user_ends_its_sessions(client):
    org = make_org(client)
    tokens = mint(client, org, "gone")
    client.delete("/v1/users/gone", headers=org["headers"])
    assert_problem(whoami(client, tokens["access_token"]), 401, "session_revoked")


def test_user_header_rules(client):
    org, other = make_org(client), make_org(client)
    tokens = mint(client, org, "hank")
    assert whoami(client, tokens["access_token"], **{"X-User-Id": "hank"}).status_code == 200
    assert_problem(whoami(client, tokens["access_token"], **{"X-User-Id": "someone"}), 403,
                   "user_forbidden")
    assert_problem(whoami(client, tokens["access_token"], **{"X-Organization-Id": other["id"]}), 403,
                   "organization_forbidden")
    by_key = client.get("/v1/_echo/caller", headers={**org["headers"], "X-User-Id": "ivan"}).json()
    assert by_key["kind"] == "apiKey" and by_key["user_id"] == "ivan"
    assert by_key["user_key"] == f"{org['id']}_ivan" and by_key["group_id"] is None
    no_user = client.get("/v1/_echo/caller", headers=org["headers"]).json()
    assert no_user["user_id"] is None and no_user["user_key"] is None
    assert_problem(client.get("/v1/_echo/caller", headers={**org["headers"], "X-User-Id": "a/b"}),
                   400)
    assert_problem(client.get("/v1/users", headers={**org["headers"], "X-User-Id": "a b"}),
                   400, "invalid_user_id")


def test_concurrent_mints_for_one_new_user_make_one_row(client, settings):
    org = make_org(client)
    errors, results = [], []

    def run():
        try:
            with db.connection():
                results.append(sessions.mint(org_id=org["id"], key_id=org["key_id"],
                                             user_id="crowd", group_id="crowd-group",
                                             settings=settings))
        except Exception as exc:  # collected and asserted below
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len(results) == 20
    with db.connection():
        assert AppUser.select().where(AppUser.org == org["id"], AppUser.user_id == "crowd").count() == 1
        assert UserSession.select().where(UserSession.org == org["id"]).count() == 20
        assert UserCredential.select().where(UserCredential.org == org["id"]).count() == 0


def test_reach_check_lets_sessions_into_listed_operations(client, app):
    from server.app import load_spec
    from tests.reach_identity import check_session_reach

    org = make_org(client)
    checked = check_session_reach(client, load_spec(), mint(client, org)["access_token"])
    assert "echo_caller" in checked["reachable"]
    assert "create_session" in checked["refused"]


def test_one_identification_per_request(client, monkeypatch):
    """A token of a listed class is identified once (in authorize), not also in the reach check."""
    from server import auth

    org = make_org(client)
    token = mint(client, org)["access_token"]
    calls = []
    original = auth._identify
    monkeypatch.setattr(auth, "_identify", lambda *a: calls.append(1) or original(*a))
    assert whoami(client, token).status_code == 200
    assert client.get("/v1/_echo/caller", headers=org["headers"]).status_code == 200
    assert len(calls) == 2
    # a token of a class the operation does not list is identified once, in the reach check
    assert_problem(client.post("/v1/sessions", json={}, headers=bearer(token)), 403)
    assert len(calls) == 3
