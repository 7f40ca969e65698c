"""A worker process killed in the middle of a step (Postgres + Redis, real worker processes):
another worker notices the expired lease and resumes the run; the run ends `succeeded`, never
stuck `running`."""
import signal
import uuid

import pytest

from tests.conftest import REDIS_URL
from tests.factories import make_org
from tests.factories_workflows import (ToolServer, make_workflow, post_tool, start_run,
                                       start_worker, stop, tool_step, wait_run, wf_settings)
from tests.waiting import wait_until

pytestmark = pytest.mark.skipif(not REDIS_URL, reason="needs AGENT_PLATFORM_TEST_REDIS_URL")


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"), run_lease_ms=1500)


@pytest.fixture(scope="module")
def server():
    s = ToolServer()
    yield s
    s.close()


def test_a_killed_worker_leaves_its_run_to_the_next_worker(app, client, settings, server):
    doomed = start_worker(settings)  # also serves the registry rebuild of the tool creations
    org = make_org(client)
    first = post_tool(client, org, server, f"/echo/{uuid.uuid4().hex[:6]}")
    slow = post_tool(client, org, server, f"/slow-once/{uuid.uuid4().hex[:6]}/60")
    wf = make_workflow(client, org, steps=[tool_step("a", first), tool_step("b", slow)])
    try:
        run = start_run(client, org["headers"], wf["id"])
        wait_until(lambda: server.count(slow["path"]), 20, "the worker to be inside step b")
        doomed.send_signal(signal.SIGKILL)
        doomed.wait(10)
        state = client.get(f"/v1/workflow-runs/{run['id']}", headers=org["headers"]).json()["run"]
        assert state["status"] == "running" and state["steps"][1]["status"] == "running"
    finally:
        stop(doomed)
    survivor = start_worker(settings)
    try:
        run = wait_run(client, org["headers"], run["id"], timeout=30)
    finally:
        stop(survivor)
    assert run["status"] == "succeeded" and run["attempt"] == 2
    assert [s["status"] for s in run["steps"]] == ["succeeded", "succeeded"]
    assert server.count(first["path"]) == 1  # step a is not repeated
    assert server.count(slow["path"]) == 2   # step b was under way when the worker died
    # the step record counts the attempts truly: b's lost attempt and its second one
    assert [s["attempts"] for s in run["steps"]] == [1, 2]
