"""Workflow runs paused for tool approvals: the pause, the decisions and the timeouts.

A tool step whose tool requires approval, or an agent/network step whose turn paused for one,
puts the run in `awaiting_approval`: the step's status becomes `awaiting_approval` and its
``approvals`` lists the calls (``{call_id, tool_id, name, arguments, expires_at, status,
decided_by, decided_at, comment}``); an agent step also names the paused turn (``run_id``),
which keeps the conversation (store/approvals.py). The run holds no lease and no process
while it waits; ``approval_expires_at`` is the earliest deadline of its tool steps' open calls
(an agent step's deadlines are its turn's). When every call is decided the run is queued again
in the same transaction (an outbox entry) and its next execution continues at that step.

Decisions on an agent step go to its turn (store.approvals.decide, with the turn's row locked
first, then the workflow run's: the one lock order of every path); ``child_decided`` copies
each one into the workflow step, so the run's steps record who decided and when.
"""
from __future__ import annotations

import datetime as dt

from store import outbox, scope, webhooks
from store import workflow_run_view as view
from core.db import atomic, is_postgres, iso, utcnow
from store.errors import Conflict, NotFound
from store.models import AgentRun, WorkflowRun

R = WorkflowRun
AWAITING = "awaiting_approval"
FIELDS = ("call_id", "tool_id", "name", "arguments", "expires_at", "status", "decided_by",
          "decided_at", "comment")


def step_call(pending: dict) -> dict:
    """A waiting call as a workflow step records it."""
    return {k: pending.get(k) for k in FIELDS}


def _deadline(value: str) -> dt.datetime:
    return dt.datetime.fromisoformat(value.rstrip("Z"))


def _earliest(steps: list[dict]) -> dt.datetime | None:
    """The earliest open deadline of the run's tool steps (agent steps: their turn's)."""
    open_ = [p["expires_at"] for s in steps if s.get("status") == AWAITING and not s.get("run_id")
             for p in s.get("approvals") or () if p["status"] == "pending"]
    return _deadline(min(open_)) if open_ else None


def round_of(steps: list[dict]) -> int:
    """How many calls of the run ever waited: a new pause always adds one, so it numbers the
    run's resumptions (their job ids)."""
    return sum(len(s.get("approvals") or ()) for s in steps)


def pause(*, run_id: str, token: str, steps: list[dict], usage: dict | None,
          child_id: str | None = None) -> tuple[str | None, list[dict]]:
    """running → awaiting_approval, the lease released (a pause is not an execution attempt:
    ``attempt`` goes back). Returns ("paused", []); ("decided", the turn's calls with their
    decisions) when the step's turn (``child_id``) was decided meanwhile and no longer waits
    (the executor continues it at once); (None, []) when the lease was lost or a cancel was
    asked for."""
    now = utcnow()
    with atomic():
        if child_id is not None:
            query = AgentRun.select(AgentRun.status, AgentRun.approval).where(
                AgentRun.id == child_id)
            child = (query.for_update() if is_postgres() else query).first()
            if child is None or child.status != AWAITING:
                calls = ((child.approval or {}).get("pending") or []) if child else []
                return "decided", [step_call(p) for p in calls]
        changed = (R.update(status=AWAITING, steps=steps, usage=usage, attempt=R.attempt - 1,
                            approval_expires_at=_earliest(steps), lease_owner=None,
                            lease_expires_at=None, updated_at=now)
                   .where(R.id == run_id, R.lease_owner == token, R.status == "running",
                          R.cancel_requested == False)  # noqa: E712
                   .returning(R.org).execute())
        changed = [*changed]
        if changed and child_id is None:  # an agent step's turn announced its own calls
            announce(changed[0].org_id, run_id, "approval.requested")
    return ("paused" if changed else None), []


def announce(org_id: str, run_id: str, event_type: str, decisions: list | None = None) -> None:
    """`approval.requested` or `approval.decided` of a workflow run's tool step (in the
    caller's transaction): the run as the API shows it; `decisions`: those just recorded."""
    def data():
        out = {"workflow_run": view.to_dict(R.get_by_id(run_id))}
        if decisions is not None:
            out["decisions"] = decisions
        return out

    webhooks.emit(org_id=org_id, event_type=event_type, data=data)


def _locked(org_id: str, run_id: str, user_id: str | None = None) -> WorkflowRun | None:
    query = scope.scoped(R, org_id).where(R.id == run_id)
    if user_id is not None:
        query = query.where(R.user_id == user_id)
    if is_postgres():
        query = query.for_update()
    return query.first()


def exists(*, org_id: str, run_id: str) -> bool:
    return scope.scoped(R, org_id).where(R.id == run_id).exists()


def waiting_step(*, org_id: str, run_id: str, user_id: str | None,
                 call_id: str) -> tuple[WorkflowRun, dict]:
    """The run (a session token's caller: their own) and its step that waits for ``call_id``;
    404 for another run or an unknown call, 409 `run_not_awaiting_approval`."""
    query = scope.scoped(R, org_id).where(R.id == run_id)
    row = (query.where(R.user_id == user_id) if user_id is not None else query).first()
    if row is None:
        raise NotFound("run not found")
    if row.status != AWAITING:
        raise Conflict(f"the run is {row.status}, not waiting for an approval",
                       code="run_not_awaiting_approval")
    for step in row.steps:
        if step.get("status") == AWAITING and any(p["call_id"] == call_id
                                                  for p in step.get("approvals") or ()):
            return row, step
    raise NotFound(f"the run has no tool call {call_id!r} waiting for approval",
                   code="approval_not_found")


def _record(pending: dict, status: str, decided_by: dict, comment: str | None, now) -> None:
    pending.update(status=status, decided_by=decided_by, decided_at=iso(now), comment=comment)


