"""RateLimit-Policy and RateLimit (IETF httpapi fields) on every answer to a limited
organization, Retry-After on every 429, counts exact across processes (`serve --workers 2` on
the module's database, with Redis in the Postgres + Redis pass)."""
from __future__ import annotations

import concurrent.futures
import re
import time

import httpx
import pytest

from tests.conftest import REDIS_URL
from tests.factories import ADMIN, assert_problem, bearer, make_org
from tests.factories_identity import mint
from tests.processes import Serve, admin_org, env_for
from tests.waiting import scaled

RATE = re.compile(r'^"requests";r=(\d+);t=(\d+)$')


def _set(client, org_id, rpm):
    resp = client.put(f"/v1/admin/orgs/{org_id}/limits", json={"requests_per_minute": rpm},
                      headers=ADMIN)
    assert resp.status_code == 200, resp.text


def _remaining(resp) -> tuple[int, int]:
    m = RATE.match(resp.headers["ratelimit"])
    assert m, resp.headers["ratelimit"]
    return int(m.group(1)), int(m.group(2))


def _fresh_window():
    """Start in a minute with at least 20 s left (the counters are per minute)."""
    left = 60 - time.time() % 60
    if left < 20:
        time.sleep(left + 0.2)


def test_every_answer_of_a_limited_org_carries_the_fields(client):
    org = make_org(client)
    _set(client, org["id"], 5)
    _fresh_window()
    token = mint(client, org)["access_token"]  # request 1
    answers = [client.get("/v1/users", headers=org["headers"]),               # 2
               client.get("/v1/agents/00000000-0000-4000-8000-000000000000",  # 3 (404)
                          headers=org["headers"]),
               client.get("/v1/agents", headers=bearer(token)),               # 4 (session)
               client.get("/v1/organization", headers=org["headers"])]        # 5
    for resp in answers:
        assert resp.headers["ratelimit-policy"] == '"requests";q=5;w=60'
    assert [_remaining(r)[0] for r in answers] == [3, 2, 1, 0]
    assert answers[1].status_code == 404
    assert all(1 <= _remaining(r)[1] <= 60 for r in answers)
    refused = client.get("/v1/users", headers=org["headers"])
    assert_problem(refused, 429, "usage_limit_reached")
    assert _remaining(refused)[0] == 0
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    assert refused.headers["ratelimit-policy"] == '"requests";q=5;w=60'


def test_no_fields_without_a_limit_or_for_the_operator(client):
    org = make_org(client)
    resp = client.get("/v1/users", headers=org["headers"])
    assert resp.status_code == 200 and "ratelimit" not in resp.headers
    _set(client, org["id"], 100)
    resp = client.get(f"/v1/admin/orgs/{org['id']}/limits", headers=ADMIN)
    assert resp.status_code == 200 and "ratelimit-policy" not in resp.headers


@pytest.fixture(scope="module")
def served(database_url, tmp_path_factory):
    env = env_for(database_url, tmp_path_factory.mktemp("serve"), REDIS_URL or None,
                  AGENT_PLATFORM_SCHEDULER="off", AGENT_PLATFORM_WORKERS="2",
                  AGENT_PLATFORM_RATE_LIMIT_PER_MINUTE="30")
    server = Serve(env).start(timeout=90)
    try:
        with httpx.Client(base_url=server.url, timeout=scaled(60)) as http:
            yield http, admin_org(http)
    finally:
        server.stop()


def test_counts_are_exact_across_processes(served):
    http, org = served
    _fresh_window()

    def one(_):
        with httpx.Client(base_url=str(http.base_url), timeout=scaled(60)) as c:
            return c.get("/v1/organization", headers=org["headers"])

    with concurrent.futures.ThreadPoolExecutor(12) as pool:
        answers = list(pool.map(one, range(45)))
    ok = [r for r in answers if r.status_code == 200]
    refused = [r for r in answers if r.status_code == 429]
    assert len(ok) == 30 and len(refused) == 15, [r.status_code for r in answers]
    assert sorted(_remaining(r)[0] for r in ok) == list(range(30))  # each count seen once
    for resp in refused:
        assert _remaining(resp)[0] == 0 and int(resp.headers["retry-after"]) >= 1
        assert resp.headers["ratelimit-policy"] == '"requests";q=30;w=60'
