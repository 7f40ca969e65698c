"""Recovery: no run stays `running` or `queued` forever.

``sweep`` finds running runs whose lease expired (their worker died or hung): a run with a
cancel request becomes `cancelled`; one whose attempts (AGENT_PLATFORM_RUN_MAX_ATTEMPTS) are
used up becomes `failed` with `worker_lost`; the others are queued again and the next worker
resumes them at their first unfinished step. Queued runs untouched for
AGENT_PLATFORM_RUN_REQUEUE_AFTER_MS (their job was lost, e.g. Redis restarted) are queued
again; a duplicate job finds the run claimed and does nothing. The scheduler runs the sweep
periodically and every `agent-platform worker` runs it when it starts.

Turns (agent and network runs) have no lease: their executor refreshes ``updated_at`` while it
runs (runtime/turns/watch.py). A `running` turn silent for AGENT_PLATFORM_TURN_STALE_MS becomes
`failed` with ``run_interrupted`` (a turn is not resumed: its conversation was streamed to a
client). Waiting is not a fault: a chat turn `queued` for AGENT_PLATFORM_RUN_REQUEUE_AFTER_MS
(waiting for a free slot, or its job lost) is queued again (a job still there is not
duplicated), unless it waits behind its thread's current turn (enqueued with
``multitask_strategy``): that one has no job and is started by its promotion, in order
(runtime.chat.service.held). A synchronous run or a workflow step's turn left `queued` that long (the
process that accepted it stopped) fails with ``run_not_started``.
A turn waiting for tool approvals is neither: it holds no process; the sweep denies its calls
whose approval deadline passed, which queues it again (runtime/approvals/decisions.py).
"""
from __future__ import annotations

import datetime as dt
import logging

from jobs import tasks
from runtime.approvals import decisions as approval_decisions
from runtime.chat import service as chat
from runtime.workflows import notify
from store import runs
from core import db
from store import workflow_run_state as run_state
from core.db import utcnow

log = logging.getLogger("agent_platform.recovery")


def sweep(settings, now=None) -> dict:
    counts = {"requeued": 0, "failed": 0, "cancelled": 0, "queued_again": 0}
    with db.connection():
        at = now or utcnow()
        interrupted = runs.interrupt_stale(
            running_before=at - dt.timedelta(milliseconds=settings.turn_stale_ms))
        if interrupted:
            counts["turns_interrupted"] = interrupted
        again, never = runs.not_started(
            queued_before=at - dt.timedelta(milliseconds=settings.run_requeue_after_ms))
        if never:
            counts["turns_not_started"] = never
        for turn in again:
            if _queue_turn(settings, turn, replace_done=True) is not None:
                counts["turns_queued_again"] = counts.get("turns_queued_again", 0) + 1
        for run in run_state.expired(now=now):
            if run.cancel_requested:
                if run_state.abandon(run=run, status="cancelled", code="cancelled",
                                     message="the run was cancelled", now=now):
                    counts["cancelled"] += 1
            elif run.attempt >= settings.run_max_attempts:
                if run_state.abandon(run=run, status="failed", code="worker_lost",
                                     notify=notify.post_run_result,
                                     message=f"the worker executing the run stopped "
                                             f"{run.attempt} time(s)", now=now):
                    counts["failed"] += 1
            else:
                steps = _definition(run.id)
                if tasks.dispatch_run(settings, run_id=run.id, attempt=run.attempt, steps=steps,
                                      replace_done=True) is not None:
                    counts["requeued"] += 1
        stale = run_state.stale_queued(older_than_ms=settings.run_requeue_after_ms, now=now)
        for run in stale:
            if tasks.dispatch_run(settings, run_id=run.id, attempt=run.attempt,
                                  steps=_definition(run.id), replace_done=True) is not None:
                counts["queued_again"] += 1
        run_state.touch([run.id for run in stale], now=now)
    timed_out = approval_decisions.expire_due(settings, now=now)
    if timed_out:
        counts["approvals_timed_out"] = timed_out
    if any(counts.values()):
        log.info("run recovery", extra={"fields": counts})
    return counts


def sweep_after(settings, *, was_down: bool) -> dict:
    """The sweep of a periodic recovery loop; when its previous sweep failed (the database
    was away), the work the database holds as queued is queued again at once (a job that
    failed for the outage is replaced), not after AGENT_PLATFORM_RUN_REQUEUE_AFTER_MS."""
    counts = sweep(settings)
    if was_down:
        requeue_queued(settings, replace_done=True, why="the database came back")
    return counts


def _queue_turn(settings, turn, replace_done: bool = False):
    """Queue a queued turn's job again: its start, or its continuation after approvals. A
    chat turn waiting behind its thread's current turn has no job: it is left for its
    promotion (runtime.chat.service.held), which comes in order."""
    if turn.approval:
        return tasks.dispatch_resume(settings, org_id=turn.org_id, run_id=turn.id,
                                     thread_id=turn.thread_id,
                                     round=int(turn.approval.get("round") or 0),
                                     replace_done=replace_done)
    if chat.held(settings, org_id=turn.org_id, thread_id=turn.thread_id, run_id=turn.id):
        return None
    return tasks.dispatch_turn(settings, org_id=turn.org_id, thread_id=turn.thread_id,
                               run_id=turn.id, replace_done=replace_done)


def _definition(run_id: str) -> list[dict]:
    from store.models import WorkflowRun

    row = WorkflowRun.select(WorkflowRun.definition).where(WorkflowRun.id == run_id).first()
    return (row.definition or {}).get("steps", []) if row else []


def requeue_queued(settings, *, replace_done: bool = False, why: str = "a Redis restart") -> dict:
    """Redis keeps nothing durable: after it restarted, queue again every run and chat turn
    the database holds as `queued` (their jobs may be gone). A job still in Redis is not
    duplicated (unique job ids); a run or turn already taken finds itself claimed.
    ``replace_done``: a job of the same id that ended (it failed while the database was
    away) is replaced (after a database outage)."""
    from store.models import AgentRun

    counts = {"runs": 0, "turns": 0}
    with db.connection():
        queued = run_state.stale_queued(older_than_ms=0, limit=10_000)
        turns = [*AgentRun.select(AgentRun.id, AgentRun.org, AgentRun.thread_id)
                 .where(AgentRun.status == "queued", AgentRun.thread_id.is_null(False))]
    for run in queued:
        if tasks.dispatch_run(settings, run_id=run.id, attempt=run.attempt,
                              steps=_definition(run.id), replace_done=replace_done) is not None:
            counts["runs"] += 1
    for turn in turns:
        with db.connection():
            if chat.held(settings, org_id=turn.org_id, thread_id=turn.thread_id,
                         run_id=turn.id):
                continue  # waiting behind its thread's current turn: it has no job
        if tasks.dispatch_turn(settings, org_id=turn.org_id, thread_id=turn.thread_id,
                               run_id=turn.id, replace_done=replace_done) is not None:
            counts["turns"] += 1
    log.info(f"queued work re-queued after {why}", extra={"fields": counts})
    return counts
