"""Runs of agents and networks: one synchronous turn without a thread, and the run record."""
from __future__ import annotations

from handlers import ok
from runtime import turns
from store import runs


def _result(run):
    return ok({"output": run.output, "run": runs.to_dict(run)})


def run_agent(caller, settings, id, body):
    return _result(turns.run(settings=settings, org_id=caller.org_id, input=body["input"],
                             agent_id=id, user_id=caller.user_id, group_id=caller.group_id))


def run_copilot(caller, settings, id, body):
    return _result(turns.run(settings=settings, org_id=caller.org_id, input=body["input"],
                             copilot_id=id, user_id=caller.user_id, group_id=caller.group_id))


def get_run(caller, id):
    return ok({"run": runs.to_dict(runs.get(org_id=caller.org_id, run_id=id,
                                            user_id=caller.user_id))})