def _resume_if_done(row: WorkflowRun, steps: list[dict], now):
    """Store the decisions; when no call of the run is left open, queue it again (its job
    through the outbox, in this transaction). Returns the outbox entry or None."""
    done = not any(p["status"] == "pending" for s in steps if s.get("status") == AWAITING
                   for p in s.get("approvals") or ())
    values = {R.steps: steps, R.updated_at: now, R.approval_expires_at: _earliest(steps)}
    if done:
        values.update({R.status: "queued", R.approval_expires_at: None})
    changed = R.update(values).where(R.id == row.id, R.status == AWAITING).execute()
    if not changed or not done:
        return None
    return outbox.add(kind="workflow_run", org_id=row.org_id, payload={
        "run_id": row.id, "attempt": row.attempt, "steps": row.definition["steps"],
        "round": round_of(steps)})


def decide(*, org_id: str, run_id: str, user_id: str | None, call_id: str, decision: str,
           decided_by: dict, comment: str | None = None):
    """A decision on a tool step's call. Returns (run, the decision as recorded, outbox entry
    or None); 409 `approval_already_decided` for a call decided before."""
    now = utcnow()
    with atomic():
        row = _locked(org_id, run_id, user_id)
        if row is None:
            raise NotFound("run not found")
        if row.status != AWAITING:
            raise Conflict(f"the run is {row.status}, not waiting for an approval",
                           code="run_not_awaiting_approval")
        steps = [dict(s) for s in row.steps]
        pending = next((p for s in steps if s.get("status") == AWAITING
                        for p in s.get("approvals") or () if p["call_id"] == call_id), None)
        if pending is None:
            raise NotFound(f"the run has no tool call {call_id!r} waiting for approval",
                           code="approval_not_found")
        if pending["status"] != "pending":
            raise Conflict(f"the call {call_id!r} was already {pending['status']}",
                           code="approval_already_decided")
        _record(pending, {"approve": "approved", "deny": "denied"}[decision], decided_by,
                comment, now)
        entry = _resume_if_done(row, steps, now)
        announce(org_id, run_id, "approval.decided", [dict(pending)])
    return scope.get(R, org_id, R.id == run_id, what="run"), dict(pending), entry


def child_decided(*, child: AgentRun, pending: list[dict], done: bool, now):
    """A decision on the turn of a workflow's agent step (in the decision's transaction): copy
    the turn's calls into the step; when the turn has no open call left and the workflow run
    waits for it, queue the run. Returns the outbox entry or None."""
    row = _locked(child.org_id, child.workflow_run_id)
    if row is None or row.status not in (AWAITING, "running"):
        return None
    steps = [dict(s) for s in row.steps]
    step = next((s for s in steps if s.get("run_id") == child.id), None)
    if step is None:
        return None
    known = {p["call_id"]: p for p in step.get("approvals") or ()}
    for p in pending:
        known[p["call_id"]] = step_call(p)
    step["approvals"] = list(known.values())
    if row.status == AWAITING and done:
        return _resume_if_done(row, steps, now)
    # still waiting, or running: its executor is about to pause and sees the turn decided
    R.update(steps=steps, updated_at=now).where(R.id == row.id).execute()
    return None


def due(*, now: dt.datetime | None = None, limit: int = 100) -> list[tuple[str, str]]:
    """(org id, run id) of paused runs with a tool step's decision past its deadline."""
    return [(r.org_id, r.id) for r in R.select(R.id, R.org).where(
        R.status == AWAITING, R.approval_expires_at <= (now or utcnow()))
        .order_by(R.approval_expires_at).limit(limit)]


def expire(*, org_id: str, run_id: str, now: dt.datetime | None = None):
    """Deny the tool steps' calls whose deadline passed. Returns (run, the calls denied,
    outbox entry or None); (None, [], None) when the run is no longer paused."""
    now = now or utcnow()
    with atomic():
        row = _locked(org_id, run_id)
        if row is None or row.status != AWAITING:
            return None, [], None
        steps, denied = [dict(s) for s in row.steps], []
        for step in steps:
            if step.get("status") != AWAITING or step.get("run_id"):
                continue
            for p in step.get("approvals") or ():
                if p["status"] == "pending" and _deadline(p["expires_at"]) <= now:
                    _record(p, "denied", {"kind": "timeout"}, None, now)
                    denied.append(dict(p))
        if not denied:
            return None, [], None
        entry = _resume_if_done(row, steps, now)
        announce(org_id, run_id, "approval.decided", denied)
    return row, denied, entry


def cancel_waiting(row: WorkflowRun,
                   now: dt.datetime | None = None) -> tuple[bool, list[str]]:
    """Cancel a run waiting for approvals: its waiting step is cancelled, the steps after it
    skipped. Returns (whether it was waiting, the turns its agent steps wait on: the caller
    cancels them)."""
    from store.workflow_run_state import _record_outcome, announce as announce_end

    now = now or utcnow()
    error = {"code": "cancelled", "message": "the run was cancelled"}
    with atomic():
        row = _locked(row.org_id, row.id)
        if row is None or row.status != AWAITING:
            return False, []
        steps, turns = [dict(s) for s in row.steps], []
        for step in steps:
            if step.get("status") == AWAITING:
                step.update(status="cancelled", error=error, finished_at=iso(now))
                if step.get("run_id"):
                    turns.append(step["run_id"])
            elif step.get("status") == "pending":
                step["status"] = "skipped"
        R.update(status="cancelled", cancel_requested=True, steps=steps, finished_at=now,
                 updated_at=now, approval_expires_at=None, error=error).where(
            R.id == row.id, R.status == AWAITING).execute()
        _record_outcome(row.schedule_id, row.id, "cancelled", now)
        announce_end(row.id, "cancelled")
    return True, turns
