"""The jobs one worker process holds at once (jobs/concurrent_worker.py): each job's own view of
the worker, the table of jobs in flight, their heartbeats, and a timeout for a job's thread.

RQ's worker keeps the one job it runs in its own attributes (``worker.execution``, the job a
stop command names). A job in flight gets a ``JobView`` instead: an object of the worker's
class holding that job's execution, whose other attributes are the worker's. RQ's own
bookkeeping methods, called on the view, then record that job and no other.

The table outlives one RQ worker object: when Redis drops, `agent-platform worker` makes a
new one (jobs/worker.py) and the jobs in flight go on, recorded under the new one.
"""
from __future__ import annotations

import contextvars
import ctypes
import dataclasses
import logging
import threading
import time
from typing import Any

import redis
from rq.timeouts import BaseDeathPenalty, JobTimeoutException
from rq.utils import now

log = logging.getLogger("agent_platform.worker")
ASYNC, THREAD = "async", "thread"


def timeout_message(seconds) -> str:
    """RQ's words for a job that ran out of time (rq.timeouts)."""
    return f"Task exceeded maximum timeout value ({seconds} seconds)"


def raise_in_thread(ident: int, exception: type[BaseException]) -> None:
    """Raise the exception in the thread of that ident, at its next Python instruction."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(exception))


class ThreadDeathPenalty(BaseDeathPenalty):
    """RQ's timeout for code on a thread that is not the main one (a signal alarm works only
    there): a timer raises the timeout in the thread. Unlike RQ's TimerDeathPenalty, each
    penalty raises a class of its own (a subclass of the exception, carrying its message), so
    jobs with different timeouts on different threads do not share one message."""

    def __init__(self, timeout, exception=JobTimeoutException, **kwargs):
        super().__init__(timeout, exception, **kwargs)
        message = timeout_message(timeout)
        self._raised = type(exception.__name__, (exception,), {
            "__init__": lambda own, *args: exception.__init__(own, message),
            "__module__": exception.__module__})
        self._thread = threading.get_ident()
        self._timer: threading.Timer | None = None
        self._guard = threading.Lock()
        self._over = False

    def setup_death_penalty(self):
        if not self._timeout or self._timeout <= 0:
            return
        self._timer = threading.Timer(self._timeout, self._fire)
        self._timer.daemon = True
        self._timer.start()

    def _fire(self):
        with self._guard:
            if not self._over:
                raise_in_thread(self._thread, self._raised)

    def cancel_death_penalty(self):
        with self._guard:
            self._over = True
        if self._timer is not None:
            self._timer.cancel()


class JobView:
    """Mixed into the worker's class (``view_class``): one job's view of the worker. Its own
    attributes are that job's (execution, stop request, state written); any other is the
    current worker's."""

    death_penalty_class = ThreadDeathPenalty  # callbacks run on job and record threads

    def __init__(self, table: "InFlight"):
        self._in_flight = table
        self.execution = None
        self._stopped_job_id = None

    def __getattr__(self, name):
        table = self.__dict__.get("_in_flight")
        if table is None or table.worker is None:
            raise AttributeError(name)
        return getattr(table.worker, name)


@dataclasses.dataclass(eq=False)
class Flight:
    """One job in flight."""

    job: Any
    queue: Any
    view: Any
    kind: str
    context: contextvars.Context
    timeout: int | None  # seconds; None: no limit
    started: float = dataclasses.field(default_factory=time.monotonic)
    future: Any = None  # ASYNC: the turn loop's Future
    task: Any = None  # ASYNC: the job's asyncio Task (set on the loop)
    thread: int | None = None  # THREAD: the ident of the job's thread
    claimed: bool = False  # its end is being recorded
    cancelled: bool = False  # stopped (stop-job, cold shutdown) before its task existed


