"""The fire jobs: what executes the runs the scheduler queued.

A claim of few fires queues one job per fire (``fire``, id `fire-{schedule_id}-{fire_ts}`).
A claim of many fires (a burst: hundreds of schedules due at one instant) queues jobs of up
to AGENT_PLATFORM_SCHEDULER_FIRES_PER_JOB fires each (``fire_batch``), so that the queue's
own cost per job (RQ's bookkeeping in Redis, in the scheduler and in the worker) is paid once
per batch rather than once per run. A batch executes its fires one after the other; when one
run keeps it busy for AGENT_PLATFORM_FIRE_HANDOFF_MS, the fires it has not started are queued
as jobs of their own, so a slow run delays the rest of its batch by at most that long. On
Postgres a batch runs its fires on a few threads (AGENT_PLATFORM_FIRE_BATCH_THREADS).

Whatever executes a fire claims its run first (store.workflow_run_state.claim_fire, one statement), so
a fire queued twice (a batch and a job of its own, or a claim retried after a scheduler was
killed) still executes its run once. A run the scheduler has not committed yet is waited for,
AGENT_PLATFORM_FIRE_WAIT_MS at most (a batch's fires share that wait: one transaction commits
them all).
"""
from __future__ import annotations

import collections
import concurrent.futures
import contextvars
import datetime as dt
import hashlib
import logging
import threading
import time
import uuid

from jobs import queue, tasks
from rules.schedule_time.zones import UTC
from runtime.workflows import engine as workflow_engine
from core import concurrency
from core import db
from core import oplog
from store import workflow_run_state as run_state
from core import tracing
from store.models import WorkflowRun

log = logging.getLogger("agent_platform.scheduler")


def timestamp_of(fire_at: dt.datetime) -> int:
    """A fire's time (naive UTC) as the jobs carry it: whole seconds since the epoch."""
    return int(fire_at.replace(tzinfo=UTC).timestamp())


def fire_job_id(schedule_id: str, fire_at: dt.datetime) -> str:
    return f"fire-{schedule_id}-{timestamp_of(fire_at)}"


def batch_job_id(fires: list[tuple[str, int]]) -> str:
    """The same fires give the same id (a claim retried after a scheduler was killed)."""
    text = ",".join(f"{sid}:{ts}" for sid, ts in fires)
    return f"fires-{hashlib.sha256(text.encode()).hexdigest()[:32]}"


