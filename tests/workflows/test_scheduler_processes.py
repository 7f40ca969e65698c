"""Scheduler processes against Postgres and Redis: two `agent-platform scheduler` processes
fire a burst of due schedules exactly once between them, and a scheduler process killed (SIGKILL)
between enqueue and commit causes no duplicate run."""
import datetime as dt
import json
import subprocess
import sys
import threading
import time

import pytest

from store import schedules
from core import db
from store.models import WorkflowRun, WorkflowSchedule
from tests.conftest import PG_SERVER_URL, REDIS_URL
from tests.factories import make_org
from tests.factories_workflows import (ROOT, make_workflow, start_worker, stop, wf_settings,
                                       worker_env)
from tests.waiting import wait_until

pytestmark = pytest.mark.skipif(not (REDIS_URL and PG_SERVER_URL.startswith("postgres")),
                                reason="needs Postgres and Redis")
UTC = dt.timezone.utc
KILL_AFTER_ENQUEUE = """
import os, signal, sys
from jobs import context, scheduler
from core.settings import Settings
settings = context.ensure_ready(Settings.from_env())
s = scheduler.Scheduler(settings, batch=int(sys.argv[1]))
def enqueue_then_die(fires):
    s.enqueue_fires(fires)
    print(len(fires), flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
s.enqueue = enqueue_then_die
s.tick()
"""


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"), fire_wait_ms=30000)


def due_schedules(org, workflow, count, at="2001-01-01T00:00:00Z") -> list[str]:
    now = dt.datetime.now(UTC)
    with db.connection():
        return [schedules.create(org_id=org["id"], now=now, fields={
            "workflow_id": workflow["id"], "run_at": at}).id for _ in range(count)]


def scheduler_process(settings) -> subprocess.Popen:
    # one claim thread each: the burst is shared by the processes, not by one's threads
    return subprocess.Popen([sys.executable, "-m", "server.cli", "scheduler"], cwd=ROOT,
                            env=worker_env(settings, AGENT_PLATFORM_LOG_LEVEL="INFO",
                                           AGENT_PLATFORM_SCHEDULER_BATCH="50",
                                           AGENT_PLATFORM_SCHEDULER_THREADS="1"),
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def fired_total(stderr: str) -> int:
    """The fires a scheduler process reported (its last `fired` log line's running total)."""
    total = 0
    for line in stderr.splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            continue
        if entry.get("msg") == "fired":
            total = entry["total"]
    return total


def wait_all_runs(ids, timeout=60) -> list[WorkflowRun]:
    """Every schedule's run, once all succeeded. Fails when `timeout` seconds pass with no run
    finishing (a stall), not on a slow but moving burst: a busy machine runs it slower."""
    def load() -> list[WorkflowRun]:
        with db.connection():
            return [*WorkflowRun.select().where(WorkflowRun.schedule_id.in_(ids))]

    def succeeded(runs) -> int:
        return sum(r.status == "succeeded" for r in runs)

    def all_succeeded(runs) -> bool:
        return len(runs) >= len(ids) and succeeded(runs) == len(runs)

    done = -1
    while True:
        runs = wait_until(load, timeout, f"one more of {len(ids)} runs to succeed (after {done})",
                          every=0.1,
                          done=lambda runs: all_succeeded(runs) or succeeded(runs) > done)
        if all_succeeded(runs):
            return runs
        done = succeeded(runs)


class Output:
    """A process's stderr, read as it comes (to see when it started)."""

    def __init__(self, process: subprocess.Popen):
        self.lines: list[str] = []
        self.thread = threading.Thread(target=self._read, args=(process,), daemon=True)
        self.thread.start()

    def _read(self, process):
        for line in process.stderr:
            self.lines.append(line)

    def wait_for(self, text: str, timeout: float = 60) -> None:
        wait_until(lambda: any(text in line for line in self.lines), timeout,
                   f"{text!r} in the output: {''.join(self.lines)[-2000:]}", every=0.05)


def test_two_scheduler_processes_fire_a_burst_exactly_once(app, client, settings):
    org = make_org(client)
    wf = make_workflow(client, org)
    workers = [start_worker(settings), start_worker(settings)]
    schedulers = [scheduler_process(settings), scheduler_process(settings)]
    outputs = [Output(process) for process in schedulers]
    try:
        for output in outputs:  # both up before the burst is due: both compete for it
            output.wait_for("scheduler started")
        burst = (dt.datetime.now(UTC) + dt.timedelta(seconds=3)).replace(microsecond=0)
        ids = due_schedules(org, wf, 600, at=burst.isoformat())
        runs = wait_all_runs(ids)
        time.sleep(1.5)  # anything fired twice would show by now
    finally:
        for process in schedulers:
            stop(process)
        for process in workers:
            stop(process)
    for output in outputs:
        output.thread.join(10)
    outputs = ["".join(output.lines) for output in outputs]
    with db.connection():
        runs = [*WorkflowRun.select().where(WorkflowRun.schedule_id.in_(ids))]
        rows = [*WorkflowSchedule.select().where(WorkflowSchedule.id.in_(ids))]
    assert len(runs) == 600 and len({r.schedule_id for r in runs}) == 600
    assert {r.attempt for r in runs} == {1} and {r.status for r in runs} == {"succeeded"}
    assert {r.status for r in rows} == {"completed"}
    assert {r.last_run_status for r in rows} == {"succeeded"}
    totals = [fired_total(out) for out in outputs]
    assert sum(totals) == 600, totals  # no fire counted twice by the two processes
    assert all(totals), f"both schedulers should have claimed a share: {totals}"


def test_a_scheduler_process_killed_between_enqueue_and_commit(app, client, settings):
    org = make_org(client)
    wf = make_workflow(client, org)
    ids = due_schedules(org, wf, 40)
    worker = start_worker(settings)
    try:
        doomed = subprocess.run([sys.executable, "-c", KILL_AFTER_ENQUEUE, "40"], cwd=ROOT,
                                env=worker_env(settings), capture_output=True, text=True,
                                timeout=60)
        assert doomed.returncode == -9 and doomed.stdout.strip() == "40", doomed.stderr
        with db.connection():  # killed before commit: no run, nothing advanced
            assert WorkflowRun.select().where(WorkflowRun.schedule_id.in_(ids)).count() == 0
            assert WorkflowSchedule.select().where(WorkflowSchedule.id.in_(ids),
                                                   WorkflowSchedule.status == "active").count() == 40
        survivor = scheduler_process(settings)
        try:
            runs = wait_all_runs(ids)
            time.sleep(1.5)
        finally:
            stop(survivor)
    finally:
        stop(worker)
    with db.connection():
        runs = [*WorkflowRun.select().where(WorkflowRun.schedule_id.in_(ids))]
    assert len(runs) == 40 and {r.attempt for r in runs} == {1}
    assert {r.status for r in runs} == {"succeeded"}
