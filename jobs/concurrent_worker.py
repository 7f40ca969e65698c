"""An RQ worker that holds many jobs at once (`agent-platform worker`, jobs/worker.py).

RQ's SimpleWorker runs one job at a time in its main thread. This one takes a job, records
its start as RQ does (status `started`, the StartedJobRegistry entry and its execution, the
worker's current job), hands it off and goes back to the queues at once:

- a coroutine function (``async def``) runs on the process's turn loop
  (core/concurrency.py), where a job waiting on a model or a tool holds no thread;
- any other function runs on a thread of its own, at most AGENT_PLATFORM_WORKER_THREADS at a
  time (workflow runs, registry rebuilds).

At most AGENT_PLATFORM_WORKER_JOBS_IN_FLIGHT jobs are in flight; with that many, the worker
dequeues nothing until one ends. A job's end is recorded exactly as RQ's perform_job records
it, by RQ's own methods: its result with its result_ttl and the FinishedJobRegistry and its
dependents queued, or its failure (traceback, failure_ttl, FailedJobRegistry) and RQ's Retry;
each job runs in a copy of the context it was started in (its trace). A job's ``job_timeout``
holds: a coroutine is cancelled, a thread is interrupted, and the job fails with RQ's
JobTimeoutException. A heartbeat thread keeps every job in flight alive in RQ's registries.

The first SIGTERM or SIGINT stops the dequeuing; the worker waits for every job in flight to
end and be recorded, then exits. A second one is a cold shutdown: the jobs still in flight are
recorded failed (or retried, with a Retry) and the process exits.
"""
from __future__ import annotations

import asyncio
import contextvars
import inspect
import logging
import sys
import threading
import traceback
from datetime import timedelta

from rq.command import parse_payload
from rq.exceptions import StopRequested
from rq.job import JobStatus, Retry
from rq.timeouts import JobTimeoutException
from rq.utils import now
from rq.worker import BaseWorker, SimpleWorker, WorkerStatus

from jobs.in_flight import ASYNC, THREAD, Flight, InFlight, JobView, raise_in_thread, \
    timeout_message

log = logging.getLogger("agent_platform.worker")
COLD = "Cold shutdown: the worker stopped while the job ran."
STOPPED = "Job stopped by user, work-horse terminated."  # RQ's words (monitor_work_horse)


class JobStopped(Exception):
    """Raised in a job's thread by RQ's stop-job command."""


