"""The scheduler: the database is the truth of what is due; every fire happens once.

One claim, in one transaction: select due active schedules (`next_fire_at <= now`, oldest
first, a batch at a time; `FOR UPDATE SKIP LOCKED` on Postgres so that several scheduler
processes share the work without waiting on each other; an IMMEDIATE transaction on SQLite),
decide each one's fire with the missed-fire rule (rules.schedule_time.due_fire: however
many ticks were missed, at most one fire, identified by its first missed tick), insert the
queued run of each fire (unique on (schedule_id, fire_at)), advance next_fire_at (a one-time
schedule becomes `completed`), set last_fire_at, enqueue the fires' jobs (jobs/fires.py: one
per fire with the deterministic id `fire-{schedule_id}-{fire_ts}`, or for a burst batches of
fires with ids derived from their fires; unique: RQ refuses a second job of an id), and
commit. The batch's statements are written once (store/fires.py): a few per claim, whatever
its size (on Postgres: the due rows, the workflows' snapshots, and one statement that advances
the schedules and inserts the runs). A scheduler killed between enqueue and commit leaves the
rows unchanged: the next claim computes the same fires, and whatever job executes a fire
claims its run first, so no fire runs twice.

This is a system process: it reads every organization's schedules, and each run it creates
belongs to its schedule's organization.
"""
from __future__ import annotations

import concurrent.futures
import contextlib
import datetime as dt
import logging
import threading
import time

import peewee

from jobs import fires as fires_jobs
from jobs import queue, recovery, tasks

# the fire jobs lived here in earlier releases: jobs already queued name them by this module
from jobs.fires import fire, fire_batch, fire_job_id  # noqa: F401
from rules import schedule_time
from rules.schedule_time import zones
from rules.schedule_time.zones import UTC
from store import schedules
from core import concurrency
from core import db
from core import instance
from core import metrics
from core import request_ids
from store import fires as fires_store
from store.models import WorkflowSchedule

