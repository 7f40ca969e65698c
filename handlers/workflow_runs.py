"""Workflow runs: list, get, cancel. A session token reaches only its own user's runs."""
from __future__ import annotations

from handlers import ok
from runtime.workflows import runs as runs_runtime
from store import workflow_runs


def list_workflow_runs(caller, workflow_id=None, status=None, schedule_id=None, limit=50,
                       cursor=None, trigger_id=None):
    rows, following = workflow_runs.list(org_id=caller.org_id, user_id=caller.user_id,
                                         workflow_id=workflow_id, status=status,
                                         schedule_id=schedule_id, limit=limit, cursor=cursor,
                                         trigger_id=trigger_id)
    return ok({"runs": [workflow_runs.to_dict(r) for r in rows], "next_cursor": following})


def get_workflow_run(caller, id):
    return ok({"run": workflow_runs.to_dict(workflow_runs.get(
        org_id=caller.org_id, run_id=id, user_id=caller.user_id))})


def cancel_workflow_run(caller, id):
    return ok({"run": workflow_runs.to_dict(runs_runtime.cancel(
        org_id=caller.org_id, run_id=id, user_id=caller.user_id))})