class InFlight:
    """The jobs in flight of one process: at most ``capacity`` in all, at most ``threads`` of
    them on threads; their heartbeats; waiting for room and for the last of them."""

    def __init__(self, capacity: int = 500, threads: int = 4):
        self.capacity = max(1, int(capacity))
        self.threads = max(1, int(threads))
        self.worker = None  # the RQ worker object serving now
        self._lock = threading.RLock()  # re-entered by a signal handler on the main thread
        self._changed = threading.Condition(self._lock)
        self._flights: set[Flight] = set()
        self._on_threads = 0
        self._closed = threading.Event()
        self._beater: threading.Thread | None = None
        self._records = None

    def __len__(self) -> int:
        return len(self._flights)

    def adopt(self, worker) -> None:
        """The worker object serving from now on (and recording the jobs in flight)."""
        with self._lock:
            self.worker = worker
            if self._beater is None:
                from core import concurrency

                self._beater = concurrency.thread("job-heartbeat", self._beat)

    def records(self):
        """The small pool recording the end of coroutine jobs (Redis bookkeeping must not
        run on the turn loop)."""
        with self._lock:
            if self._records is None:
                from core import concurrency

                self._records = concurrency.pool("job-record", 4)
            return self._records

    def add(self, flight: Flight) -> None:
        with self._lock:
            self._flights.add(flight)
            if flight.kind == THREAD:
                self._on_threads += 1

    def remove(self, flight: Flight) -> bool:
        """Forget the flight; whether none is left."""
        with self._changed:
            if flight in self._flights:
                self._flights.discard(flight)
                if flight.kind == THREAD:
                    self._on_threads -= 1
            self._changed.notify_all()
            return not self._flights

    def claim(self, flight: Flight) -> bool:
        """Whether the caller records the flight's end (the first one to ask)."""
        with self._lock:
            if flight.claimed:
                return False
            flight.claimed = True
            return True

    def snapshot(self) -> list[Flight]:
        with self._lock:
            return list(self._flights)

    def find(self, job_id: str) -> Flight | None:
        with self._lock:
            return next((f for f in self._flights if f.job.id == job_id), None)

    def wait(self, worker, ready, every: float = 5.0) -> None:
        """Block until ready() (checked under the lock) holds, the worker's heartbeat kept."""
        beat = time.monotonic()
        with self._changed:
            while not ready():
                self._changed.wait(every)
                if time.monotonic() - beat >= every:
                    worker.heartbeat()
                    beat = time.monotonic()

    def room(self) -> bool:
        return len(self._flights) < self.capacity

    def thread_free(self) -> bool:
        return self._on_threads < self.threads

    def empty(self) -> bool:
        return not self._flights

    def close(self) -> None:
        self._closed.set()
        if self._records is not None:
            self._records.shutdown(wait=True)

    def interval(self) -> float:
        worker = self.worker
        if worker is None:
            return 5.0
        return max(1.0, min(float(worker.job_monitoring_interval), worker.worker_ttl / 2))

    def _beat(self) -> None:
        while not self._closed.wait(self.interval()):
            try:
                self.heartbeat()
            except redis.exceptions.RedisError as exc:  # the next beat tries again
                log.warning("job heartbeat failed: %s", type(exc).__name__)
            except Exception:
                log.exception("job heartbeat failed")

    def heartbeat(self) -> None:
        """Keep every job in flight alive in RQ's registries (StartedJobRegistry, executions)
        and the worker alive, in one round trip: what RQ's maintain_heartbeats does for its
        one job."""
        worker = self.worker
        flights = [f for f in self.snapshot() if not f.claimed and f.view.execution is not None]
        if worker is None or not flights:
            return
        with worker.connection.pipeline() as pipeline:
            worker.heartbeat(worker.job_monitoring_interval + 60, pipeline=pipeline)
            marks = []
            for flight in flights:
                job, execution = flight.job, flight.view.execution
                ttl = worker.job_monitoring_interval
                if flight.timeout:
                    ttl = max(0, min(ttl, flight.timeout - (time.monotonic() - flight.started)))
                ttl = int(ttl) + 60
                execution.heartbeat(job.started_job_registry, ttl, pipeline=pipeline)
                marks.append((len(pipeline), job))
                job.heartbeat(now(), ttl, pipeline=pipeline, xx=True)
            results = pipeline.execute()
            # a job whose key is gone (result_ttl=0, deleted as it ended) was made again by
            # its heartbeat: delete it again (RQ's maintain_heartbeats, rq issue 1450)
            for index, job in marks:
                if results[index] == 1:
                    pipeline.delete(job.key)
            if results[0] == 1:  # the worker's hash had expired
                pipeline.hset(worker.key, mapping=worker.serialize())
            pipeline.execute()
