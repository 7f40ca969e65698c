"""Users and groups: CRUD, the Default group, spend of the month, org isolation."""
import datetime as dt
import uuid

from store import spend
from core import db
from tests.factories import assert_problem, make_org
from tests.factories_identity import make_provider


def test_create_get_list_users(client):
    org = make_org(client)
    resp = client.post("/v1/users", json={"user_id": "alice@example.com", "display_name": "Alice"},
                       headers=org["headers"])
    assert resp.status_code == 201, resp.text
    user = resp.json()["user"]
    assert user["user_id"] == "alice@example.com" and user["display_name"] == "Alice"
    assert user["group_id"] == "default"
    assert user["key"] == f"{org['id']}_alice@example.com"
    assert user["tools_auth_providers"] == []
    got = client.get("/v1/users/alice@example.com", headers=org["headers"])
    assert got.status_code == 200 and got.json()["user"] == user
    dup = client.post("/v1/users", json={"user_id": "alice@example.com"}, headers=org["headers"])
    assert_problem(dup, 409, "user_exists")
    for i in range(3):
        client.post("/v1/users", json={"user_id": f"u{i}"}, headers=org["headers"])
    page = client.get("/v1/users?limit=2", headers=org["headers"]).json()
    assert [u["user_id"] for u in page["users"]] == ["alice@example.com", "u0"]
    rest = client.get(f"/v1/users?limit=2&cursor={page['next_cursor']}", headers=org["headers"]).json()
    assert [u["user_id"] for u in rest["users"]] == ["u1", "u2"] and rest["next_cursor"] is None


def test_user_ids_are_per_org_and_isolated(client):
    a, b = make_org(client), make_org(client)
    assert client.post("/v1/users", json={"user_id": "same"}, headers=a["headers"]).status_code == 201
    assert client.post("/v1/users", json={"user_id": "same"}, headers=b["headers"]).status_code == 201
    client.patch("/v1/users/same", json={"display_name": "A's"}, headers=a["headers"])
    assert client.get("/v1/users/same", headers=b["headers"]).json()["user"]["display_name"] is None
    client.post("/v1/users", json={"user_id": "only-a"}, headers=a["headers"])
    assert_problem(client.get("/v1/users/only-a", headers=b["headers"]), 404, "user_not_found")
    assert_problem(client.patch("/v1/users/only-a", json={}, headers=b["headers"]), 404)
    assert_problem(client.delete("/v1/users/only-a", headers=b["headers"]), 404)
    assert [u["user_id"] for u in client.get("/v1/users", headers=b["headers"]).json()["users"]] == ["same"]


def test_user_id_shape_is_validated(client):
    org = make_org(client)
    for bad in ("", "a/b", "has space", "x" * 201):
        assert_problem(client.post("/v1/users", json={"user_id": bad}, headers=org["headers"]), 400)
    assert_problem(client.post("/v1/users", json={"user_id": "x", "extra": 1},
                               headers=org["headers"]), 400)


def test_patch_user_group_and_name(client):
    org = make_org(client)
    client.post("/v1/users", json={"user_id": "bob"}, headers=org["headers"])
    resp = client.patch("/v1/users/bob", json={"display_name": "Bob", "group_id": "team-x"},
                        headers=org["headers"])
    assert resp.status_code == 200, resp.text
    assert resp.json()["user"]["group_id"] == "team-x" and resp.json()["user"]["display_name"] == "Bob"
    # a group named before it was created exists now
    group = client.get("/v1/groups/team-x", headers=org["headers"])
    assert group.status_code == 200 and group.json()["group"]["display_name"] == "team-x"
    listed = client.get("/v1/users?group_id=team-x", headers=org["headers"]).json()["users"]
    assert [u["user_id"] for u in listed] == ["bob"]
    back = client.patch("/v1/users/bob", json={"group_id": None}, headers=org["headers"])
    assert back.json()["user"]["group_id"] == "default"
    assert [u["user_id"] for u in client.get("/v1/users?group_id=default",
                                             headers=org["headers"]).json()["users"]] == ["bob"]
    assert_problem(client.get("/v1/users?group_id=nope", headers=org["headers"]), 404,
                   "group_not_found")


