"""Workflow job functions and their dispatch (jobs.queue: in-process or RQ).

``execute_run(run_id)`` executes a run (runtime.workflow_engine). Job ids are deterministic:
`run-{run_id}-{attempt}` where attempt is the run's attempt count when the job is queued, so a
re-queue of the same state is deduplicated and a re-queue after a lost worker is a new job.
"""
from __future__ import annotations

from jobs import context, queue

_MAX_BACKOFF_S = 30


def job_timeout_s(settings, steps: list[dict]) -> int:
    """An upper bound of a run's execution time, for the RQ job timeout."""
    total = 600.0
    for step in steps:
        retries = int(step.get("retries") or 0)
        timeout = (step.get("timeout_ms") or settings.step_timeout_ms) / 1000
        total += timeout * (retries + 1) + min(_MAX_BACKOFF_S * retries,
                                               settings.step_retry_backoff_ms / 1000 * 2 ** retries)
    return int(total)


def execute_run(run_id: str) -> str | None:
    context.settings()
    from runtime import workflow_engine

    return workflow_engine.execute(run_id)


def dispatch_run(settings, *, run_id: str, attempt: int, steps: list[dict],
                 replace_done: bool = False):
    return queue.enqueue(settings, execute_run, kwargs={"run_id": run_id},
                         queue=settings.workflow_queue, job_id=f"run-{run_id}-{attempt}",
                         unique=True, timeout=job_timeout_s(settings, steps),
                         replace_done=replace_done)
