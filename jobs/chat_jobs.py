"""Chat job functions and their dispatch (jobs.queue: in-process or RQ).

``run_turn`` executes one chat turn (runtime.chat.execute). The job id is `turn-{run_id}`,
unique: a turn is queued at most once; a second execution of the same run does nothing
(its run is no longer queued).
"""
from __future__ import annotations

from jobs import context, queue

TIMEOUT_S = 3600  # a turn longer than an hour is stopped by RQ (and fails by recovery)


def run_turn(org_id: str, thread_id: str, run_id: str) -> str | None:
    settings = context.settings()
    from runtime import chat

    return chat.execute(settings, org_id=org_id, thread_id=thread_id, run_id=run_id)


def dispatch_turn(settings, *, org_id: str, thread_id: str, run_id: str):
    return queue.enqueue(settings, run_turn,
                         kwargs={"org_id": org_id, "thread_id": thread_id, "run_id": run_id},
                         queue=settings.chat_queue, job_id=f"turn-{run_id}", unique=True,
                         timeout=TIMEOUT_S)
