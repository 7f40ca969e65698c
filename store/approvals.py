"""Runs paused for tool approvals: the paused state of a run (``AgentRun.approval``), the
decisions on its calls, and which paused runs are due (every call decided, or a decision
timed out).

A run's ``approval`` holds what continuing it needs: ``{"round", "agent_id", "conversation",
"calls", "turn", "pending": [{call_id, tool_id, name, arguments, expires_at, status,
decided_by, decided_at, comment}]}``; ``approval_expires_at`` is the earliest deadline of its
undecided calls (indexed with the status, so the sweep reads only what is due). Every change
is conditional on the run still being `awaiting_approval`, under the run's row lock, so two
deciders (or a decider and the sweep) never both resume it.
"""
from __future__ import annotations

import datetime as dt

from store import outbox, runs, scope, webhooks
from core.db import atomic, is_postgres, iso, utcnow
from store.errors import Conflict, NotFound
from store.models import AgentRun

AWAITING = "awaiting_approval"
DECISIONS = {"approve": "approved", "deny": "denied"}


def pause(*, run_id: str, state: dict, steps: list, usage: dict, cost_micro_usd: int,
          output: str | None) -> bool:
    """running → awaiting_approval with its state; False when the run is no longer running
    or a cancel was asked for meanwhile (the executor then ends it as cancelled)."""
    now = utcnow()
    with atomic():
        paused = [*AgentRun.update(status=AWAITING, approval=state, steps=steps, usage=usage,
                                   cost_micro_usd=cost_micro_usd, output=output,
                                   approval_expires_at=_earliest(state), updated_at=now)
                  .where(AgentRun.id == run_id, AgentRun.status == "running",
                         AgentRun.cancel_requested == False)  # noqa: E712
                  .returning(AgentRun.org).execute()]
        if paused:
            announce(paused[0].org_id, run_id, "approval.requested")
        return bool(paused)


def announce(org_id: str, run_id: str, event_type: str, decisions: list | None = None) -> None:
    """`approval.requested` or `approval.decided` of a run (in the caller's transaction):
    the run as the API shows it, with its calls; `decisions`: the decisions just recorded."""
    def data():
        out = {"run": runs.to_dict(runs.get(org_id=org_id, run_id=run_id))}
        if decisions is not None:
            out["decisions"] = decisions
        return out

    webhooks.emit(org_id=org_id, event_type=event_type, data=data)


def _earliest(state: dict) -> dt.datetime | None:
    open_ = [p["expires_at"] for p in state["pending"] if p["status"] == "pending"]
    return dt.datetime.fromisoformat(min(open_).rstrip("Z")) if open_ else None


def _locked(org_id: str, run_id: str, user_id: str | None) -> AgentRun:
    query = scope.scoped(AgentRun, org_id).where(AgentRun.id == run_id)
    if user_id is not None:
        query = query.where(AgentRun.user_id == user_id)
    if is_postgres():
        query = query.for_update()
    row = query.first()
    if row is None:
        raise NotFound("run not found")
    return row


def _resume_if_done(row: AgentRun, state: dict, steps: list, now: dt.datetime):
    """Store the decisions; when none is left open, queue the run again (its job through the
    outbox, in this transaction; a workflow step's turn: the workflow run's job). Returns the
    outbox entry or None."""
    done = all(p["status"] != "pending" for p in state["pending"])
    values = {AgentRun.approval: state, AgentRun.steps: steps, AgentRun.updated_at: now,
              AgentRun.approval_expires_at: None if done else _earliest(state)}
    if done:
        values[AgentRun.status] = "queued"
    changed = AgentRun.update(values).where(AgentRun.id == row.id,
                                            AgentRun.status == AWAITING).execute()
    if changed and row.workflow_run_id:  # a workflow's step: the workflow run continues it
        from store import workflow_approvals

        return workflow_approvals.child_decided(child=row, pending=state["pending"], done=done,
                                                now=now)
    if not changed or not done:
        return None
    return outbox.add(kind="turn_resume", org_id=row.org_id, payload={
        "org_id": row.org_id, "run_id": row.id, "thread_id": row.thread_id,
        "round": state["round"]})


def _record(pending: dict, status: str, decided_by: dict, comment: str | None,
            now: dt.datetime) -> dict:
    pending.update(status=status, decided_by=decided_by, decided_at=iso(now), comment=comment)
    return {"type": "approval", "tool_call_id": pending["call_id"], "tool_id": pending["tool_id"],
            "name": pending["name"], "decision": status, "decided_by": decided_by,
            "decided_at": iso(now), "comment": comment}


def decide(*, org_id: str, run_id: str, user_id: str | None, call_id: str, decision: str,
           decided_by: dict, comment: str | None = None) -> tuple[AgentRun, dict, object]:
    """Record a decision on one waiting call. Returns (run, the decision's step, the outbox
    entry of the run's resumption or None). 404 for a run the caller cannot see or an
    unknown call id; 409 `run_not_awaiting_approval`, `approval_already_decided`."""
    now = utcnow()
    with atomic():
        row = _locked(org_id, run_id, user_id)
        if row.status != AWAITING or not row.approval:
            raise Conflict(f"the run is {row.status}, not waiting for an approval",
                           code="run_not_awaiting_approval")
        state = row.approval
        pending = next((p for p in state["pending"] if p["call_id"] == call_id), None)
        if pending is None:
            raise NotFound(f"the run has no tool call {call_id!r} waiting for approval",
                           code="approval_not_found")
        if pending["status"] != "pending":
            raise Conflict(f"the call {call_id!r} was already {pending['status']}",
                           code="approval_already_decided")
        step = _record(pending, DECISIONS[decision], decided_by, comment, now)
        entry = _resume_if_done(row, state, [*row.steps, step], now)
        announce(org_id, run_id, "approval.decided", [step])
    return scope.get(AgentRun, org_id, AgentRun.id == run_id, what="run"), step, entry


def due(*, now: dt.datetime | None = None, limit: int = 100) -> list[tuple[str, str]]:
    """(org id, run id) of paused runs with a decision past its deadline."""
    return [(r.org_id, r.id) for r in AgentRun.select(AgentRun.id, AgentRun.org).where(
        AgentRun.status == AWAITING, AgentRun.approval_expires_at <= (now or utcnow()))
        .order_by(AgentRun.approval_expires_at).limit(limit)]


def expire(*, org_id: str, run_id: str, now: dt.datetime | None = None):
    """Deny the run's calls whose deadline passed. Returns (run, steps recorded, outbox entry
    or None); (None, [], None) when the run is no longer paused."""
    now = now or utcnow()
    with atomic():
        row = _locked(org_id, run_id, None)
        if row.status != AWAITING or not row.approval:
            return None, [], None
        state, steps = row.approval, []
        for pending in state["pending"]:
            deadline = dt.datetime.fromisoformat(pending["expires_at"].rstrip("Z"))
            if pending["status"] == "pending" and deadline <= now:
                steps.append(_record(pending, "denied", {"kind": "timeout"}, None, now))
        if not steps:
            return None, [], None
        entry = _resume_if_done(row, state, [*row.steps, *steps], now)
        announce(org_id, run_id, "approval.decided", steps)
    return row, steps, entry
