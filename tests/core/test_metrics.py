"""Prometheus metrics: /metrics only for the operator token (or on a port of its own), the
families a turn with a tool call fills, the whole host's processes in one exposition
(multiprocess mode), labels without ids, and the structured start/end log lines."""
import os
import subprocess
import sys
import urllib.request

import pytest

from core import metrics
from tests.conftest import make_settings
from tests.factories import ADMIN, assert_problem, bearer, make_org
from tests.factories_chat import make_agent
from tests.factories_identity import capture_all_logs, mint
from tests.factories_tools import EchoServer, free_port, make_provider, make_tool
from tests.waiting import scaled, wait_until

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return make_settings(database_url, tmp_path_factory.mktemp("data"),
                         ssrf_allow=("127.0.0.1",))


@pytest.fixture(scope="module")
def echo():
    server = EchoServer()
    yield server
    server.close()


def _scrape(client) -> str:
    resp = client.get("/metrics", headers=ADMIN)
    assert resp.status_code == 200, resp.text
    assert resp.headers["content-type"].startswith("text/plain")
    return resp.text


def _value(text: str, name: str, **labels) -> float:
    """The sum of the samples of name whose labels include the given ones."""
    total = 0.0
    for line in text.splitlines():
        if not line.startswith(name + "{") and not line.startswith(name + " "):
            continue
        head, _, value = line.rpartition(" ")
        if all(f'{k}="{v}"' in head for k, v in labels.items()):
            total += float(value)
    return total


def test_only_the_operator_token_reads_metrics(client):
    org = make_org(client)
    assert_problem(client.get("/metrics"), 401)
    assert_problem(client.get("/metrics", headers=org["headers"]), 403)
    assert "# TYPE agent_platform_http_request_duration_seconds histogram" in _scrape(client)


def test_a_turn_with_a_tool_call_fills_the_families(client, echo):
    org = make_org(client)
    provider = make_provider(client, org, base_url=echo.url)
    tool = make_tool(client, org, provider["id"], name="ping", method="POST", path="/ping")
    agent = make_agent(client, org["headers"])
    client.patch(f"/v1/agents/{agent['id']}", json={"tool_ids": [tool["id"]]},
                 headers=org["headers"])
    before = _scrape(client)
    with capture_all_logs() as lines:
        resp = client.post(f"/v1/agents/{agent['id']}/run", json={"input": "call ping {}"},
                           headers=org["headers"])
    assert resp.status_code == 200, resp.text
    run = resp.json()["run"]
    assert [s["type"] for s in run["steps"]] == ["model_call", "tool_call", "model_call"]
    after = _scrape(client)

    def grew(name, **labels):
        return _value(after, name, **labels) - _value(before, name, **labels)

    assert grew("agent_platform_run_duration_seconds_count", kind="agent",
                status="succeeded") == 1
    assert grew("agent_platform_model_call_duration_seconds_count", provider="echo",
                outcome="succeeded") == 2
    assert grew("agent_platform_model_tokens_total", provider="echo", direction="input") == \
        run["usage"]["input_tokens"]
    assert grew("agent_platform_model_tokens_total", provider="echo", direction="output") == \
        run["usage"]["output_tokens"]
    assert grew("agent_platform_tool_call_duration_seconds_count", provider_type="api",
                outcome="succeeded") == 1
    assert grew("agent_platform_http_request_duration_seconds_count", operation="run_agent",
                status="200") == 1
    assert _value(after, "agent_platform_db_connections_in_use") >= 0
    assert "agent_platform_queue_depth{" in after
    # labels name no organization, user, agent, run or tool
    for secret_or_id in (org["id"], org["key"], agent["id"], run["id"], tool["id"]):
        assert secret_or_id not in after
    # the turn's start and end lines
    records = [line for line in lines if line.startswith("agent_platform.runs ")]
    assert any("turn started" in line and run["id"] in line for line in records), records
    end = [line for line in records if "turn finished" in line and run["id"] in line]
    assert len(end) == 1 and "'status': 'succeeded'" in end[0]
    assert f"'input_tokens': {run['usage']['input_tokens']}" in end[0]
    assert "call ping" not in "".join(records)  # never the message


def test_unmatched_paths_and_session_calls_are_counted_without_ids(client):
    org = make_org(client)
    before = _scrape(client)
    assert client.get("/v1/nothing-here", headers=org["headers"]).status_code == 404
    tokens = mint(client, org, "metrics-user")
    assert client.get("/v1/threads", headers=bearer(tokens["access_token"])).status_code == 200
    after = _scrape(client)
    assert _value(after, "agent_platform_http_request_duration_seconds_count",
                  operation="unmatched", status="404") > _value(
        before, "agent_platform_http_request_duration_seconds_count", operation="unmatched",
        status="404")
    assert "metrics-user" not in after


def test_other_processes_of_the_host_appear_in_one_exposition(client):
    """A separate process (a worker, a scheduler, another serve worker) sharing the metrics
    directory is in the scrape: multiprocess mode."""
    code = ("import sys; from core import metrics; from core.settings import Settings;"
            "s = Settings.from_env(); metrics.configure(s);"
            "metrics.run_finished('workflow', 'succeeded', 0.2);"
            "metrics.scheduler_fire('enqueued', 0.4); metrics.scheduler_fire('missed')")
    before = _scrape(client)
    env = {**os.environ, "PROMETHEUS_MULTIPROC_DIR": os.environ["PROMETHEUS_MULTIPROC_DIR"],
           "AGENT_PLATFORM_SECRET_KEY": "x" * 32, "AGENT_PLATFORM_DATA_DIR": ROOT}
    subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, check=True, timeout=scaled(60))
    after = _scrape(client)
    assert _value(after, "agent_platform_run_duration_seconds_count", kind="workflow") - \
        _value(before, "agent_platform_run_duration_seconds_count", kind="workflow") == 1
    assert _value(after, "agent_platform_scheduler_fires_total", outcome="missed") - \
        _value(before, "agent_platform_scheduler_fires_total", outcome="missed") == 1
    assert _value(after, "agent_platform_scheduler_lag_seconds_count") - \
        _value(before, "agent_platform_scheduler_lag_seconds_count") == 1


