"""A workflow run as the API shows it (apart from store/workflow_runs.py, so that the
writers of run states, store/workflow_run_state.py, can describe a run in its webhook event)."""
from __future__ import annotations

from core.db import iso
from store.models import WorkflowRun


def to_dict(row: WorkflowRun) -> dict:
    return {
        "id": row.id, "workflow_id": row.workflow_id,
        "workflow_name": (row.definition or {}).get("name"),
        "schedule_id": row.schedule_id, "fire_at": iso(row.fire_at), "trigger": row.trigger,
        "user_id": row.user_id, "status": row.status, "input": row.input,
        "output": row.output, "error": row.error, "steps": row.steps, "usage": row.usage,
        "attempt": row.attempt, "cancel_requested": row.cancel_requested,
        "request_id": row.request_id, "trigger_id": row.trigger_id,
        "created_at": iso(row.created_at), "started_at": iso(row.started_at),
        "finished_at": iso(row.finished_at), "updated_at": iso(row.updated_at),
    }
