"""Cross-org isolation: org B's key never sees or changes org A's rows."""
from tests.factories import ADMIN, assert_problem, make_org


def test_each_key_sees_only_its_own_org(client):
    a, b = make_org(client, "A"), make_org(client, "B")
    assert client.get("/v1/organization", headers=a["headers"]).json()["id"] == a["id"]
    assert client.get("/v1/organization", headers=b["headers"]).json()["id"] == b["id"]
    assert_problem(client.get("/v1/organization",
                              headers={**b["headers"], "X-Organization-Id": a["id"]}), 403)


def test_an_org_key_cannot_mint_keys_for_any_org(client):
    a, b = make_org(client), make_org(client)
    for org in (a, b):
        resp = client.post(f"/v1/admin/orgs/{a['id']}/api-keys", json={}, headers=org["headers"])
        assert_problem(resp, 403, "credential_not_allowed")
    assert client.post(f"/v1/admin/orgs/{a['id']}/api-keys", json={}, headers=ADMIN).status_code == 201
