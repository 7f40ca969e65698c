"""Deciding on tool calls that wait for approval: ``POST /v1/runs/{id}/approvals`` by the
run's end user (session token) or the organization (API key), and the sweep that denies
calls nobody decided in time (each tool's `approval_timeout_s`, default 24 hours).

Every decision is a step of the run (`type: approval`, with who decided and when) and an
`approval.decided` event on the thread's stream. When the last waiting call of a run is
decided, the run is queued again in the same transaction (an outbox entry), and its job
continues the turn in whichever worker takes it (runtime/approvals/service.py).

A workflow run waits the same way (store/workflow_approvals.py): its id takes decisions on its
tool steps' calls, and on the calls of its agent steps' turns (passed on to the turn, whose
decisions are copied into the step); the last decision queues the workflow run again.
"""
from __future__ import annotations

import logging

from runtime import dispatch
from runtime.chat import service as chat
from store import approvals as store
from store import runs, workflow_approvals, workflow_runs
from core import db

log = logging.getLogger("agent_platform.approvals")


def _announce(settings, row, steps: list[dict]) -> None:
    if row.thread_id is None:
        return
    chat.log_events(settings, org_id=row.org_id, thread_id=row.thread_id, run_id=row.id,
                    events=[("approval.decided", {
                        "run_id": row.id, "call_id": step["tool_call_id"],
                        "tool_id": step["tool_id"], "name": step["name"],
                        "decision": step["decision"], "decided_by": step["decided_by"],
                        "decided_at": step["decided_at"], "comment": step["comment"]})
                        for step in steps])


def decided_by(caller) -> dict:
    """Who decides: the session's end user, the API key (with the end user it named), or the
    operator."""
    if caller.is_session:
        return {"kind": "user", "user_id": caller.user_id}
    if caller.is_admin:
        return {"kind": "admin"}
    return {"kind": "api_key", "api_key_id": caller.key_id,
            **({"user_id": caller.user_id} if caller.user_id else {})}


def decide(*, settings, caller, run_id: str, call_id: str, decision: str,
           comment: str | None = None) -> dict:
    """Record one decision; returns the run as the API shows it (a turn or a workflow run).
    A session token (or X-User-Id) reaches only its user's runs."""
    if workflow_approvals.exists(org_id=caller.org_id, run_id=run_id):
        return workflow_runs.to_dict(_decide_workflow(settings, caller, run_id, call_id,
                                                      decision, comment))
    return runs.to_dict(_decide_turn(settings, caller, run_id, call_id, decision, comment))


def _decide_workflow(settings, caller, run_id, call_id, decision, comment):
    row, step = workflow_approvals.waiting_step(org_id=caller.org_id, run_id=run_id,
                                                user_id=caller.user_id, call_id=call_id)
    if step.get("run_id"):  # an agent step: the decision is its turn's
        _decide_turn(settings, caller, step["run_id"], call_id, decision, comment, user_id=None)
    else:
        _, _, entry = workflow_approvals.decide(
            org_id=caller.org_id, run_id=run_id, user_id=caller.user_id, call_id=call_id,
            decision=decision, decided_by=decided_by(caller), comment=comment)
        if entry is not None:
            dispatch.after_commit(settings, entry)
    return workflow_runs.get(org_id=caller.org_id, run_id=run_id)


def _decide_turn(settings, caller, run_id, call_id, decision, comment, **scope):
    row, step, entry = store.decide(org_id=caller.org_id, run_id=run_id,
                                    user_id=scope.get("user_id", caller.user_id),
                                    call_id=call_id,
                                    decision=decision, decided_by=decided_by(caller),
                                    comment=comment)
    _announce(settings, row, [step])
    if entry is not None:
        dispatch.after_commit(settings, entry)
    return runs.get(org_id=caller.org_id, run_id=run_id)


def expire_due(settings, now=None) -> int:
    """Deny every waiting call past its deadline (the recovery sweep); returns how many."""
    denied = 0
    with db.connection():
        for org_id, run_id in store.due(now=now):
            row, steps, entry = store.expire(org_id=org_id, run_id=run_id, now=now)
            if row is None:
                continue
            denied += len(steps)
            _announce(settings, row, steps)
            if entry is not None:
                dispatch.after_commit(settings, entry)
        for org_id, run_id in workflow_approvals.due(now=now):
            row, calls, entry = workflow_approvals.expire(org_id=org_id, run_id=run_id, now=now)
            denied += len(calls)
            if entry is not None:
                dispatch.after_commit(settings, entry)
    if denied:
        log.info("approvals timed out", extra={"fields": {"denied": denied}})
    return denied