class ConcurrentWorker(SimpleWorker):
    """SimpleWorker with many jobs in flight (module docstring). ``in_flight`` may be shared
    by the worker objects a process makes one after the other."""

    def __init__(self, *args, in_flight: InFlight | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self._in_flight = in_flight if in_flight is not None else InFlight()
        self._interruptible = False  # the main thread waits for work: a signal may break it
        self._burst = False
        self._cold = False

    # -- RQ's loop ----------------------------------------------------------------------

    def work(self, burst: bool = False, *args, **kwargs) -> bool:
        self._burst = burst
        self._in_flight.adopt(self)
        return super().work(burst, *args, **kwargs)

    def dequeue_job_and_maintain_ttl(self, timeout, max_idle_time=None):
        """RQ's dequeue, once there is room for one more job. A burst worker returns nothing
        only when the queues are empty and no job is in flight (a job it retries is queued
        again when it ends)."""
        table = self._in_flight
        self._interruptible = True
        try:
            while True:
                table.wait(self, table.room)
                result = super().dequeue_job_and_maintain_ttl(timeout, max_idle_time)
                if result is not None or timeout is not None or table.empty():
                    return result
                count = len(table)  # a burst with jobs in flight: look again after one ends
                table.wait(self, lambda seen=count: len(table) < seen)
        finally:
            self._interruptible = False

    def execute_job(self, job, queue):
        """Record the job's start as RQ does and hand it off; returns at once."""
        try:
            coroutine = inspect.iscoroutinefunction(job.func)
        except Exception:  # not importable: its thread fails it as RQ would (job.perform)
            coroutine = False
        table = self._in_flight
        if not coroutine:
            table.wait(self, table.thread_free)
        view = self._view_class()(table)
        view.prepare_execution(job)
        view.prepare_job_execution(job, remove_from_intermediate_queue=len(self.queues) == 1)
        job.connection.persist(job.key)  # job.perform's first step
        job.started_at = now()
        timeout = job.timeout or self.queue_class.DEFAULT_TIMEOUT
        flight = Flight(job=job, queue=queue, view=view, kind=ASYNC if coroutine else THREAD,
                        context=contextvars.copy_context(),
                        timeout=timeout if timeout and timeout > 0 else None)
        table.add(flight)
        try:
            if coroutine:
                from core import concurrency

                flight.future = concurrency.submit(self._spawn(flight))
                flight.future.add_done_callback(
                    lambda future: table.records().submit(self._record, flight, future.result))
            else:
                from core import concurrency

                concurrency.thread(f"job-{job.id}", flight.context.run, self._run_thread, flight)
        except Exception as exc:  # not handed off (the process is ending): it failed to start
            def outcome(error=exc):
                raise error
            self._record(flight, outcome)

    def teardown(self):
        """Before RQ registers the worker's death: when it stops (a signal, or a burst that is
        done), wait for every job in flight to end and be recorded."""
        stopping = self._burst or self._stop_requested or self._shutdown_requested_date
        try:
            if stopping and not self._cold and not self.is_horse:
                table = self._in_flight
                if not table.empty():
                    log.info("worker waits for %d job(s) in flight", len(table))
                table.wait(self, table.empty)
        finally:  # a cold shutdown interrupts the wait: the worker's death is still recorded
            super().teardown()

    # -- signals and commands -----------------------------------------------------------

    def _shutdown(self):
        """The first SIGTERM/SIGINT (RQ's request_stop): no further dequeue. Waiting for work,
        the wait ends at once; otherwise RQ's loop stops after the start being recorded."""
        self._stop_requested = True
        self.set_shutdown_requested_date()
        if self.scheduler:
            self.stop_scheduler()
        if self._interruptible:
            raise StopRequested()

    def request_force_stop(self, signum, frame):
        """A second signal: cold shutdown. Every job in flight is recorded failed (RQ's Retry
        applies) and its coroutine cancelled; the process exits."""
        if self._shutdown_requested_date is not None and \
                now() - self._shutdown_requested_date < timedelta(seconds=1):
            return  # RQ: the same signal twice within a second (a worker pool and the OS)
        self.log.warning("Worker %s: cold shut down", self.name)
        self._cold = True
        for flight in self._in_flight.snapshot():
            if self._in_flight.claim(flight):
                try:
                    flight.job.ended_at = now()
                    flight.view.handle_job_failure(flight.job, queue=flight.queue,
                                                   exc_string=COLD)
                except Exception as exc:
                    log.warning("recording job %s failed: %s", flight.job.id, type(exc).__name__)
                self._cancel(flight)
        raise SystemExit()

    def handle_payload(self, message):
        """RQ's commands; ``stop-job`` stops a job in flight (its coroutine cancelled, its
        thread interrupted) and it ends `stopped` as in RQ."""
        payload = parse_payload(message)
        if payload.get("command") == "stop-job":
            flight = self._in_flight.find(payload.get("job_id") or "")
            if flight is not None:
                flight.view._stopped_job_id = flight.job.id
                self._cancel(flight)
                return
        super().handle_payload(message)

    def _cancel(self, flight) -> None:
        if flight.kind == ASYNC:
            flight.cancelled = True
            task = flight.task
            if task is not None:
                task.get_loop().call_soon_threadsafe(task.cancel)
            elif flight.future is not None:  # not started on the loop yet
                flight.future.cancel()
        elif flight.thread is not None and not flight.claimed:
            raise_in_thread(flight.thread, JobStopped)

    # -- state and heartbeats -----------------------------------------------------------

    def set_state(self, state, pipeline=None):
        """Busy while any job is in flight (RQ sets idle whenever it dequeues)."""
        if state == WorkerStatus.IDLE and not self._in_flight.empty():
            state = WorkerStatus.BUSY
        super().set_state(state, pipeline=pipeline)

    def get_heartbeat_ttl(self, job) -> int:
        """RQ's forking worker's TTL (SimpleWorker's covers the whole timeout, as it cannot
        beat during a job): the heartbeat thread keeps each job alive while it runs."""
        return BaseWorker.get_heartbeat_ttl(self, job)

    @classmethod
    def _view_class(cls):
        view = cls.__dict__.get("_view")
        if view is None:
            view = type(f"{cls.__name__}JobView", (JobView, cls), {})
            cls._view = view
        return view

    # -- running a job ------------------------------------------------------------------

    async def _spawn(self, flight):
        """On the turn loop: the job's coroutine as a task in the job's context, within its
        timeout."""
        task = asyncio.get_running_loop().create_task(self._perform(flight),
                                                      context=flight.context)
        flight.task = task
        if flight.cancelled:  # stopped while its task was being made
            task.cancel()
        return await task

    @staticmethod
    async def _perform(flight):
        job = flight.job
        awaitable = job.func(*job.args, **job.kwargs)
        if flight.timeout is None:
            return await awaitable
        try:
            async with asyncio.timeout(flight.timeout) as scope:
                return await awaitable
        except TimeoutError as error:
            if scope.expired():  # the traceback shows where the job was waiting
                raise JobTimeoutException(timeout_message(flight.timeout)) from error
            raise

    def _run_thread(self, flight) -> None:
        flight.thread = threading.get_ident()
        job, view = flight.job, flight.view

        def perform():
            with view.death_penalty_class(flight.timeout or 0, JobTimeoutException,
                                          job_id=job.id):
                return job.perform()

        self._record(flight, perform)

    def _record(self, flight, outcome) -> None:
        """Record the job's end as RQ's perform_job does; outcome() returns the job's value or
        raises its exception."""
        table = self._in_flight
        try:
            flight.context.copy().run(self._finish, flight, outcome)
        except Exception:  # Redis went away while recording: RQ's cleanup fails the job later
            log.exception("recording the end of job %s failed", flight.job.id)
        finally:
            if table.remove(flight) and table.worker is not None:
                try:
                    table.worker.set_state(WorkerStatus.IDLE)
                except Exception:
                    pass

    def _finish(self, flight, outcome) -> None:
        job, queue, view = flight.job, flight.queue, flight.view
        registry = queue.started_job_registry
        table = view._in_flight
        claimed = False
        try:
            value = outcome()
            claimed = table.claim(flight)
            if not claimed:
                return  # recorded already (a cold shutdown)
            view.handle_execution_ended(job, queue, job.success_callback_timeout)
            job._result = value
            if isinstance(value, Retry):
                view.handle_job_retry(job=job, queue=queue, retry=value,
                                      started_job_registry=registry, execution=view.execution)
                return
            job._status = JobStatus.FINISHED
            job.execute_success_callback(view.death_penalty_class, value)
            view.handle_job_success(job=job, queue=queue, started_job_registry=registry)
            job.send_webhooks(JobStatus.FINISHED)
        except BaseException:  # noqa: B036 (RQ's perform_job records any exception)
            exc_info = sys.exc_info()
            if not claimed and not table.claim(flight):
                return
            self._fail(flight, registry, exc_info)
            return
        view.log.info("Worker %s: %s: Job OK (%s)", view.name, job.origin, job.id)

    @staticmethod
    def _fail(flight, registry, exc_info) -> None:
        job, queue, view = flight.job, flight.queue, flight.view
        job._status = JobStatus.FAILED
        if view._stopped_job_id == job.id:  # RQ's stop-job command (monitor_work_horse)
            job.ended_at = now()
            try:
                job.execute_stopped_callback(view.death_penalty_class)
            except Exception:
                pass
            view.handle_job_failure(job, queue=queue, exc_string=STOPPED)
            return
        view.handle_execution_ended(job, queue, job.failure_callback_timeout)
        exc_string = "".join(traceback.format_exception(*exc_info))
        try:
            job.execute_failure_callback(view.death_penalty_class, *exc_info)
        except BaseException:  # noqa: B036
            exc_info = sys.exc_info()
            exc_string = "".join(traceback.format_exception(*exc_info))
        view.handle_exception(job, *exc_info)
        view.handle_job_failure(job=job, exc_string=exc_string, queue=queue,
                                started_job_registry=registry)
