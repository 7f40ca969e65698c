"""The scheduler: the database is the truth of what is due; every fire happens once.

One claim, in one transaction: select due active schedules (`next_fire_at <= now`, oldest
first, a batch at a time; `FOR UPDATE SKIP LOCKED` on Postgres so that several scheduler
processes share the work without waiting on each other; an IMMEDIATE transaction on SQLite),
decide each one's fire with the missed-fire rule (rules.schedule_time.due_fire: however
many ticks were missed, at most one fire, identified by its first missed tick), insert the
queued run of each fire (unique on (schedule_id, fire_at)), advance next_fire_at (a one-time
schedule becomes `completed`), set last_fire_at, enqueue one job per fire with the
deterministic id `fire-{schedule_id}-{fire_ts}` (unique: RQ refuses a second job of that id),
and commit. A scheduler killed between enqueue and commit leaves the rows unchanged: the next
claim computes the same fire and the same job id, and the fire job (``fire``) executes the one
run of that fire, so no fire runs twice.

This is a system process: it reads every organization's schedules, and each run it creates
belongs to its schedule's organization.
"""
from __future__ import annotations

import contextlib
import datetime as dt
import logging
import threading
import time
import uuid
from collections import defaultdict

import peewee

from jobs import queue, recovery, tasks
from rules import schedule_time
from rules.schedule_time.zones import UTC
from runtime import workflow_engine
from store import db, metrics, oplog, run_state, schedules, tracing, workflow_runs
from store.models import Workflow, WorkflowRun, WorkflowSchedule

S = WorkflowSchedule
log = logging.getLogger("agent_platform.scheduler")


def fire_job_id(schedule_id: str, fire_at: dt.datetime) -> str:
    return f"fire-{schedule_id}-{int(fire_at.replace(tzinfo=UTC).timestamp())}"


def fire(schedule_id: str, fire_ts: int) -> str | None:
    """Job: execute the run of (schedule_id, fire_ts). The scheduler commits that run right
    after enqueueing this job, so wait for it a little (AGENT_PLATFORM_FIRE_WAIT_MS); if it
    never appears the claim was rolled back, and the next claim queues this fire again."""
    settings = tasks.ready()
    fire_at = dt.datetime.fromtimestamp(fire_ts, UTC).replace(tzinfo=None)
    deadline = time.monotonic() + settings.fire_wait_ms / 1000
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
                log.warning("no run for fire %s of schedule %s", fire_ts, schedule_id)
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


@contextlib.contextmanager
def _claim_transaction():
    if db.is_postgres():
        with db.database.atomic():
            yield
    else:  # take SQLite's write lock up front: the claim reads, then writes
        with db.database.atomic(lock_type="IMMEDIATE"):
            yield


