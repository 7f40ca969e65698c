"""The monthly run quota in RateLimit-Policy and RateLimit (policy "runs") on every answer of
the operations that start runs, beside the request rate (policy "requests"); Retry-After until
the next month on its 429; counts exact across processes (`serve --workers 2` on the module's
database, with Redis in the Postgres + Redis pass)."""
from __future__ import annotations

import calendar
import concurrent.futures
import datetime as dt
import re
import uuid

import httpx
import pytest

from store import spend
from tests.conftest import REDIS_URL
from tests.factories import ADMIN, assert_problem, make_org
from tests.factories_chat import make_agent
from tests.processes import Serve, admin_org, env_for
from tests.waiting import scaled

RUNS = re.compile(r'"runs";r=(\d+);t=(\d+)$')


def _set(client, org_id, **values):
    resp = client.put(f"/v1/admin/orgs/{org_id}/limits", json=values, headers=ADMIN)
    assert resp.status_code == 200, resp.text


def _month_seconds() -> int:
    now = dt.datetime.now(dt.timezone.utc)
    return calendar.monthrange(now.year, now.month)[1] * 86400


def _runs_left(resp) -> int:
    """The runs remaining in the answer's RateLimit; its reset is the next month."""
    m = RUNS.search(resp.headers["ratelimit"])
    assert m, resp.headers["ratelimit"]
    assert abs(int(m.group(2)) - spend.seconds_to_next_month()) <= 5
    return int(m.group(1))


def _workflow(http, org) -> str:
    resp = http.post("/v1/workflows", json={"name": f"w-{uuid.uuid4().hex[:6]}", "steps": []},
                     headers=org["headers"])
    assert resp.status_code == 201, resp.text
    return resp.json()["workflow"]["id"]


def test_every_answer_of_a_run_operation_shows_the_quota(client):
    org = make_org(client)
    _set(client, org["id"], runs_per_month=3)
    flow, agent = _workflow(client, org), make_agent(client, org["headers"])
    policy = f'"runs";q=3;w={_month_seconds()}'
    answers = [client.post(f"/v1/workflows/{flow}/run", json={}, headers=org["headers"]),
               client.post(f"/v1/agents/{agent['id']}/run", json={"input": "hi"},
                           headers=org["headers"]),
               client.post(f"/v1/workflows/{uuid.uuid4()}/run", json={},  # 404: no run
                           headers=org["headers"]),
               client.post(f"/v1/workflows/{flow}/run", json={}, headers=org["headers"])]
    assert [r.status_code for r in answers] == [202, 200, 404, 202]
    assert [_runs_left(r) for r in answers] == [2, 1, 1, 0]
    assert all(r.headers["ratelimit-policy"] == policy for r in answers)
    refused = client.post(f"/v1/agents/{agent['id']}/run", json={"input": "no"},
                          headers=org["headers"])
    assert_problem(refused, 429, "usage_limit_reached")
    assert refused.headers["ratelimit-policy"] == policy and _runs_left(refused) == 0
    assert abs(int(refused.headers["retry-after"]) - spend.seconds_to_next_month()) <= 5
    # operations that start no run do not carry the quota
    listed = client.get("/v1/workflows", headers=org["headers"])
    assert listed.status_code == 200 and "ratelimit-policy" not in listed.headers
    # raising the quota frees exactly the difference
    _set(client, org["id"], runs_per_month=4)
    again = client.post(f"/v1/workflows/{flow}/run", json={}, headers=org["headers"])
    assert again.status_code == 202 and _runs_left(again) == 0
    assert again.headers["ratelimit-policy"] == f'"runs";q=4;w={_month_seconds()}'


def test_both_policies_in_one_list_and_a_replay_shows_the_quota_as_it_stands(client):
    org = make_org(client)
    _set(client, org["id"], requests_per_minute=1000, runs_per_month=5)
    flow = _workflow(client, org)
    key = {**org["headers"], "Idempotency-Key": str(uuid.uuid4())}
    first = client.post(f"/v1/workflows/{flow}/run", json={}, headers=key)
    assert first.status_code == 202, first.text
    assert re.fullmatch(rf'"requests";q=1000;w=60, "runs";q=5;w={_month_seconds()}',
                        first.headers["ratelimit-policy"])
    assert re.fullmatch(r'"requests";r=\d+;t=\d+, "runs";r=4;t=\d+', first.headers["ratelimit"])
    client.post(f"/v1/workflows/{flow}/run", json={}, headers=org["headers"])  # r=3
    replay = client.post(f"/v1/workflows/{flow}/run", json={}, headers=key)
    assert replay.headers["idempotent-replayed"] == "true"
    assert replay.json() == first.json() and _runs_left(replay) == 3  # no run started again
    other = client.get("/v1/workflows", headers=org["headers"])
    assert re.fullmatch(r'"requests";q=1000;w=60', other.headers["ratelimit-policy"])


def test_no_runs_policy_without_a_quota(client):
    org = make_org(client)
    flow = _workflow(client, org)
    resp = client.post(f"/v1/workflows/{flow}/run", json={}, headers=org["headers"])
    assert resp.status_code == 202 and "ratelimit" not in resp.headers
    _set(client, org["id"], requests_per_minute=50)
    resp = client.post(f"/v1/workflows/{flow}/run", json={}, headers=org["headers"])
    assert resp.headers["ratelimit-policy"] == '"requests";q=50;w=60'


@pytest.fixture(scope="module")
def served(database_url, tmp_path_factory):
    env = env_for(database_url, tmp_path_factory.mktemp("serve"), REDIS_URL or None,
                  AGENT_PLATFORM_SCHEDULER="off", AGENT_PLATFORM_WORKERS="2",
                  AGENT_PLATFORM_RUNS_PER_MONTH="10")
    server = Serve(env).start(timeout=90)
    try:
        with httpx.Client(base_url=server.url, timeout=scaled(60)) as http:
            yield http, admin_org(http)
    finally:
        server.stop()


def test_quota_counts_are_exact_across_processes(served):
    http, org = served
    flow = _workflow(http, org)

    def one(_):
        with httpx.Client(base_url=str(http.base_url), timeout=scaled(60)) as c:
            return c.post(f"/v1/workflows/{flow}/run", json={}, headers=org["headers"])

    with concurrent.futures.ThreadPoolExecutor(12) as pool:
        answers = list(pool.map(one, range(25)))
    started = [r for r in answers if r.status_code == 202]
    refused = [r for r in answers if r.status_code == 429]
    assert len(started) == 10 and len(refused) == 15, [r.status_code for r in answers]
    assert sorted(_runs_left(r) for r in started) == list(range(10))  # each count seen once
    policy = f'"runs";q=10;w={_month_seconds()}'
    for resp in refused:
        assert resp.headers["ratelimit-policy"] == policy and _runs_left(resp) == 0
        assert abs(int(resp.headers["retry-after"]) - spend.seconds_to_next_month()) <= 5
    limits = http.get(f"/v1/admin/orgs/{org['id']}/limits", headers=ADMIN).json()
    assert limits["runs_this_month"] == 10