def test_metrics_on_a_port_of_their_own(settings):
    port = free_port()
    own = make_settings(settings.database_url, settings.data_dir, metrics_port=port)
    assert metrics.serve_port(own)
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=scaled(10)) as resp:
        text = resp.read().decode()
    assert "agent_platform_http_request_duration_seconds" in text


def test_metrics_off(settings):
    from server.app import create_app
    from starlette.testclient import TestClient

    off = make_settings(settings.database_url, settings.data_dir, metrics=False)
    with TestClient(create_app(off)) as other:
        assert_problem(other.get("/metrics", headers=ADMIN), 404, "metrics_off")


def test_scheduler_fires_lag_and_misses(client, settings):
    import datetime as dt

    from jobs.scheduler import Scheduler
    from store import schedules
    from core import db
    from store.models import WorkflowSchedule
    from tests.factories_workflows import make_workflow

    org = make_org(client)
    workflow = make_workflow(client, org)
    start = dt.datetime(2030, 1, 1, 12, tzinfo=dt.timezone.utc)
    with db.connection():
        schedules.create(org_id=org["id"], fields={"workflow_id": workflow["id"],
                                                   "cron": "*/5 * * * *"}, now=start)
        schedules.create(org_id=org["id"], fields={"workflow_id": workflow["id"],
                                                   "cron": "0 * * * *", "skip_missed": True},
                         now=start)
    before = _scrape(client)
    late = start + dt.timedelta(minutes=70)  # 12:05 fires 65 minutes late; 13:00 is dropped
    fired = []
    try:
        Scheduler(settings, clock=lambda: late, enqueue=fired.extend).tick()
    finally:
        with db.connection():
            WorkflowSchedule.delete().where(WorkflowSchedule.org == org["id"]).execute()
    after = _scrape(client)
    assert len(fired) == 1

    def grew(name, **labels):
        return _value(after, name, **labels) - _value(before, name, **labels)

    assert grew("agent_platform_scheduler_fires_total", outcome="enqueued") == 1
    assert grew("agent_platform_scheduler_fires_total", outcome="missed") == 1
    assert grew("agent_platform_scheduler_lag_seconds_count") == 1
    assert grew("agent_platform_scheduler_lag_seconds_sum") == pytest.approx(65 * 60)


def test_a_claims_lags_land_in_the_buckets_observe_would_choose(client):
    """A claim's lags are written per bucket at once (a burst observes thousands): the
    counts, bounds and sum are those of one observe() per fire; a negative lag counts as 0."""
    before = _scrape(client)
    metrics.scheduler_fires("enqueued", [-0.5, 0.05, 0.05, 0.7, 3.0, 10_000.0])
    after = _scrape(client)

    def grew(name, **labels):
        return _value(after, name, **labels) - _value(before, name, **labels)

    assert grew("agent_platform_scheduler_fires_total", outcome="enqueued") == 6
    assert grew("agent_platform_scheduler_lag_seconds_count") == 6
    assert grew("agent_platform_scheduler_lag_seconds_sum") == pytest.approx(10_003.8)
    histogram = metrics._m["lag"]
    for bound in histogram._upper_bounds:  # cumulative, as the exposition writes them
        le = "+Inf" if bound == float("inf") else repr(float(bound))
        expected = sum(1 for lag in (0.0, 0.05, 0.05, 0.7, 3.0, 10_000.0) if lag <= bound)
        assert grew("agent_platform_scheduler_lag_seconds_bucket", le=le) == expected, le


def test_connections_in_use_rise_while_one_is_held_and_fall_back(client):
    """The gauge counts the pool's checkouts and returns (core/db.py), sampled at each
    scrape: a connection held by a thread is one more until it is returned."""
    import threading

    from core import db

    def settles_at(expected: float) -> float:  # background threads may hold one for a moment
        return wait_until(lambda: _value(_scrape(client), "agent_platform_db_connections_in_use"),
                          5, f"{expected} connections in use", every=0.05,
                          done=lambda seen: seen == expected)

    baseline = _value(_scrape(client), "agent_platform_db_connections_in_use")
    held, release = threading.Event(), threading.Event()

    def hold():
        with db.connection():
            db.database.execute_sql("SELECT 1")
            held.set()
            release.wait(10)

    thread = threading.Thread(target=hold)
    thread.start()
    try:
        assert held.wait(10)
        assert db.connections_in_use() >= 1
        assert settles_at(baseline + 1) == baseline + 1
    finally:
        release.set()
        thread.join(10)
    assert settles_at(baseline) == baseline
    counts = []

    def implicit():
        db.database.execute_sql("SELECT 1")  # a query without connect() checks one out too
        counts.append(db.connections_in_use())
        db.database.close()
        counts.append(db.connections_in_use())

    thread = threading.Thread(target=implicit)
    thread.start()
    thread.join(10)
    assert len(counts) == 2 and counts[0] == counts[1] + 1, counts
