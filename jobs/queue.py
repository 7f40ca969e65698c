"""Queue connection and the one job dispatch: RQ when REDIS_URL is set, in-process otherwise.

``enqueue`` runs the same job function either way. Without Redis it goes to a bounded
in-process thread pool (the embedded default), or, for a coroutine function (a chat turn), to
the process's turn loop in one of its turn slots (core/concurrency.py); with Redis it is an RQ job on the named queue,
served by `agent-platform worker` processes. A ``job_id`` with ``unique=True`` enqueues at most
one job of that id at a time (RQ >= 2.8 checks atomically in Redis; the in-process pool
checks the ids it holds). Job functions must be importable module-level functions taking
keyword arguments, and idempotent: a job may run more than once.
"""
from __future__ import annotations

import datetime
import inspect
import logging
import threading
import time

from core import concurrency
from core import tracing
from core.redis_client import connection as redis_connection

TRACE_META = "trace"  # the job's meta entry holding the trace context of its enqueuer
RESULT_TTL_S = 600
FAILURE_TTL_S = 86400
_DONE = ("finished", "failed", "stopped", "canceled")
log = logging.getLogger("agent_platform.jobs")


class InlinePool:
    """In-process job threads; ids of queued or running jobs for unique enqueues."""

    def __init__(self, workers: int):
        self.executor = concurrency.pool("job", workers)
        self.ids: set[str] = set()
        self.lock = threading.Lock()
        self.waiting: dict[object, float] = {}  # jobs not started yet: their enqueue time

    def submit(self, func, kwargs: dict, job_id: str | None, unique: bool, settings=None):
        """A Future of the job; a coroutine function's job runs on the turn loop, in one of
        the process's turn slots (waiting for one in order), the others on the threads."""
        token = object()
        with self.lock:
            if unique and job_id in self.ids:
                return None
            if job_id:
                self.ids.add(job_id)
            self.waiting[token] = time.time()
        if inspect.iscoroutinefunction(func):
            return concurrency.submit(self._run_async(func, kwargs, job_id, token,
                                                      tracing.inject(), settings))
        return self.executor.submit(self._run, func, kwargs, job_id, token, tracing.inject())

    async def _run_async(self, func, kwargs, job_id, token, trace, settings):
        try:
            async with concurrency.turn_slot(settings):
                self.waiting.pop(token, None)
                with tracing.attach(trace):  # the trace of the request that queued the job
                    return await func(**kwargs)
        except Exception:
            log.exception("in-process job %s failed", getattr(func, "__name__", func))
            raise
        finally:
            self.waiting.pop(token, None)
            if job_id:
                with self.lock:
                    self.ids.discard(job_id)

    def _run(self, func, kwargs, job_id, token=None, trace=None):
        self.waiting.pop(token, None)
        try:
            with tracing.attach(trace):  # the trace of the request that queued the job
                return func(**kwargs)
        except Exception:
            log.exception("in-process job %s failed", getattr(func, "__name__", func))
            raise
        finally:
            if job_id:
                with self.lock:
                    self.ids.discard(job_id)


_inline: InlinePool | None = None
_inline_lock = threading.Lock()


def inline_pool(workers: int = 4) -> InlinePool:
    global _inline
    with _inline_lock:
        if _inline is None:
            _inline = InlinePool(workers)
        return _inline


def rq_queue(settings, name: str):
    from rq import Queue

    return Queue(name, connection=redis_connection(settings.redis_url))


def warm(settings, name: str) -> None:
    """Load RQ and open the queue's connection now, so that the first enqueue (for the
    scheduler, the first claim of a burst) does not wait for imports and a connect."""
    if not settings.redis_url:
        return
    target = rq_queue(settings, name)
    target.connection.ping()
    try:
        from rq.scripts import get_unique_enqueue_script
    except ImportError:  # another RQ layout: enqueue_unique_many falls back to one job a time
        return
    get_unique_enqueue_script(target.connection)