class Scheduler:
    """Claims due schedules and fires them. ``clock`` (aware UTC now) and ``enqueue`` (the
    dispatch of a list of (schedule_id, fire_at) fires) can be replaced, for tests."""

    def __init__(self, settings, *, clock=None, enqueue=None, batch: int | None = None):
        self.settings = settings
        self.clock = clock or (lambda: dt.datetime.now(UTC))
        self.enqueue = enqueue or self.enqueue_fires
        self.batch = batch or settings.scheduler_batch
        self.fired = 0

    def enqueue_fires(self, fires: list[tuple[str, dt.datetime]]) -> None:
        """One unique job per fire, in one round trip. A job id already taken by a finished
        job (its claim was rolled back after it ran and found no run) is queued again."""
        timeout = self.settings.fire_wait_ms // 1000 + 3600
        items = [(fire_job_id(sid, at), {"schedule_id": sid,
                                         "fire_ts": int(at.replace(tzinfo=UTC).timestamp())})
                 for sid, at in fires]
        done = queue.enqueue_unique_many(self.settings, fire, items,
                                         queue=self.settings.workflow_queue, timeout=timeout)
        for (job_id, kwargs), enqueued in zip(items, done):
            if not enqueued:
                queue.enqueue(self.settings, fire, kwargs=kwargs,
                              queue=self.settings.workflow_queue, job_id=job_id, unique=True,
                              replace_done=True, timeout=timeout)

    def tick(self) -> int:
        """Fire everything due now; returns the number of fires."""
        total = 0
        while True:
            count, full = self._claim()
            total += count
            if not full:
                break
        self.fired += total
        return total

    def _claim(self) -> tuple[int, bool]:
        now = self.clock()
        stamp = now.astimezone(UTC).replace(tzinfo=None)
        with db.connection():
            if not S.select(S.id).where(S.status == "active", S.next_fire_at <= stamp).exists():
                return 0, False  # nothing due: no write lock taken
        with db.connection(), _claim_transaction():
            query = (S.select().where(S.status == "active", S.next_fire_at <= stamp)
                     .order_by(S.next_fire_at).limit(self.batch))
            if db.is_postgres():
                query = query.for_update(skip_locked=True)
            rows = [*query]
            if not rows:
                return 0, False
            found = {w.id: w for w in Workflow.select().where(
                Workflow.id.in_(sorted({r.workflow_id for r in rows})))}
            groups, runs, fires, missed = defaultdict(list), [], [], 0
            for row in rows:
                due = schedule_time.due_fire(spec=schedules.spec_of(row),
                                             next_fire_at=schedules.aware(row.next_fire_at),
                                             now=now, skip_missed=row.skip_missed)
                fire_at = schedules.naive(due.fire_at)
                status = "active" if due.next_fire_at is not None else "completed"
                groups[(schedules.naive(due.next_fire_at), status, fire_at)].append(row.id)
                missed += fire_at is None  # due, and dropped by skip_missed
                if fire_at is not None:
                    fires.append((row.id, fire_at))
                    runs.append(workflow_runs.new_row(
                        org_id=row.org_id, workflow=found[row.workflow_id],
                        input=row.input or {}, trigger="schedule", user_id=row.user_id,
                        schedule_id=row.id, fire_at=fire_at, now=stamp))
            workflow_runs.insert_queued(runs)
            for (next_fire_at, status, fire_at), ids in groups.items():
                values = {S.next_fire_at: next_fire_at, S.status: status, S.updated_at: stamp}
                if fire_at is not None:
                    values[S.last_fire_at] = fire_at
                S.update(values).where(S.id.in_(ids), S.status == "active").execute()
            if fires:
                self.enqueue(fires)
        for _, fire_at in fires:  # committed
            metrics.scheduler_fire("enqueued", (stamp - fire_at).total_seconds())
        for _ in range(missed):
            metrics.scheduler_fire("missed")
        return len(fires), len(rows) == self.batch

    def next_due(self) -> dt.datetime | None:
        with db.connection():
            value = S.select(peewee.fn.MIN(S.next_fire_at)).where(S.status == "active").scalar()
        return schedules.aware(value) if isinstance(value, dt.datetime) else (
            schedules.aware(dt.datetime.fromisoformat(value)) if value else None)

    def run(self, stop: threading.Event) -> None:
        """Tick until stop is set: at once (missed fires fire now, once), then whenever the
        next schedule is due, at least every AGENT_PLATFORM_SCHEDULER_INTERVAL_MS; run recovery
        every half lease. Database errors (SQLite busy, Postgres restarting) are retried."""
        interval = self.settings.scheduler_interval_ms / 1000
        sweep_every = max(1.0, self.settings.run_lease_ms / 2000)
        last_sweep, failures = 0.0, 0
        while not stop.is_set():
            try:
                count = self.tick()
                if count:
                    log.info("fired", extra={"fields": {"fires": count, "total": self.fired}})
                if time.monotonic() - last_sweep >= sweep_every:
                    recovery.sweep(self.settings)
                    last_sweep = time.monotonic()
                upcoming = self.next_due()
                failures = 0
            except Exception as exc:  # retried: the database or queue is busy or restarting
                failures += 1
                log.warning("scheduler tick failed: %s", type(exc).__name__)
                stop.wait(min(5.0, 0.05 * 2 ** failures))
                continue
            wait = interval
            if upcoming is not None:
                wait = min(interval, max(0.0, (upcoming - self.clock()).total_seconds()))
            stop.wait(max(wait, 0.005))


class InProcess:
    """The scheduler thread of `serve` on the embedded default. One process per data
    directory runs it (an exclusive lock on `scheduler.lock`); the others keep trying, so
    another takes over when that process stops."""

    def __init__(self, settings):
        self.settings = settings
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._main, name="scheduler", daemon=True)
        self.scheduler: Scheduler | None = None

    def start(self) -> "InProcess":
        self.thread.start()
        return self

    def close(self, timeout: float = 10) -> None:
        self.stop.set()
        self.thread.join(timeout)

    def _main(self) -> None:
        import fcntl

        path = self.settings.data_dir / "scheduler.lock"
        self.settings.data_dir.mkdir(parents=True, exist_ok=True)
        with open(path, "a") as handle:
            while not self.stop.is_set():
                try:
                    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except OSError:
                    self.stop.wait(5)
            if self.stop.is_set():
                return
            try:
                self.scheduler = Scheduler(self.settings)
                self.scheduler.run(self.stop)
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)


def main(settings) -> int:
    """`agent-platform scheduler`: run the loop until SIGTERM or SIGINT."""
    import signal

    from store import migrations

    tasks.ready(settings)
    with db.connection():
        todo = migrations.pending()
    if todo:
        raise SystemExit(f"the database schema is out of date ({', '.join(todo)}); "
                         "run `agent-platform migrate` first")
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())
    log.info("scheduler started", extra={"fields": {"queue": settings.workflow_queue}})
    Scheduler(settings).run(stop)
    return 0
