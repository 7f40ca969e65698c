"""Authentication: bearer tokens, key hashing, revocation, organization context."""
import uuid

from store import keys
from core import db
from store.models import ApiKey
from tests.conftest import SECRET_KEY
from tests.factories import ADMIN, assert_problem, bearer, make_org
from tests.waiting import wait_until


def test_missing_malformed_unknown_tokens_are_401(client):
    assert_problem(client.get("/v1/organization"), 401, "unauthorized")
    assert_problem(client.get("/v1/organization", headers={"Authorization": "Basic abc"}), 401)
    assert_problem(client.get("/v1/organization", headers={"Authorization": "Bearer"}), 401)
    assert_problem(client.get("/v1/organization", headers=bearer("ap_not-a-key")), 401,
                   "invalid_token")
    assert_problem(client.get("/v1/organization", headers=bearer("something-else")), 401)


def test_api_key_reaches_its_own_org(client):
    org = make_org(client, "Acme")
    resp = client.get("/v1/organization", headers=org["headers"])
    assert resp.status_code == 200
    assert resp.json()["id"] == org["id"] and resp.json()["name"] == "Acme"
    same = client.get("/v1/organization", headers={**org["headers"], "X-Organization-Id": org["id"]})
    assert same.status_code == 200


def test_naming_another_org_is_403(client):
    a, b = make_org(client), make_org(client)
    resp = client.get("/v1/organization", headers={**b["headers"], "X-Organization-Id": a["id"]})
    assert_problem(resp, 403, "organization_forbidden")
    unknown = client.get("/v1/organization",
                         headers={**b["headers"], "X-Organization-Id": str(uuid.uuid4())})
    assert_problem(unknown, 403, "organization_forbidden")


def test_admin_names_any_org(client):
    a = make_org(client, "Named")
    resp = client.get("/v1/organization", headers={**ADMIN, "X-Organization-Id": a["id"]})
    assert resp.status_code == 200 and resp.json()["id"] == a["id"]
    assert_problem(client.get("/v1/organization", headers=ADMIN), 400, "organization_required")
    missing = client.get("/v1/organization", headers={**ADMIN, "X-Organization-Id": str(uuid.uuid4())})
    assert_problem(missing, 403, "organization_forbidden")


def test_api_key_cannot_use_admin_operations(client):
    org = make_org(client)
    resp = client.post("/v1/admin/orgs", json={"name": "x"}, headers=org["headers"])
    assert_problem(resp, 403, "credential_not_allowed")
    assert_problem(client.post("/v1/admin/orgs", json={"name": "x"},
                               headers=bearer("wrong-admin-token")), 401)


def test_keys_are_stored_hashed_with_a_visible_prefix(client):
    org = make_org(client)
    with db.connection():
        row = ApiKey.get_by_id(org["key_id"])
    assert row.key_hash == keys.hash_key(org["key"], SECRET_KEY)
    assert org["key"] not in (row.key_hash, row.prefix, row.name)
    assert org["key"].startswith(row.prefix) and len(row.prefix) < 12


def test_last_used_at_is_recorded_off_the_request_path(client):
    org = make_org(client)
    client.get("/v1/organization", headers=org["headers"])
    def last_used_at():
        with db.connection():
            return ApiKey.get_by_id(org["key_id"]).last_used_at

    wait_until(last_used_at, 5, "last_used_at to be written")


def test_revocation_takes_effect_on_the_next_request(client):
    org = make_org(client)
    assert client.get("/v1/organization", headers=org["headers"]).status_code == 200
    resp = client.delete(f"/v1/admin/api-keys/{org['key_id']}", headers=ADMIN)
    assert resp.status_code == 200 and resp.json()["revoked_at"]
    assert "key" not in resp.json()
    assert_problem(client.get("/v1/organization", headers=org["headers"]), 401, "invalid_token")
    again = client.delete(f"/v1/admin/api-keys/{org['key_id']}", headers=ADMIN)
    assert again.status_code == 200
    assert_problem(client.delete(f"/v1/admin/api-keys/{uuid.uuid4()}", headers=ADMIN), 404)


def test_revocation_is_seen_by_another_process(client, settings):
    """A key revoked through the database (as another process would) fails at once."""
    org = make_org(client)
    assert client.get("/v1/organization", headers=org["headers"]).status_code == 200
    with db.connection():
        keys.revoke(key_id=org["key_id"])
    assert_problem(client.get("/v1/organization", headers=org["headers"]), 401)


def test_admin_creates_keys_only_for_existing_orgs(client):
    resp = client.post(f"/v1/admin/orgs/{uuid.uuid4()}/api-keys", json={}, headers=ADMIN)
    assert_problem(resp, 404, "organization_not_found")
    org = make_org(client)
    resp = client.post(f"/v1/admin/orgs/{org['id']}/api-keys", headers=ADMIN)
    assert resp.status_code == 201 and resp.json()["name"] == "default"
    assert resp.json()["key"].startswith("ap_")
