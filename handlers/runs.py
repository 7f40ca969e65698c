"""Runs of agents and networks: one synchronous turn without a thread, and the run record."""
from __future__ import annotations

import asyncio

from handlers import ok
from runtime.turns import service as turns
from store import runs


async def _result(future):
    """The answer once the turn ends (awaited on the server's loop: no thread waits)."""
    run = await asyncio.wrap_future(future)
    return ok({"output": run.output, "run": runs.to_dict(run)})


def run_agent(caller, settings, id, body):
    return _result(turns.run(settings=settings, org_id=caller.org_id, input=body["input"],
                             agent_id=id, user_id=caller.user_id, group_id=caller.group_id,
                             webhook_url=body.get("webhook")))


def run_copilot(caller, settings, id, body):
    return _result(turns.run(settings=settings, org_id=caller.org_id, input=body["input"],
                             copilot_id=id, user_id=caller.user_id, group_id=caller.group_id,
                             webhook_url=body.get("webhook")))


def get_run(caller, id):
    return ok({"run": runs.to_dict(runs.get(org_id=caller.org_id, run_id=id,
                                            user_id=caller.user_id))})


def list_runs(caller, kind=None, status=None, agent_id=None, copilot_id=None, workflow_id=None,
              user_id=None, group_id=None, created_after=None, created_before=None, limit=50,
              cursor=None, trigger_id=None):
    filters = {"kind": kind, "status": status, "agent_id": agent_id, "copilot_id": copilot_id,
               "workflow_id": workflow_id, "user_id": user_id, "group_id": group_id,
               "created_after": created_after, "created_before": created_before,
               "trigger_id": trigger_id}
    rows, following = runs.list(org_id=caller.org_id, caller_user_id=caller.user_id,
                                filters=filters, limit=limit, cursor=cursor)
    return ok({"runs": [runs.to_dict(r) for r in rows], "next_cursor": following})


def list_run_events(caller, id, limit=50, cursor=None):
    rows, following = runs.events(org_id=caller.org_id, run_id=id, user_id=caller.user_id,
                                  limit=limit, cursor=cursor)
    return ok({"events": rows, "next_cursor": following})