def test_delete_user_removes_credentials(client):
    org = make_org(client)
    pid = make_provider(org["id"])
    client.post("/v1/users", json={"user_id": "carol", "tools_auth": {pid: {"token": "t-123"}}},
                headers=org["headers"])
    assert client.get("/v1/users/carol", headers=org["headers"]).json()["user"][
        "tools_auth_providers"] == [pid]
    assert client.delete("/v1/users/carol", headers=org["headers"]).status_code == 204
    assert_problem(client.get("/v1/users/carol", headers=org["headers"]), 404)
    from store.models import UserCredential
    with db.connection():
        assert UserCredential.select().where(UserCredential.provider == pid).count() == 0
    again = client.post("/v1/users", json={"user_id": "carol"}, headers=org["headers"])
    assert again.json()["user"]["tools_auth_providers"] == []


def test_groups_default_create_patch_cap(client):
    org = make_org(client)
    groups = client.get("/v1/groups", headers=org["headers"]).json()["groups"]
    assert [(g["group_id"], g["display_name"], g["is_default"]) for g in groups] == [("default", "Default", True)]
    resp = client.post("/v1/groups", json={"group_id": "sales", "display_name": "Sales", "spend_cap_usd": 25.5},
                       headers=org["headers"])
    assert resp.status_code == 201, resp.text
    group = resp.json()["group"]
    assert group["spend_cap_usd"] == 25.5 and group["spend_usd_month"] == 0 and not group["is_default"]
    assert_problem(client.post("/v1/groups", json={"group_id": "sales"}, headers=org["headers"]),
                   409, "group_exists")
    renamed = client.patch("/v1/groups/sales", json={"display_name": "Sales EU"},
                           headers=org["headers"])
    assert renamed.json()["group"]["display_name"] == "Sales EU"
    assert renamed.json()["group"]["spend_cap_usd"] == 25.5
    uncapped = client.patch("/v1/groups/sales", json={"spend_cap_usd": None}, headers=org["headers"])
    assert uncapped.json()["group"]["spend_cap_usd"] is None
    assert_problem(client.patch("/v1/groups/sales", json={"spend_cap_usd": -1},
                                headers=org["headers"]), 400)
    other = make_org(client)
    assert_problem(client.get("/v1/groups/sales", headers=other["headers"]), 404, "group_not_found")
    assert_problem(client.patch("/v1/groups/sales", json={"display_name": "x"}, headers=other["headers"]), 404)


def test_group_shows_spend_of_current_month(client, settings):
    org = make_org(client)
    client.post("/v1/groups", json={"group_id": "eng"}, headers=org["headers"])
    with db.connection():
        spend.record(org_id=org["id"], group_id="eng", cost_usd=1.25)
        spend.record(org_id=org["id"], group_id="eng", cost_usd=0.000001)
        spend.record(org_id=org["id"], group_id="eng", cost_usd=3, at=dt.datetime(2000, 1, 15))
    group = client.get("/v1/groups/eng", headers=org["headers"]).json()["group"]
    assert group["spend_usd_month"] == 1.250001
    listed = {g["group_id"]: g for g in client.get("/v1/groups", headers=org["headers"]).json()["groups"]}
    assert listed["eng"]["spend_usd_month"] == 1.250001 and listed["default"]["spend_usd_month"] == 0


def test_unknown_org_header_and_admin_only_bits(client):
    org = make_org(client)
    resp = client.get("/v1/users", headers={**org["headers"], "X-Organization-Id": str(uuid.uuid4())})
    assert_problem(resp, 403, "organization_forbidden")
