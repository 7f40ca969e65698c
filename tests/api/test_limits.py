"""Usage limits: per-org request rate and monthly run quota, admin overrides, exact counters."""
import dataclasses
import threading
import uuid

import pytest

from store import limits
from core import db
from store.errors import LimitReached
from store.models import UsageCounter
from tests.conftest import REDIS_URL
from tests.factories import ADMIN, assert_problem, bearer, make_org
from tests.factories_identity import echo_app, mint


@pytest.fixture(scope="module")
def app(settings):
    with echo_app(settings) as application:
        yield application


def _set(client, org_id, **values):
    resp = client.put(f"/v1/admin/orgs/{org_id}/limits", json=values, headers=ADMIN)
    assert resp.status_code == 200, resp.text
    return resp.json()


def test_admin_overrides(client, settings):
    org = make_org(client)
    got = client.get(f"/v1/admin/orgs/{org['id']}/limits", headers=ADMIN).json()
    assert got == {"org_id": org["id"], "overrides": {"requests_per_minute": None, "runs_per_month": None,
                                                      "turns_in_flight": None},
                   "defaults": {"requests_per_minute": 0, "runs_per_month": 0, "turns_in_flight": 200},
                   "runs_this_month": 0, "turns_in_flight_now": 0}
    assert _set(client, org["id"], requests_per_minute=100)["overrides"] == {
        "requests_per_minute": 100, "runs_per_month": None, "turns_in_flight": None}
    assert _set(client, org["id"], runs_per_month=7)["overrides"] == {
        "requests_per_minute": None, "runs_per_month": 7, "turns_in_flight": None}  # PUT replaces all
    assert_problem(client.put(f"/v1/admin/orgs/{uuid.uuid4()}/limits", json={}, headers=ADMIN), 404)
    assert_problem(client.get(f"/v1/admin/orgs/{org['id']}/limits", headers=org["headers"]), 403)
    assert_problem(client.put(f"/v1/admin/orgs/{org['id']}/limits", json={"requests_per_minute": -1},
                              headers=ADMIN), 400)


def test_request_rate_limit_answers_429_with_retry_after(client):
    org, other = make_org(client), make_org(client)
    _set(client, org["id"], requests_per_minute=4)
    tokens = mint(client, org)  # 1 request
    statuses = [client.get("/v1/users", headers=org["headers"]).status_code for _ in range(2)]
    statuses.append(client.get("/v1/_echo/caller", headers=bearer(tokens["access_token"])).status_code)
    assert statuses == [200, 200, 200]
    resp = client.get("/v1/_echo/caller", headers=bearer(tokens["access_token"]))
    body = assert_problem(resp, 429, "usage_limit_reached")
    assert 1 <= int(resp.headers["retry-after"]) <= 60 and "rate limit" in body["detail"]
    assert_problem(client.get("/v1/users", headers=org["headers"]), 429, "usage_limit_reached")
    # another org is not affected; the admin is not limited
    assert client.get("/v1/users", headers=other["headers"]).status_code == 200
    assert client.get(f"/v1/admin/orgs/{org['id']}/limits", headers=ADMIN).status_code == 200
    _set(client, org["id"], requests_per_minute=0)  # 0: unlimited
    assert client.get("/v1/users", headers=org["headers"]).status_code == 200


def test_setting_default_applies_without_override(client, settings):
    org = make_org(client)
    limited = dataclasses.replace(settings, rate_limit_per_minute=3)
    with db.connection():
        for _ in range(3):
            limits.check_request(org_id=org["id"], settings=limited)
        with pytest.raises(LimitReached) as exc:
            limits.check_request(org_id=org["id"], settings=limited)
    assert exc.value.code == "usage_limit_reached" and "Retry-After" in exc.value.headers


def _race(n, fn):
    passed, errors = [], []
    barrier = threading.Barrier(n)

    def run():
        barrier.wait()
        try:
            with db.connection():
                fn()
            passed.append(1)
        except LimitReached:
            pass
        except Exception as exc:  # asserted empty below
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    return len(passed)


def test_rate_counter_is_exact_under_concurrency_in_the_database(client, settings):
    org = make_org(client)
    limited = dataclasses.replace(settings, rate_limit_per_minute=15)
    assert _race(40, lambda: limits.check_request(org_id=org["id"], settings=limited)) == 15


@pytest.mark.skipif(not REDIS_URL, reason="needs AGENT_PLATFORM_TEST_REDIS_URL")
def test_rate_counter_is_exact_under_concurrency_in_redis(client, settings):
    org = make_org(client)
    limited = dataclasses.replace(settings, rate_limit_per_minute=15, redis_url=REDIS_URL,
                                  redis_prefix=f"ap-test-{uuid.uuid4().hex[:8]}")
    assert _race(40, lambda: limits.check_request(org_id=org["id"], settings=limited)) == 15
    with db.connection():  # nothing was counted in the database
        assert UsageCounter.select().where(UsageCounter.org == org["id"]).count() == 0


def test_run_quota_is_exact_and_refused_runs_do_not_count(client, settings):
    org = make_org(client)
    _set(client, org["id"], runs_per_month=10)
    assert _race(30, lambda: limits.consume_run(org_id=org["id"], settings=settings)) == 10
    assert client.get(f"/v1/admin/orgs/{org['id']}/limits", headers=ADMIN).json()["runs_this_month"] == 10
    with db.connection(), pytest.raises(LimitReached) as exc:
        limits.consume_run(org_id=org["id"], settings=settings)
    assert int(exc.value.headers["Retry-After"]) > 0
    _set(client, org["id"], runs_per_month=12)  # raising the quota frees exactly the difference
    assert _race(5, lambda: limits.consume_run(org_id=org["id"], settings=settings)) == 2


def test_old_rate_windows_are_pruned(client, settings):
    org = make_org(client)
    with db.connection():
        assert limits._rate_count(settings, org["id"], 1000) == 1
        assert limits._rate_count(settings, org["id"], 1000) == 2
        assert limits._rate_count(settings, org["id"], 1001) == 1
        names = [r.name for r in UsageCounter.select().where(UsageCounter.org == org["id"])]
    assert names == [f"rate:{1001:012d}"]
