"""ETags, If-None-Match (304) and If-Match (412) on single resources; concurrent writes to one
resource all succeed (last writer wins, each answer shows its own write) and of N writers
racing with the same If-Match exactly one wins: in process, and against `serve --workers 2`
on the module's database (SQLite, or Postgres in the Postgres pass)."""
from __future__ import annotations

import concurrent.futures
import uuid

import httpx
import pytest

from tests.factories import assert_problem
from tests.factories_copilots import make_agent
from tests.processes import Serve, admin_org, env_for
from tests.waiting import scaled


def test_a_get_has_an_etag_and_if_none_match_gives_304(client, org):
    agent = make_agent(client, org)
    url = f"/v1/agents/{agent['id']}"
    first = client.get(url, headers=org["headers"])
    tag = first.headers["etag"]
    assert tag.startswith('"') and tag == client.get(url, headers=org["headers"]).headers["etag"]
    for sent in (tag, f"W/{tag}", f'"other", {tag}', "*"):
        resp = client.get(url, headers={**org["headers"], "If-None-Match": sent})
        assert resp.status_code == 304, sent
        assert resp.content == b"" and resp.headers["etag"] == tag
        assert resp.headers["x-request-id"]
    resp = client.get(url, headers={**org["headers"], "If-None-Match": '"stale"'})
    assert resp.status_code == 200 and resp.json() == first.json()


def test_if_match_on_patch(client, org):
    agent = make_agent(client, org)
    url = f"/v1/agents/{agent['id']}"
    tag = client.get(url, headers=org["headers"]).headers["etag"]
    resp = client.patch(url, json={"instructions": "v2"},
                        headers={**org["headers"], "If-Match": '"bogus"'})
    assert_problem(resp, 412, "precondition_failed")
    assert client.get(url, headers=org["headers"]).json()["agent"]["instructions"] != "v2"
    resp = client.patch(url, json={"instructions": "v2"},
                        headers={**org["headers"], "If-Match": tag})
    assert resp.status_code == 200, resp.text
    new_tag = resp.headers["etag"]
    assert new_tag != tag
    assert client.get(url, headers=org["headers"]).headers["etag"] == new_tag
    assert_problem(client.patch(url, json={"instructions": "v3"},
                                headers={**org["headers"], "If-Match": tag}), 412)
    assert client.patch(url, json={"instructions": "v3"},
                        headers={**org["headers"], "If-Match": new_tag}).status_code == 200


def test_if_match_on_delete_and_on_a_missing_resource(client, org):
    agent = make_agent(client, org)
    url = f"/v1/agents/{agent['id']}"
    assert_problem(client.delete(url, headers={**org["headers"], "If-Match": '"x"'}), 412)
    tag = client.get(url, headers=org["headers"]).headers["etag"]
    assert client.delete(url, headers={**org["headers"], "If-Match": tag}).status_code == 200
    assert_problem(client.patch(url, json={"instructions": "x"},
                                headers={**org["headers"], "If-Match": "*"}), 404)


def test_other_resources_have_etags(client, org):
    h = org["headers"]
    client.post("/v1/users", json={"user_id": "etag-user"}, headers=h)
    for get_url, write in (
            ("/v1/users/etag-user", ("PATCH", {"display_name": "E"})),
            ("/v1/model-config", ("PUT", {"providers": {}})),
            ("/v1/organization/cors", ("PUT", {"allowed_origins": []})),
            ("/v1/organization", None)):
        tag = client.get(get_url, headers=h).headers["etag"]
        assert client.get(get_url, headers={**h, "If-None-Match": tag}).status_code == 304
        if write:
            method, body = write
            resp = client.request(method, get_url, json=body, headers={**h, "If-Match": '"x"'})
            assert_problem(resp, 412)
            resp = client.request(method, get_url, json=body, headers={**h, "If-Match": tag})
            assert resp.status_code == 200, resp.text
            assert resp.headers["etag"] == client.get(get_url, headers=h).headers["etag"]


