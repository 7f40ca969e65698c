"""Runs of agents and networks (``AgentRun``): one turn each, with its steps, usage and cost.

A session token's caller (``user_id``) sees only that user's runs; any other run is simply
not found.
"""
from __future__ import annotations

import functools

from store import pages, scope, webhooks
from core import request_ids
from core.db import (Compiled, Insert, atomic, database, db_value, iso, naive_utc, run_sql,
                      utcnow)
from store.errors import NotFound
from store.models import AgentRun, RunEvent

STATUSES = ("queued", "running", "awaiting_approval", "succeeded", "failed", "cancelled")
FINAL = ("succeeded", "failed", "cancelled")


def create(*, org_id: str, kind: str, input: str, agent_id: str | None = None,
           copilot_id: str | None = None, thread_id: str | None = None,
           user_id: str | None = None, group_id: str | None = None,
           workflow_id: str | None = None, workflow_run_id: str | None = None,
           trigger_id: str | None = None, webhook_url: str | None = None) -> AgentRun:
    return _INSERT(org=org_id, kind=kind, input=input, agent_id=agent_id,
                   copilot_id=copilot_id, thread_id=thread_id, user_id=user_id,
                   group_id=group_id, workflow_id=workflow_id,
                   workflow_run_id=workflow_run_id, request_id=request_ids.current(),
                   trigger_id=trigger_id, webhook_url=webhook_url)


_INSERT = Insert(AgentRun)  # one statement, atomic by itself


_BY_ID = Compiled(lambda: scope.scoped(AgentRun, "?").where(AgentRun.id == "?"))


def get(*, org_id: str, run_id: str, user_id: str | None = None) -> AgentRun:
    if user_id is None:
        row = _BY_ID.instance(org_id, run_id)
    else:
        row = (scope.scoped(AgentRun, org_id)
               .where(AgentRun.id == run_id, AgentRun.user_id == user_id).first())
    if row is None:
        raise NotFound("run not found")
    return row


_FILTERS = ("kind", "status", "agent_id", "copilot_id", "workflow_id", "group_id",
            "trigger_id")


def list(*, org_id: str, caller_user_id: str | None = None, filters: dict | None = None,
         limit: int = 50, cursor: str | None = None) -> tuple[list, str | None]:
    """The org's runs, newest first; (rows, next_cursor). ``filters`` may name kind, status,
    agent_id, copilot_id, workflow_id, user_id, group_id, created_after (inclusive) and
    created_before (exclusive). ``caller_user_id`` (a session's user) narrows to that user's
    runs whatever the filters say."""
    filters = {k: v for k, v in (filters or {}).items() if v is not None}
    query = scope.scoped(AgentRun, org_id)
    for name in _FILTERS:
        if name in filters:
            query = query.where(getattr(AgentRun, name) == filters[name])
    for user_id in {filters.get("user_id"), caller_user_id} - {None}:
        query = query.where(AgentRun.user_id == user_id)
    if "created_after" in filters:
        query = query.where(AgentRun.created_at >= naive_utc(filters["created_after"]))
    if "created_before" in filters:
        query = query.where(AgentRun.created_at < naive_utc(filters["created_before"]))
    return pages.page(query, (AgentRun.created_at, AgentRun.id), limit=limit, cursor=cursor,
                      desc=True)


def events(*, org_id: str, run_id: str, user_id: str | None = None, limit: int = 50,
           cursor: str | None = None) -> tuple[list[dict], str | None]:
    """The run's recorded events in order, as the chat stream sent them ({id, event, data});
    (events, next_cursor)."""
    run = get(org_id=org_id, run_id=run_id, user_id=user_id)
    if run.thread_id is None:  # only a thread's turns log events
        return [], None
    query = scope.scoped(RunEvent, org_id, RunEvent.seq, RunEvent.kind, RunEvent.data).where(
        RunEvent.thread == run.thread_id, RunEvent.run_id == run.id)
    rows, following = pages.page(query, (RunEvent.seq,), limit=limit, cursor=cursor)
    return [{"id": r.seq, "event": r.kind, "data": r.data} for r in rows], following


def mark_running(*, run_id: str, now=None) -> bool:
    """queued → running; False when the run is no longer queued (cancelled, or taken)."""
    now = now or utcnow()
    return run_sql('UPDATE "agent_run" SET "status" = \'running\', "started_at" = %s, '
                   '"updated_at" = %s WHERE "id" = %s AND "status" = \'queued\'',
                   [now, now, run_id]).rowcount > 0


def finish(*, run_id: str, status: str, output: str | None, steps: list, usage: dict,
           cost_micro_usd: int, error: dict | None = None,
           followups: list | None = None, agent_id: str | None = None) -> bool:
    """Record the run's end (``agent_id``: the agent that answered, for a network). False
    when the run had already ended (e.g. recovery marked it interrupted)."""
    now = utcnow()
    values = dict(status=status, output=output, steps=steps, usage=usage,
                  cost_micro_usd=cost_micro_usd, error=error, followups=followups,
                  finished_at=now, updated_at=now)
    if agent_id is not None:
        values["agent_id"] = agent_id
    params = [db_value(AgentRun._meta.fields[name], value) for name, value in values.items()]
    if not database.in_transaction():  # its webhook event is recorded with it
        with atomic():
            return _finish(values, params, run_id, status)
    return _finish(values, params, run_id, status)


def _finish(values: dict, params: list, run_id: str, status: str) -> bool:
    ended = run_sql(_finish_sql(tuple(values)), [*params, run_id, *FINAL]).fetchall()
    announce([(run_id, org_id, url) for org_id, url in ended], status)
    return bool(ended)


