"""`agent-platform worker`: an RQ worker on the service's queues (REDIS_URL required).

It binds the database like the API does, checks the schema is current, and serves the queues.
An outbox relay thread dispatches work recorded after commits that the queue could not take
when it was recorded (jobs/outbox.py). A recovery thread runs the run-recovery sweep at start and then every half lease
(AGENT_PLATFORM_RUN_LEASE_MS / 2, at least every second): runs left by a worker that died are
resumed or failed by the workers that remain.
When Redis goes away and comes back, the worker serves again (RQ's own loop can quit when a
connection drops in the middle of its bookkeeping), and a watch thread that sees Redis
restarted (its run_id changed: it kept no jobs) queues again every run and chat turn the
database holds as queued.
Jobs run in the worker process itself (RQ's SimpleWorker, never a fork: job functions hold
pooled database connections, which must not cross one), many at once
(jobs/concurrent_worker.py): coroutine jobs on the process's turn loop, up to
AGENT_PLATFORM_WORKER_JOBS_IN_FLIGHT in all, other jobs on up to AGENT_PLATFORM_WORKER_THREADS
threads; each job bounds its own work (step timeouts) and RQ's job_timeout holds. A SIGTERM or
SIGINT stops the dequeuing and the worker exits once the jobs in flight have ended; a second
one stops it at once.
"""
from __future__ import annotations

import gc
import logging
import threading

import redis

log = logging.getLogger("agent_platform.worker")
WORKER_TTL_S = 30


def queues_of(settings) -> list[str]:
    return [settings.workflow_queue, settings.rebuild_queue, settings.chat_queue,
            settings.webhook_queue]


def run(settings, *, queues: list[str] | None = None, burst: bool = False) -> int:
    from rq import Queue

    from jobs import recovery, tasks
    from jobs.in_flight import InFlight
    from store import migrations
    from core import concurrency
    from core import db

    if not settings.redis_url:
        raise SystemExit("agent-platform worker needs REDIS_URL (without it jobs run inside "
                         "`agent-platform serve`)")
    tasks.ready(settings)
    with db.connection():
        todo = migrations.pending()
    if todo:
        raise SystemExit(f"the database schema is out of date ({', '.join(todo)}); "
                         "run `agent-platform migrate` first")
    recovery.sweep(settings)
    concurrency.configure(settings)
    gc.collect()
    gc.freeze()  # what start-up built stays: full collections need not walk it (server/asgi.py)
    stop = threading.Event()
    concurrency.thread("run-recovery", _recover, settings, stop)
    relay = dispatcher = None
    if not burst:  # a burst worker (tests, one-off runs) drains the queues and exits
        from jobs.outbox import Relay

        relay = Relay(settings).start()  # work recorded after commits that the queue missed
        from jobs.webhooks import Dispatcher

        dispatcher = Dispatcher(settings).start()  # webhook deliveries that are due
        concurrency.thread("redis-watch", _watch_redis, settings, stop)
    # A read never waits forever on a connection a restarted Redis left half-open: the
    # socket timeout exceeds RQ's blocking dequeue (WORKER_TTL - 15 s), and idle connections
    # are checked before use.
    connection = redis.Redis.from_url(settings.redis_url, socket_connect_timeout=5,
                                      socket_timeout=WORKER_TTL_S, health_check_interval=10)
    names = queues or queues_of(settings)
    Worker = _worker_class()
    # the jobs in flight outlive one RQ worker object (a new one serves after Redis dropped)
    in_flight = InFlight(settings.worker_jobs_in_flight, settings.worker_threads)
    log.info("worker started", extra={"fields": {
        "queues": names, "burst": burst, "jobs_in_flight": in_flight.capacity,
        "threads": in_flight.threads}})
    try:
        while True:
            worker = Worker([Queue(name, connection=connection) for name in names],
                            connection=connection, worker_ttl=WORKER_TTL_S, in_flight=in_flight)
            try:
                worker.work(burst=burst, with_scheduler=False, logging_level=settings.log_level)
            except redis.exceptions.RedisError as exc:
                log.warning("worker lost Redis: %s", type(exc).__name__)
            # a SIGTERM or SIGINT (RQ notes when; when idle it does not set _stop_requested)
            if burst or worker._stop_requested or \
                    getattr(worker, "_shutdown_requested_date", None) is not None:
                break
            # RQ's loop quits when Redis drops at the wrong moment: serve again once it answers
            # (a job it had taken may be gone with Redis: queue the queued work again)
            _wait_for_redis(connection)
            try:
                recovery.requeue_queued(settings)
            except Exception as exc:
                log.warning("re-queue after losing Redis failed: %s", type(exc).__name__)
    finally:
        stop.set()
        in_flight.close()
        if relay is not None:
            relay.close()
        if dispatcher is not None:
            dispatcher.close()
    return 0


def _worker_class():
    from jobs.concurrent_worker import ConcurrentWorker

    class Worker(ConcurrentWorker):
        """RQ's in-process worker, many jobs at once; each job continues the trace of whoever
        queued it (a job runs in a copy of the context its start was recorded in)."""

        def execute_job(self, job, queue):
            from jobs.queue import TRACE_META
            from core import tracing

            with tracing.attach((job.meta or {}).get(TRACE_META)):
                return super().execute_job(job, queue)

    return Worker


def _watch_redis(settings, stop: threading.Event, interval: float = 1.0) -> None:
    """Notice a Redis restart (its run_id changes; it kept no jobs) and queue again what the
    database holds as queued."""
    from jobs import recovery

    connection = redis.Redis.from_url(settings.redis_url, socket_connect_timeout=2,
                                      socket_timeout=2)
    known = None
    while True:
        try:
            current = connection.info("server").get("run_id")
        except redis.exceptions.RedisError:
            current = None
        if current is None:
            if stop.wait(interval):
                return
            continue
        if known is not None and current != known:
            try:
                recovery.requeue_queued(settings)
            except Exception as exc:  # the database is away: the next restart check retries
                log.warning("re-queue after a Redis restart failed: %s", type(exc).__name__)
                stop.wait(interval)
                continue
        known = current
        if stop.wait(interval):
            return


def _wait_for_redis(connection, max_wait: float = 5.0) -> None:
    import time

    wait = 0.2
    while True:
        try:
            connection.ping()
            return
        except redis.exceptions.RedisError:
            time.sleep(wait)
            wait = min(max_wait, wait * 2)


def _recover(settings, stop: threading.Event) -> None:
    from jobs import recovery

    interval = max(1.0, settings.run_lease_ms / 2000)
    down = False
    while not stop.wait(interval):
        try:
            recovery.sweep_after(settings, was_down=down)
            down = False
        except Exception as exc:  # the database or Redis is down: try again next time
            from core import db

            down = down or db.unreachable(exc)
            log.warning("run recovery failed: %s", type(exc).__name__)


def main(argv: list[str] | None = None) -> int:
    """``python -m jobs.worker [--queue NAME] [--burst]``: the same worker as `agent-platform
    worker`, settings from the environment."""
    import argparse

    from core.settings import Settings

    parser = argparse.ArgumentParser(prog="python -m jobs.worker", description=__doc__)
    parser.add_argument("--queue", action="append", help="queue name (repeatable)")
    parser.add_argument("--burst", action="store_true", help="exit when the queues are empty")
    args = parser.parse_args(argv)
    return run(Settings.from_env(), queues=args.queue or None, burst=args.burst)


if __name__ == "__main__":
    import sys

    sys.exit(main())
