"""Approving or denying the tool calls a run waits for (its end user or the API key)."""
from __future__ import annotations

from handlers import ok
from runtime.approvals import decisions as approval_decisions


def decide_run_approval(caller, settings, id, body):
    run = approval_decisions.decide(settings=settings, caller=caller, run_id=id,
                                    call_id=body["call_id"], decision=body["decision"],
                                    comment=body.get("comment"))
    return ok({"run": run})