S = WorkflowSchedule
log = logging.getLogger("agent_platform.scheduler")


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

    def __init__(self, settings, *, clock=None, enqueue=None, batch: int | None = None,
                 threads: int | None = None):
        self.settings = settings
        self.clock = clock or (lambda: dt.datetime.now(UTC))
        self.enqueue = enqueue or self.enqueue_fires
        self.batch = batch or settings.scheduler_batch
        self.threads = threads or settings.scheduler_threads
        self.fired = 0

    def enqueue_fires(self, fires: list[tuple[str, dt.datetime]]) -> None:
        """The jobs of a claim's fires, in one round trip (jobs/fires.py: one job per fire,
        or batches of fires when the claim holds many)."""
        per_job = fires_jobs.fires_per_job(len(fires), self.settings.scheduler_fires_per_job)
        fires_jobs.enqueue(self.settings, [(sid, fires_jobs.timestamp_of(at)) for sid, at in fires],
                           per_job=per_job)

    def warm(self) -> None:
        """Load now what the first claim of a burst would otherwise wait for: the time zone
        names (read from the system's zone files), RQ and the queue's connection, and on
        Postgres a pooled connection per claim thread that has planned the claim's
        statements (a cold claim thread took half a second on two cores). The pool keeps
        them: every tick uses one, every burst all of them. A database or queue not
        reachable yet is only logged: the loop retries them."""
        zones.canonical("UTC")
        try:
            queue.warm(self.settings, self.settings.workflow_queue)
            if db.is_postgres():
                self._warm_connections()
        except Exception as exc:  # the loop's first tick retries what failed here
            log.warning("scheduler warm-up failed: %s", type(exc).__name__)

    def _warm_connections(self) -> None:
        threads = max(1, self.threads)
        together = threading.Barrier(threads)

        def hold(_):
            with db.connection():
                fires_store.warm()
                with contextlib.suppress(threading.BrokenBarrierError):
                    together.wait(10)  # every thread holds its own connection meanwhile

        with concurrent.futures.ThreadPoolExecutor(threads) as pool:
            list(pool.map(hold, range(threads)))

    def tick(self) -> int:
        """Fire everything due now; returns the number of fires. When the first batch is
        full (a burst), on Postgres AGENT_PLATFORM_SCHEDULER_THREADS threads claim the rest
        side by side (SKIP LOCKED keeps their batches apart), so that one thread's work in
        Python overlaps another's statements; SQLite takes one writer at a time."""
        total, full = self._claim()
        if full:
            threads = self.threads if db.is_postgres() else 1
            if threads > 1:
                with concurrent.futures.ThreadPoolExecutor(
                        threads, thread_name_prefix="scheduler-claim") as pool:
                    total += sum(pool.map(lambda _: self._drain(), range(threads)))
            else:
                total += self._drain()
        self.fired += total
        return total

    def _drain(self) -> int:
        """Claim batches until one is not full."""
        total = 0
        while True:
            count, full = self._claim()
            total += count
            if not full:
                return total

    def _claim(self) -> tuple[int, bool]:
        now = self.clock()
        stamp = now.astimezone(UTC).replace(tzinfo=None)
        with db.connection():
            if not S.select(S.id).where(S.status == "active", S.next_fire_at <= stamp).exists():
                return 0, False  # nothing due: no write lock taken
        with db.connection(), _claim_transaction():
            rows = fires_store.due(now=stamp, limit=self.batch)
            if not rows:
                return 0, False
            moves, runs, missed, decided = [], [], 0, {}
            for row in rows:
                key = (row.cron, row.run_at, row.recurrence, row.timezone, row.anchor,
                       row.next_fire_at, row.skip_missed)
                found = decided.get(key)  # a burst: many rows of one timing, decided once
                if found is None:
                    found = decided[key] = self._decide(row, now)
                fire_at, next_fire_at, status = found
                moves.append((row, next_fire_at, status, fire_at))
                if fire_at is None:
                    missed += 1  # due, and dropped by skip_missed
                else:
                    runs.append((row, fire_at))
            fires_store.record(moves, now=stamp, request_id=request_ids.current())
            fires = [(row.id, fire_at) for row, fire_at in runs]
            if fires:
                self.enqueue(fires)
        metrics.scheduler_fires("enqueued", [(stamp - at).total_seconds() for _, at in fires])
        for _ in range(missed):
            metrics.scheduler_fire("missed")
        return len(fires), len(rows) == self.batch

    @staticmethod
    def _decide(row, now: dt.datetime) -> tuple:
        """(fire_at, next_fire_at, status) of a due row, times naive UTC."""
        due = schedule_time.due_fire(spec=schedules.spec_of_due(row),
                                     next_fire_at=row.next_fire_at.replace(tzinfo=UTC),
                                     now=now, skip_missed=row.skip_missed)
        status = "active" if due.next_fire_at is not None else "completed"
        return schedules.naive(due.fire_at), schedules.naive(due.next_fire_at), status

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
        last_sweep, failures, was_down = 0.0, 0, False
        while not stop.is_set():
            try:
                count = self.tick()
                if count:
                    log.info("fired", extra={"fields": {"fires": count, "total": self.fired}})
                if time.monotonic() - last_sweep >= sweep_every or was_down:
                    recovery.sweep_after(self.settings, was_down=was_down)
                    last_sweep, was_down = time.monotonic(), False
                upcoming = self.next_due()
                failures = 0
            except Exception as exc:  # retried: the database or queue is busy or restarting
                failures += 1
                was_down = was_down or db.unreachable(exc)  # not a busy SQLite
                log.warning("scheduler tick failed: %s", type(exc).__name__)
                stop.wait(min(5.0, 0.05 * 2 ** failures))
                continue
            wait = interval
            if upcoming is not None:
                wait = min(interval, max(0.0, (upcoming - self.clock()).total_seconds()))
            stop.wait(max(wait, 0.005))


class InProcess:
    """The scheduler thread of `serve` on the embedded default. One process per database runs
    it (an exclusive lock on `scheduler-<instance>.lock` in the data directory, named after
    the database: core/instance.py); the others keep trying, so another takes over when that
    process stops. A process that waits says so once, when it starts waiting."""

    RETRY_S = 5.0  # how often a waiting process tries the lock again

    def __init__(self, settings):
        self.settings = settings
        self.stop = threading.Event()
        self.thread = concurrency.thread("scheduler", self._main, start=False)
        self.scheduler: Scheduler | None = None

    def start(self) -> "InProcess":
        self.thread.start()
        return self

    def close(self, timeout: float = 10) -> None:
        self.stop.set()
        self.thread.join(timeout)

    def lock_path(self):
        return self.settings.data_dir / f"scheduler-{instance.key(self.settings.database_url)}.lock"

    def _main(self) -> None:
        import fcntl

        path = self.lock_path()
        self.settings.data_dir.mkdir(parents=True, exist_ok=True)
        fields = {"lock": path.name, "database": self.settings.database_shown}
        with open(path, "a") as handle:
            waited = False
            while not self.stop.is_set():
                try:
                    fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except OSError:
                    if not waited:
                        log.info("scheduler waiting: another process of this database runs "
                                 "its scheduler", extra={"fields": fields})
                        waited = True
                    self.stop.wait(self.RETRY_S)
            if self.stop.is_set():
                return
            if waited:
                log.info("scheduler took over", extra={"fields": fields})
            try:
                self.scheduler = Scheduler(self.settings)
                self.scheduler.warm()
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
    scheduler = Scheduler(settings)
    scheduler.warm()
    scheduler.run(stop)
    return 0