def enqueue(settings, func, *, kwargs: dict, queue: str, job_id: str | None = None,
            unique: bool = False, timeout: int | None = None, replace_done: bool = False):
    """Dispatch func(**kwargs). Returns the RQ Job or the in-process Future, or None when a
    unique job of that id is already there. ``replace_done``: a finished or failed job that
    still holds the id is replaced (a re-queue after its work turned out not to be done)."""
    if not settings.redis_url:
        return inline_pool(settings.inline_workers).submit(func, kwargs, job_id, unique,
                                                           settings)
    from rq.exceptions import DuplicateJobError
    from rq.job import Job

    target = rq_queue(settings, queue)
    trace = tracing.inject()  # the worker continues the trace (jobs/worker.py)
    for _ in range(2):
        try:
            return target.enqueue(func, kwargs=kwargs, job_id=job_id, unique=unique,
                                  job_timeout=timeout, result_ttl=RESULT_TTL_S,
                                  failure_ttl=FAILURE_TTL_S,
                                  meta={TRACE_META: trace} if trace else None)
        except DuplicateJobError:
            if not replace_done:
                return None
            try:
                job = Job.fetch(job_id, connection=target.connection)
            except Exception:  # expired in between: enqueue again
                continue
            if job.get_status(refresh=False) not in _DONE:
                return None
            job.delete()
    return None


def enqueue_unique_many(settings, func, items: list[tuple[str, dict]], *, queue: str,
                        timeout: int | None = None) -> list[bool]:
    """Enqueue func(**kwargs) for each (job_id, kwargs), unique by job id, in one round trip
    to Redis (RQ's atomic unique-enqueue script, pipelined). Returns, per item, whether it
    was enqueued (False: a job of that id is still there)."""
    if not settings.redis_url:
        pool = inline_pool(settings.inline_workers)
        return [pool.submit(func, kwargs, job_id, True, settings) is not None
                for job_id, kwargs in items]
    target = rq_queue(settings, queue)
    try:
        from rq.scripts import _build_hset_args, get_unique_enqueue_script
    except ImportError:  # another RQ layout: one round trip per job
        return [enqueue(settings, func, kwargs=kwargs, queue=queue, job_id=job_id, unique=True,
                        timeout=timeout) is not None for job_id, kwargs in items]
    script = get_unique_enqueue_script(target.connection)
    pipe = target.connection.pipeline(transaction=False)
    pipe.sadd(target.redis_queues_keys, target.key)
    name = f"{func.__module__}.{func.__name__}"
    for job_id, kwargs in items:  # described by id: RQ would render every argument's repr
        job = target.create_job(func, kwargs=kwargs, job_id=job_id, timeout=timeout,
                                result_ttl=RESULT_TTL_S, failure_ttl=FAILURE_TTL_S,
                                description=f"{name}({job_id})")
        target._prepare_for_queue(job)
        ttl = job.ttl if job.ttl is not None else -1
        script(keys=[job.key, target.key], args=[job.id, "R", ttl, *_build_hset_args(job)],
               client=pipe)
    return [bool(result) for result in pipe.execute()[1:]]


class QueueCollector:
    """Prometheus collector of the queues at scrape time: jobs waiting per queue and the age
    of the oldest. With Redis, the RQ queues (shared by every process); without, the
    in-process pool of the process answering the scrape (queue ``inline``)."""

    def __init__(self, settings, names: list[str]):
        self.settings, self.names = settings, names

    def collect(self):
        from prometheus_client.core import GaugeMetricFamily

        depth = GaugeMetricFamily("agent_platform_queue_depth", "Jobs waiting in the queue",
                                  labels=["queue"])
        age = GaugeMetricFamily("agent_platform_queue_oldest_age_seconds",
                                "Age of the oldest job waiting in the queue", labels=["queue"])
        now = time.time()
        for name, count, oldest in self._stats():
            depth.add_metric([name], count)
            age.add_metric([name], max(0.0, now - oldest) if oldest else 0.0)
        yield depth
        yield age

    def _stats(self):
        if not self.settings.redis_url:
            pool = _inline
            waiting = list(pool.waiting.values()) if pool is not None else []
            return [("inline", len(waiting), min(waiting) if waiting else None)]
        from rq.job import Job

        out = []
        for name in self.names:
            try:
                target = rq_queue(self.settings, name)
                count, oldest = target.count, None
                first = target.get_job_ids(0, 0)
                if first:
                    job = Job.fetch(first[0], connection=target.connection)
                    at = job.enqueued_at
                    if at is not None and at.tzinfo is None:  # RQ writes UTC
                        at = at.replace(tzinfo=datetime.timezone.utc)
                    oldest = at.timestamp() if at else None
                out.append((name, count, oldest))
            except Exception as exc:  # Redis away: the scrape still answers
                log.warning("queue stats unavailable: %s", type(exc).__name__)
        return out
