"""Runs are durable: a run whose executor died (it claimed the run, then stopped renewing its
lease) is resumed at its first unfinished step or failed by recovery, never left `running`;
a lost job is queued again; a heartbeat keeps a long step's lease; jobs are idempotent."""
import datetime as dt
import threading
import time
import uuid

import pytest

from jobs import recovery
from runtime.workflows import engine as workflow_engine
from store import workflow_runs
from core import db
from store import workflow_run_state as run_state
from store.models import WorkflowRun
from tests.factories_workflows import (ToolServer, make_workflow, post_tool, start_run,
                                       start_worker, stop, tool_step, wait_run, wf_settings)
from tests.waiting import wait_until


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"), run_lease_ms=1000)


@pytest.fixture(scope="module", autouse=True)
def worker(app, settings):
    process = start_worker(settings) if settings.redis_url else None
    yield process
    if process is not None:
        stop(process)


@pytest.fixture(scope="module")
def server():
    s = ToolServer()
    yield s
    s.close()


def recorded_run(org, wf) -> str:
    """A queued run whose job never reached a worker."""
    with db.connection():
        return workflow_runs.create(org_id=org["id"], workflow_id=wf["id"], input={}).id


def dead_claim(run_id: str, settings) -> str:
    """Claim the run as an executor that then dies: it never renews its 1 ms lease."""
    with db.connection():
        token = "dead-" + uuid.uuid4().hex[:8]
        assert run_state.claim(run_id=run_id, token=token, lease_ms=1,
                               max_attempts=settings.run_max_attempts) is not None
    time.sleep(0.01)
    return token


def swept(settings, outcome: str) -> None:
    """Run recovery; on the embedded default this sweep is the only one and must act. With
    Redis the worker process sweeps too (every half lease) and may have acted first."""
    counts = recovery.sweep(settings)
    if not settings.redis_url:
        assert counts[outcome] == 1, counts


def two_step(client, org, server):
    a = post_tool(client, org, server, f"/echo/{uuid.uuid4().hex[:6]}")
    b = post_tool(client, org, server, f"/echo/{uuid.uuid4().hex[:6]}")
    return make_workflow(client, org, steps=[tool_step("a", a), tool_step("b", b)]), a, b


def test_a_run_whose_worker_died_is_resumed_at_its_unfinished_step(client, org, server, settings):
    wf, a, b = two_step(client, org, server)
    run_id = recorded_run(org, wf)
    token = dead_claim(run_id, settings)
    with db.connection():  # the dead executor had finished step a and started step b
        row = WorkflowRun.get_by_id(run_id)
        steps = row.steps
        steps[0].update(status="succeeded", output={"done": "before"}, attempts=1)
        steps[1].update(status="running", attempts=1)
        assert run_state.save_steps(run_id=run_id, token=token, steps=steps)
    assert client.get(f"/v1/workflow-runs/{run_id}", headers=org["headers"]).json()["run"]["status"] == "running"

    swept(settings, "requeued")
    run = wait_run(client, org["headers"], run_id)
    assert run["status"] == "succeeded" and run["attempt"] == 2
    assert run["steps"][0]["output"] == {"done": "before"}
    assert server.count(a["path"]) == 0 and server.count(b["path"]) == 1
    assert recovery.sweep(settings) == {"requeued": 0, "failed": 0, "cancelled": 0,
                                        "queued_again": 0}


def test_a_run_that_used_up_its_attempts_fails_as_worker_lost(client, org, server, settings):
    wf, a, _ = two_step(client, org, server)
    run_id = recorded_run(org, wf)
    dead_claim(run_id, settings)
    with db.connection():
        WorkflowRun.update(attempt=settings.run_max_attempts).where(WorkflowRun.id == run_id).execute()
    # a job for it now does nothing: the attempts are used up
    assert workflow_engine.execute(settings, run_id) is None
    swept(settings, "failed")
    run = client.get(f"/v1/workflow-runs/{run_id}", headers=org["headers"]).json()["run"]
    assert run["status"] == "failed" and run["error"]["code"] == "worker_lost"
    assert run["finished_at"] is not None and server.count(a["path"]) == 0


def test_a_cancel_requested_while_the_worker_was_dead_ends_cancelled(client, org, server, settings):
    wf, _, _ = two_step(client, org, server)
    run_id = recorded_run(org, wf)
    dead_claim(run_id, settings)
    resp = client.post(f"/v1/workflow-runs/{run_id}/cancel", headers=org["headers"])
    assert resp.json()["run"]["cancel_requested"] is True
    swept(settings, "cancelled")
    assert wait_run(client, org["headers"], run_id)["status"] == "cancelled"


def test_a_lost_job_is_queued_again(client, org, server, settings):
    wf, a, b = two_step(client, org, server)
    run_id = recorded_run(org, wf)
    assert recovery.sweep(settings)["queued_again"] == 0  # not stale yet
    later = db.utcnow() + dt.timedelta(milliseconds=settings.run_requeue_after_ms + 1000)
    assert recovery.sweep(settings, now=later)["queued_again"] == 1
    run = wait_run(client, org["headers"], run_id)
    assert run["status"] == "succeeded" and run["attempt"] == 1
    assert server.count(a["path"]) == 1 and server.count(b["path"]) == 1


def test_the_heartbeat_keeps_a_long_step_from_being_taken_over(client, org, server, settings):
    slow = post_tool(client, org, server, f"/sleep/2.5/{uuid.uuid4().hex[:6]}")
    wf = make_workflow(client, org, steps=[tool_step("a", slow)])
    run = start_run(client, org["headers"], wf["id"])
    def swept():  # recovery keeps looking while the step runs
        recovery.sweep(settings)
        return client.get(f"/v1/workflow-runs/{run['id']}", headers=org["headers"]).json()["run"]

    state = wait_until(swept, 15, "the run to end", every=0.2,
                       done=lambda state: state["status"] in ("succeeded", "failed"))
    assert state["status"] == "succeeded" and state["attempt"] == 1
    assert server.count(slow["path"]) == 1


def test_concurrent_jobs_for_one_run_execute_it_once(client, org, server, settings):
    wf, a, b = two_step(client, org, server)
    run_id = recorded_run(org, wf)
    results = []
    threads = [threading.Thread(
        target=lambda: results.append(workflow_engine.execute(settings, run_id)))
        for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(20)
    assert sorted(results, key=str) == [None, None, None, "succeeded"]
    assert server.count(a["path"]) == 1 and server.count(b["path"]) == 1
    assert workflow_engine.execute(settings, run_id) is None  # a late duplicate does nothing