@functools.lru_cache(maxsize=4)
def _finish_sql(names: tuple) -> str:
    """The run's end, one statement (written once per set of columns), answering what its
    webhook event needs."""
    sets = ", ".join(f'"{AgentRun._meta.fields[n].column_name}" = %s' for n in names)
    marks = ", ".join(["%s"] * len(FINAL))
    return (f'UPDATE "agent_run" SET {sets} WHERE "id" = %s AND "status" NOT IN ({marks}) '
            'RETURNING "org_id", "webhook_url"')


def announce(ended: list[tuple[str, str, str | None]], status: str) -> None:
    """The webhook event of each run that ended with status ((run id, org id, the run's own
    webhook URL)), in the caller's transaction."""
    for run_id, org_id, url in ended:
        webhooks.emit(org_id=org_id, event_type=f"run.{status}", run_webhook_url=url,
                      data=lambda run_id=run_id, org_id=org_id: {
                          "run": to_dict(get(org_id=org_id, run_id=run_id))})


_ENDED = (AgentRun.id, AgentRun.org, AgentRun.webhook_url)


def _ended(rows) -> list[tuple]:
    return [(r.id, r.org_id, r.webhook_url) for r in rows]


def request_cancel(*, run_id: str) -> None:
    """A queued run, or one waiting for approvals, is cancelled at once; a running one gets
    ``cancel_requested`` (its executor stops); a finished one is left as it is."""
    now = utcnow()
    with atomic():
        ended = (AgentRun.update(status="cancelled", cancel_requested=True, finished_at=now,
                                 updated_at=now, approval_expires_at=None,
                                 error={"code": "cancelled", "message": "the run was cancelled"})
                 .where(AgentRun.id == run_id,
                        AgentRun.status.in_(("queued", "awaiting_approval")))
                 .returning(*_ENDED).execute())
        announce(_ended(ended), "cancelled")
        (AgentRun.update(cancel_requested=True, updated_at=now)
         .where(AgentRun.id == run_id, AgentRun.status == "running").execute())


def interrupt_stale(*, running_before) -> int:
    """Recovery: runs whose executing process died (a `running` run whose heartbeat,
    ``updated_at``, is older than running_before) become `failed` with ``run_interrupted``."""
    now = utcnow()
    error = {"code": "run_interrupted",
             "message": "the process executing the run stopped before it finished"}
    with atomic():
        ended = _ended(AgentRun.update(status="failed", error=error, finished_at=now,
                                       updated_at=now)
                       .where((AgentRun.status == "running") &
                              (AgentRun.updated_at < running_before))
                       .returning(*_ENDED).execute())
        announce(ended, "failed")
    return len(ended)


def not_started(*, queued_before, limit: int = 1000) -> tuple[list[AgentRun], int]:
    """Recovery of runs `queued` untouched since queued_before (waiting is not a fault: a run
    may wait for a free slot): a chat turn, or a turn to continue after its approvals, is
    returned to be queued again (its job may be lost; a job still there is not duplicated),
    its ``updated_at`` touched; another (a synchronous run whose process stopped before
    starting it, a workflow step's turn) fails with ``run_not_started``. Returns (the runs
    to queue again, how many failed)."""
    now = utcnow()
    stale = (AgentRun.status == "queued") & (AgentRun.updated_at < queued_before)
    again = [*AgentRun.select(AgentRun.id, AgentRun.org, AgentRun.thread_id, AgentRun.approval)
             .where(stale & (AgentRun.thread_id.is_null(False) | AgentRun.approval.is_null(False)))
             .limit(limit)]
    error = {"code": "run_not_started",
             "message": "the process that accepted the run stopped before starting it"}
    with atomic():
        if again:
            (AgentRun.update(updated_at=now)
             .where(AgentRun.id.in_([r.id for r in again]), AgentRun.status == "queued")
             .execute())
        ended = _ended(AgentRun.update(status="failed", error=error, finished_at=now,
                                       updated_at=now)
                       .where(stale & AgentRun.thread_id.is_null() & AgentRun.approval.is_null())
                       .returning(*_ENDED).execute())
        announce(ended, "failed")
    return again, len(ended)


def cancel_requested(*, run_id: str) -> bool:
    row = AgentRun.select(AgentRun.cancel_requested).where(AgentRun.id == run_id).first()
    return bool(row and row.cancel_requested)


def to_dict(row: AgentRun) -> dict:
    return {
        "id": row.id, "kind": row.kind, "agent_id": row.agent_id, "copilot_id": row.copilot_id,
        "thread_id": row.thread_id, "workflow_id": row.workflow_id,
        "workflow_run_id": row.workflow_run_id, "user_id": row.user_id,
        "group_id": row.group_id,
        "status": row.status, "input": row.input, "output": row.output, "steps": row.steps,
        "usage": row.usage, "cost_usd": row.cost_micro_usd / 1_000_000, "error": row.error,
        "followups": row.followups, "cancel_requested": row.cancel_requested,
        "request_id": row.request_id, "trigger_id": row.trigger_id,
        "created_at": iso(row.created_at), "started_at": iso(row.started_at),
        "finished_at": iso(row.finished_at), "updated_at": iso(row.updated_at),
        **({"approvals": _approvals(row)} if row.approval else {}),
    }


def _approvals(row: AgentRun) -> list[dict]:
    return [{k: p.get(k) for k in ("call_id", "tool_id", "name", "arguments", "status",
                                   "expires_at", "decided_by", "decided_at", "comment")}
            for p in row.approval["pending"]]
