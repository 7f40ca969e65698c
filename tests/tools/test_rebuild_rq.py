"""The rebuild through a real RQ worker process on Redis (runs when
AGENT_PLATFORM_TEST_REDIS_URL is set): the API waits for the job and answers with its result;
the API process sees the worker's reload on its next use; a wait that runs out reports the
dependents as skipped."""
import dataclasses
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from jobs import rebuild
from runtime import registry
from core import db
from tests.conftest import REDIS_URL, SECRET_KEY, make_settings
from tests.factories import make_org
from tests.factories_tools import make_provider, make_tool

pytestmark = pytest.mark.skipif(not REDIS_URL, reason="needs AGENT_PLATFORM_TEST_REDIS_URL")
QUEUE = f"rebuild-test-{uuid.uuid4().hex[:10]}"
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return make_settings(database_url, tmp_path_factory.mktemp("data"), redis_url=REDIS_URL,
                         rebuild_queue=QUEUE, rebuild_wait_ms=20000)


def start_worker(settings, burst=False):
    env = {**os.environ, "DATABASE_URL": settings.database_url, "REDIS_URL": REDIS_URL,
           "AGENT_PLATFORM_SECRET_KEY": SECRET_KEY, "AGENT_PLATFORM_SSRF_ALLOW": "127.0.0.1",
           "AGENT_PLATFORM_DATA_DIR": str(settings.data_dir), "AGENT_PLATFORM_LOG_LEVEL": "WARNING"}
    args = [sys.executable, "-m", "jobs.worker", "--queue", QUEUE] + (["--burst"] if burst else [])
    return subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)


@pytest.fixture(scope="module")
def worker(settings, app):
    proc = start_worker(settings)
    yield proc
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


def test_create_tool_waits_for_the_worker_and_returns_its_result(client, worker, settings):
    from rq import Queue
    from rq.registry import FinishedJobRegistry

    from core.redis_client import connection as redis_connection

    org = make_org(client)
    provider = make_provider(client, org)
    t1 = make_tool(client, org, provider["id"])
    off = make_tool(client, org, provider["id"])
    resp = client.post("/v1/agents", json={"name": "dep", "tool_provider_ids": [provider["id"]]},
                       headers=org["headers"])
    agent = resp.json()["agent"]
    bad = client.post("/v1/agents", json={"name": "bad", "tool_ids": [off["id"]]},
                      headers=org["headers"]).json()["agent"]
    with db.connection():
        cached = registry.agent_runtime(org["id"], agent["id"])
    assert {t["id"] for t in cached["tools"]} == {t1["id"], off["id"]}

    resp = client.post("/v1/tools", json={"tool_provider_id": provider["id"], "name": "new",
                                          "path": "/new"}, headers=org["headers"])
    assert resp.status_code == 201, resp.text
    result, tool = resp.json()["rebuild"], resp.json()["tool"]
    assert result["rebuilt"] == 1 and result["agents"][0]["agentId"] == agent["id"]
    assert result["tools"]["affectedToolIds"] == [tool["id"]]
    queue = Queue(QUEUE, connection=redis_connection(REDIS_URL))
    assert len(FinishedJobRegistry(queue=queue).get_job_ids()) >= 1  # ran on the worker
    with db.connection():  # this process sees the worker's reload on its next use
        fresh = registry.agent_runtime(org["id"], agent["id"])
    assert tool["id"] in {t["id"] for t in fresh["tools"]}

    disabled = client.patch(f"/v1/tools/{off['id']}", json={"is_enabled": False},
                            headers=org["headers"]).json()["rebuild"]
    assert disabled["failed"] == 1 and disabled["rebuilt"] == 1
    assert disabled["failedAgents"][0]["agentVersionId"] == bad["agent_version_id"]
    assert "disabled" in disabled["failedAgents"][0]["error"]


def test_mcp_discovery_runs_on_the_worker_and_a_dead_server_lands_in_mcp_errors(client, worker):
    from tests.factories_tools import free_port, mcp_server, serve_mcp

    org = make_org(client)
    thread, url = serve_mcp(mcp_server(name="rq"))
    try:
        good = client.post("/v1/tool-providers", headers=org["headers"], json={
            "name": "good", "type": "mcp", "mcp": {"url": url}})
        assert good.status_code == 201, good.text
        assert good.json()["rebuild"]["tools"]["providerCounts"]["mcp"] == 3
        dead = client.post("/v1/tool-providers", headers=org["headers"], json={
            "name": "dead", "type": "mcp", "mcp": {"url": f"http://127.0.0.1:{free_port()}/mcp"}})
        errors = dead.json()["rebuild"]["tools"]["mcpErrors"]
        assert [e["providerName"] for e in errors] == ["dead"]
        everything = client.post("/v1/tool-providers/sync", headers=org["headers"]).json()
        assert everything["rebuild"]["scope"] == "all"
        assert [e["providerName"] for e in everything["rebuild"]["tools"]["mcpErrors"]] == ["dead"]
        assert everything["rebuild"]["tools"]["totalToolIds"] == 3
    finally:
        thread.close()


def test_a_wait_that_runs_out_reports_pending_dependents(client, worker, settings):
    worker.terminate()
    worker.wait(10)
    org = make_org(client)
    provider = make_provider(client, org)
    make_tool(client, org, provider["id"])
    client.post("/v1/agents", json={"name": "dep", "tool_provider_ids": [provider["id"]]},
                headers=org["headers"])
    short = dataclasses.replace(settings, rebuild_wait_ms=1000)
    with db.connection():
        result = rebuild.dispatch(short, org_id=org["id"], scope="custom", tool_ids=[],
                                  provider_ids=[provider["id"]])
    assert result["skipped"] == 1 and result["rebuilt"] == 0 and result["agents"] == []
    burst = start_worker(settings, burst=True)  # the queued job still runs
    assert burst.wait(60) == 0
