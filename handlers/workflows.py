"""Workflows: CRUD and starting a run."""
from __future__ import annotations

from handlers import created, ok
from runtime.workflows import runs as workflow_runs_runtime
from store import workflow_runs, workflows


def list_workflows(caller, name=None, limit=50, cursor=None):
    rows, following = workflows.list(org_id=caller.org_id, name=name, limit=limit, cursor=cursor)
    return ok({"workflows": [workflows.to_dict(r) for r in rows], "next_cursor": following})


def create_workflow(caller, body):
    row = workflows.create(org_id=caller.org_id, fields=body)
    return created({"workflow": workflows.to_dict(row)}, f"/v1/workflows/{row.id}")


def get_workflow(caller, id):
    return ok({"workflow": workflows.to_dict(workflows.get(org_id=caller.org_id,
                                                           workflow_id=id))})


def update_workflow(caller, id, body):
    return ok({"workflow": workflows.to_dict(workflows.update(org_id=caller.org_id,
                                                              workflow_id=id, fields=body))})


def delete_workflow(caller, id):
    workflows.delete(org_id=caller.org_id, workflow_id=id)
    return None, 204


def run_workflow(caller, settings, id, body=None):
    run = workflow_runs_runtime.start(settings=settings, org_id=caller.org_id, workflow_id=id,
                                      input=(body or {}).get("input"), user_id=caller.user_id,
                                      group_id=caller.group_id,
                                      webhook_url=(body or {}).get("webhook"))
    return ok({"run": workflow_runs.to_dict(run)}, 202)