def fires_per_job(count: int, limit: int) -> int:
    """Fires per job for a claim of ``count`` fires: one each up to 31 fires, then up to
    ``limit``, so a claim spreads over at least 16 jobs (as many workers can take them)."""
    return max(1, min(limit, count // 16))


def fire(schedule_id: str, fire_ts: int) -> str | None:
    """Job: execute the run of (schedule_id, fire_ts). The scheduler commits that run right
    after enqueueing this job, so wait for it a little (AGENT_PLATFORM_FIRE_WAIT_MS); if it
    never appears the claim was rolled back, and the next claim queues this fire again."""
    settings = tasks.ready()
    return _fire(settings, schedule_id, fire_ts, time.monotonic() + settings.fire_wait_ms / 1000)


class _Batch:
    """The fires of a batch not started yet, and the watch that hands them off."""

    def __init__(self, fires):
        self.pending = collections.deque((sid, int(ts)) for sid, ts in fires)
        self.lock = threading.Lock()
        self.started = 0  # runs started so far (the watch sees whether it moved)
        self.done = threading.Event()

    def next(self):
        with self.lock:
            if not self.pending:
                return None
            self.started += 1
            return self.pending.popleft()

    def take_rest(self) -> list[tuple[str, int]]:
        with self.lock:
            rest, self.pending = list(self.pending), collections.deque()
        return rest

    def watch(self, settings, interval: float) -> None:
        """Every ``interval``: when the same fire is still executing, queue the others."""
        seen = -1
        while not self.done.wait(interval):
            with self.lock:
                if self.started != seen or not self.pending:
                    seen = self.started
                    continue
            rest = self.take_rest()
            if rest:
                log.info("fires handed off", extra={"fields": {"fires": len(rest)}})
                enqueue(settings, rest)


def fire_batch(fires: list) -> int:
    """Job: execute the runs of several fires ([schedule_id, fire_ts] each); returns how many
    it executed. On Postgres AGENT_PLATFORM_FIRE_BATCH_THREADS threads take the fires in turn,
    so that one run's waits on the database (and a tool's, a model's) overlap another's work;
    on SQLite (one writer) one thread. A run that fails with an exception fails the job (RQ's
    failed registry) after the fires not started are queued as jobs of their own."""
    settings = tasks.ready()
    batch = _Batch(fires)
    deadline = time.monotonic() + settings.fire_wait_ms / 1000
    concurrency.thread("fire-batch-watch", batch.watch, settings, settings.fire_handoff_ms / 2000)

    def lane() -> int:
        executed = 0
        try:
            with db.connection():  # one pooled connection for the lane's runs
                while (item := batch.next()) is not None:
                    if _fire(settings, *item, deadline) is not None:
                        executed += 1
        except BaseException:
            rest = batch.take_rest()
            if rest:
                enqueue(settings, rest)
            raise
        return executed

    threads = min(settings.fire_batch_threads if db.is_postgres() else 1, len(fires))
    try:
        if threads <= 1:
            return lane()
        with concurrent.futures.ThreadPoolExecutor(threads,
                                                   thread_name_prefix="fire-batch") as pool:
            lanes = [pool.submit(contextvars.copy_context().run, lane) for _ in range(threads)]
            return sum(future.result() for future in lanes)  # the first failure is raised
    finally:
        batch.done.set()


def _fire(settings, schedule_id: str, ts: int, deadline: float) -> str | None:
    fire_at = dt.datetime.fromtimestamp(ts, UTC).replace(tzinfo=None)
    while True:
        with db.connection():  # claimed in one statement; looked for only when not claimed
            run = run_state.claim_fire(schedule_id=schedule_id, fire_at=fire_at,
                                       token=uuid.uuid4().hex, lease_ms=settings.run_lease_ms,
                                       max_attempts=settings.run_max_attempts)
            seen = None if run is not None else (
                WorkflowRun.select(WorkflowRun.status)
                .where(WorkflowRun.schedule_id == schedule_id, WorkflowRun.fire_at == fire_at)
                .first())
        if run is not None:
            return _fire_run(settings, schedule_id, fire_at, run)
        if seen is not None and seen.status != "queued":
            return None  # another executor holds it, or it is finished
        if time.monotonic() >= deadline:  # (a queued run seen here was committed meanwhile)
            if seen is None:
                log.warning("no run for fire %s of schedule %s", ts, schedule_id)
            return None
        time.sleep(0.02)


def _fire_run(settings, schedule_id: str, fire_at: dt.datetime, run) -> str | None:
    """Execute a fire's claimed run between the fire's start and end log lines."""
    ids = {"schedule_id": schedule_id, "fire_at": fire_at.isoformat() + "Z", "run_id": run.id}
    clock = time.perf_counter()
    status = None
    with tracing.span("schedule_fire", {f"agent_platform.{k}": v for k, v in ids.items()}):
        oplog.started("schedule_fire", **ids)
        try:
            status = workflow_engine.execute_claimed(settings, run)
            return status
        finally:
            oplog.finished("schedule_fire", status=status or "not_executed",
                           duration_ms=(time.perf_counter() - clock) * 1000, **ids)


def _timeout(settings, fires: int) -> int:
    return settings.fire_wait_ms // 1000 + 3600 + fires * settings.fire_handoff_ms // 1000


def enqueue(settings, fires: list[tuple[str, int]], per_job: int = 1) -> None:
    """Queue jobs for the fires ((schedule_id, fire_ts) each): ``per_job`` fires per job, in
    one round trip. A job id already taken by a finished job (its fires turned out not to be
    executed: a claim rolled back after the job gave up waiting) is queued again."""
    singles, batches = [], []
    for i in range(0, len(fires), per_job):
        chunk = fires[i:i + per_job]
        if len(chunk) == 1:
            (sid, ts), = chunk
            singles.append((f"fire-{sid}-{ts}", {"schedule_id": sid, "fire_ts": ts}))
        else:
            batches.append((batch_job_id(chunk), {"fires": [[sid, ts] for sid, ts in chunk]}))
    for func, items, size in ((fire, singles, 1), (fire_batch, batches, per_job)):
        if not items:
            continue
        timeout = _timeout(settings, size)
        done = queue.enqueue_unique_many(settings, func, items,
                                         queue=settings.workflow_queue, timeout=timeout)
        for (job_id, kwargs), enqueued in zip(items, done):
            if not enqueued:
                queue.enqueue(settings, func, kwargs=kwargs, queue=settings.workflow_queue,
                              job_id=job_id, unique=True, replace_done=True, timeout=timeout)
