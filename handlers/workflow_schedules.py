"""Workflow schedules: CRUD, pause, resume, run now. A session token reaches only its own
user's schedules and owns the ones it creates."""
from __future__ import annotations

from handlers import created, ok
from runtime.workflows import runs as runs_runtime
from store import schedules, workflow_runs


def _one(row):
    return ok({"schedule": schedules.to_dict(row)})


def list_workflow_schedules(caller, workflow_id=None, status=None, limit=50, cursor=None):
    rows, following = schedules.list(org_id=caller.org_id, user_id=caller.user_id,
                                     workflow_id=workflow_id, status=status, limit=limit,
                                     cursor=cursor)
    return ok({"schedules": [schedules.to_dict(r) for r in rows], "next_cursor": following})


def create_workflow_schedule(caller, body):
    row = schedules.create(org_id=caller.org_id, fields=body, caller_user_id=caller.user_id)
    return created({"schedule": schedules.to_dict(row)}, f"/v1/workflow-schedules/{row.id}")


def get_workflow_schedule(caller, id):
    return _one(schedules.get(org_id=caller.org_id, schedule_id=id, user_id=caller.user_id))


def update_workflow_schedule(caller, id, body):
    return _one(schedules.update(org_id=caller.org_id, schedule_id=id, fields=body,
                                 user_id=caller.user_id))


def delete_workflow_schedule(caller, id):
    schedules.delete(org_id=caller.org_id, schedule_id=id, user_id=caller.user_id)
    return None, 204


def pause_workflow_schedule(caller, id):
    return _one(schedules.pause(org_id=caller.org_id, schedule_id=id, user_id=caller.user_id))


def resume_workflow_schedule(caller, id):
    return _one(schedules.resume(org_id=caller.org_id, schedule_id=id, user_id=caller.user_id))


def run_workflow_schedule_now(caller, settings, id):
    run = runs_runtime.run_schedule_now(settings=settings, org_id=caller.org_id, schedule_id=id,
                                        user_id=caller.user_id, group_id=caller.group_id)
    return ok({"run": workflow_runs.to_dict(run)}, 202)
