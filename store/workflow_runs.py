"""Workflow runs as the API sees them: create, get, list, cancel.

A run holds a snapshot of its workflow (`definition`) and one result per step. A session
token's caller (``user_id``) sees only runs of that user; any other run is simply not found.
"""
from __future__ import annotations

from store import pages, scope, workflows
from core import request_ids
from store import workflow_run_view as view
from core.db import atomic, new_id, utcnow
from store.errors import Conflict, NotFound
from store.models import WorkflowRun

STATUSES = ("queued", "running", "awaiting_approval", "succeeded", "failed", "cancelled")
FINAL = ("succeeded", "failed", "cancelled")
STEP_STATUSES = ("pending", "running", "awaiting_approval", "succeeded", "failed", "skipped",
                 "cancelled")


def pending_steps(steps: list[dict]) -> list[dict]:
    return [{"id": s["id"], "type": s["type"], "ref": s["ref"], "status": "pending",
             "input": None, "output": None, "error": None, "attempts": 0, "started_at": None,
             "finished_at": None, "duration_ms": None, "usage": None} for s in steps]


def new_row(*, org_id: str, workflow, input, trigger: str, user_id: str | None = None,
            schedule_id: str | None = None, fire_at=None, now=None) -> dict:
    """Field values of a queued run of workflow (for create, or a batch insert)."""
    now = now or utcnow()
    return {"id": new_id(), "org": org_id, "workflow_id": workflow.id,
            "schedule_id": schedule_id, "fire_at": fire_at, "trigger": trigger,
            "user_id": user_id, "status": "queued", "input": input,
            "definition": {"name": workflow.name, "steps": workflow.steps,
                           "input_schema": workflow.input_schema},
            "steps": pending_steps(workflow.steps), "output": None, "error": None,
            "usage": None, "attempt": 0, "cancel_requested": False,
            "request_id": request_ids.current(), "created_at": now,
            "updated_at": now}


def create(*, org_id: str, workflow_id: str, input: dict | None, user_id: str | None = None,
           trigger: str = "api", schedule_id: str | None = None, depth: int = 0,
           trigger_id: str | None = None, webhook_url: str | None = None) -> WorkflowRun:
    """A queued run of the workflow; the input must match its input_schema (400). ``depth``
    counts the runs it is nested in (a workflow called as an agent's tool: 1 or more); it is
    kept in the definition snapshot and bounds recursion (AGENT_PLATFORM_RUN_MAX_DEPTH)."""
    workflow = workflows.get(org_id=org_id, workflow_id=workflow_id)
    input = {} if input is None else input
    workflows.validate_input(workflow.input_schema, input)
    values = new_row(org_id=org_id, workflow=workflow, input=input, trigger=trigger,
                     user_id=user_id, schedule_id=schedule_id)
    if depth:
        values["definition"]["depth"] = depth
    values.update(trigger_id=trigger_id, webhook_url=webhook_url)
    with atomic():
        return WorkflowRun.create(**values)


def _mine(org_id: str, user_id: str | None):
    query = scope.scoped(WorkflowRun, org_id)
    return query.where(WorkflowRun.user_id == user_id) if user_id else query


def get(*, org_id: str, run_id: str, user_id: str | None = None) -> WorkflowRun:
    row = _mine(org_id, user_id).where(WorkflowRun.id == run_id).first()
    if row is None:
        raise NotFound("workflow run not found")
    return row


to_dict = view.to_dict  # the run as the API shows it (store/workflow_run_view.py)


def list(*, org_id: str, user_id: str | None = None, workflow_id: str | None = None,
         status: str | None = None, schedule_id: str | None = None, limit: int = 50,
         cursor: str | None = None, trigger_id: str | None = None) -> tuple[list, str | None]:
    """Runs, newest first; (rows, next_cursor)."""
    query = _mine(org_id, user_id)
    if trigger_id:
        query = query.where(WorkflowRun.trigger_id == trigger_id)
    if workflow_id:
        query = query.where(WorkflowRun.workflow_id == workflow_id)
    if status:
        query = query.where(WorkflowRun.status == status)
    if schedule_id:
        query = query.where(WorkflowRun.schedule_id == schedule_id)
    return pages.page(query, (WorkflowRun.created_at, WorkflowRun.id), limit=limit,
                      cursor=cursor, desc=True)


def cancel(*, org_id: str, run_id: str, user_id: str | None = None) -> WorkflowRun:
    """A queued run, or one waiting for approvals, is cancelled at once (with the turns its
    agent steps wait on); a running one is asked to stop (its executor stops before the next
    step, or while waiting on a step, and marks it cancelled). Cancelling a cancelled run
    changes nothing; a succeeded or failed run is 409 `run_finished`."""
    from store import runs, workflow_approvals
    from store import workflow_run_state as run_state

    row = get(org_id=org_id, run_id=run_id, user_id=user_id)
    if row.status == "cancelled":
        return row
    if row.status in FINAL:
        raise Conflict(f"the run has already {row.status}", code="run_finished")
    waiting, turns = workflow_approvals.cancel_waiting(row)
    for turn_id in turns:
        runs.request_cancel(run_id=turn_id)
    if not waiting and not run_state.cancel_queued(row):
        with atomic():
            (WorkflowRun.update(cancel_requested=True, updated_at=utcnow())
             .where(WorkflowRun.id == row.id, WorkflowRun.status == "running").execute())
    row = get(org_id=org_id, run_id=run_id, user_id=user_id)
    if row.status in ("succeeded", "failed"):
        raise Conflict(f"the run has already {row.status}", code="run_finished")
    return row