def test_a_real_conflict_stays_409(client, org):
    h = org["headers"]
    names = [f"etag-{uuid.uuid4().hex[:6]}" for _ in range(2)]
    ids = [client.post("/v1/tool-providers", headers=h, json={
        "name": n, "type": "api", "base_url": "https://api.example.com"}).json()["tool_provider"]["id"]
        for n in names]
    tag = client.get(f"/v1/tool-providers/{ids[1]}", headers=h).headers["etag"]
    resp = client.patch(f"/v1/tool-providers/{ids[1]}", headers={**h, "If-Match": tag},
                        json={"name": names[0]})
    assert_problem(resp, 409, "tool_provider_name_conflict")
    resp = client.patch(f"/v1/tool-providers/{ids[1]}", headers=h, json={"name": names[0]})
    assert_problem(resp, 409, "tool_provider_name_conflict")


# --- real processes: serve --workers 2 ---------------------------------------------------------


@pytest.fixture(scope="module")
def served(database_url, tmp_path_factory):
    env = env_for(database_url, tmp_path_factory.mktemp("serve"), AGENT_PLATFORM_SCHEDULER="off",
                  AGENT_PLATFORM_WORKERS="2")
    server = Serve(env).start(timeout=90)
    try:
        with httpx.Client(base_url=server.url, timeout=scaled(60)) as http:
            yield http, admin_org(http)
    finally:
        server.stop()


def _patch_all(url, base, headers, bodies, extra=None):
    def one(body):
        with httpx.Client(base_url=base, timeout=scaled(60)) as http:
            return http.patch(url, json=body, headers={**headers, **(extra or {})})
    with concurrent.futures.ThreadPoolExecutor(len(bodies)) as pool:
        return list(pool.map(one, bodies))


def test_twenty_concurrent_patches_all_succeed_each_with_its_own_write(served):
    http, org = served
    agent = http.post("/v1/agents", headers=org["headers"], json={
        "name": f"race-{uuid.uuid4().hex[:6]}", "instructions": "start"}).json()["agent"]
    url = f"/v1/agents/{agent['id']}"
    bodies = [{"instructions": f"writer {i}"} for i in range(20)]
    answers = _patch_all(url, str(http.base_url), org["headers"], bodies)
    assert [r.status_code for r in answers] == [200] * 20, [r.text for r in answers
                                                           if r.status_code != 200][:3]
    seen = {}
    for body, resp in zip(bodies, answers):
        shown = resp.json()["agent"]
        assert shown["instructions"] == body["instructions"]  # its own write
        seen[shown["version"]] = shown["instructions"]
    assert sorted(seen) == list(range(2, 22))  # every write is a version, none lost
    final = http.get(url, headers=org["headers"]).json()["agent"]
    assert final["version"] == 21 and final["instructions"] == seen[21]  # last writer wins
    versions = http.get(f"{url}/versions?limit=50", headers=org["headers"]).json()["versions"]
    assert len(versions) == 21


def test_of_racing_if_match_writers_exactly_one_wins(served):
    http, org = served
    agent = http.post("/v1/agents", headers=org["headers"], json={
        "name": f"cas-{uuid.uuid4().hex[:6]}", "instructions": "start"}).json()["agent"]
    url = f"/v1/agents/{agent['id']}"
    tag = http.get(url, headers=org["headers"]).headers["etag"]
    bodies = [{"instructions": f"cas {i}"} for i in range(10)]
    answers = _patch_all(url, str(http.base_url), org["headers"], bodies, {"If-Match": tag})
    statuses = sorted(r.status_code for r in answers)
    assert statuses == [200] + [412] * 9, statuses
    winner = next(r for r in answers if r.status_code == 200)
    final = http.get(url, headers=org["headers"])
    assert final.json()["agent"]["instructions"] == winner.json()["agent"]["instructions"]
    assert final.headers["etag"] == winner.headers["etag"]
    for r in answers:
        if r.status_code == 412:
            assert r.json()["code"] == "precondition_failed"
