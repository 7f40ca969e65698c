"""Starting and cancelling runs: the record in the database, then the job that executes it."""
from __future__ import annotations

import logging

from rules import ssrf
from runtime import dispatch
from runtime.workflows.leases import heartbeat
from store import limits, outbox, schedules, spend, workflow_runs, workflows
from core.db import atomic

log = logging.getLogger("agent_platform.workflows")


def _record(run):
    """The run's job, recorded in the run's transaction (store/outbox.py)."""
    return outbox.add(kind="workflow_run", org_id=run.org_id,
                      payload={"run_id": run.id, "attempt": 0, "steps": run.definition["steps"]})


def _dispatch(settings, entry) -> None:
    """After the commit: queue the run's job; when the queue is down the run stays queued
    and the outbox relay queues it once the queue answers."""
    dispatch.after_commit(settings, entry)


def admit(*, settings, org_id: str, group_id: str | None = None,
          user_id: str | None = None) -> None:
    """Admission of a workflow run: the billed group (the session's group_id, else the user's,
    else Default) under its spend cap (429 `spend_cap_reached`), then the organization under
    its monthly run quota (429 `usage_limit_reached`; a refused run does not use quota)."""
    spend.check_cap(org_id=org_id, group_id=group_id, user_id=user_id)
    limits.consume_run(org_id=org_id, settings=settings)


def start(*, settings, org_id: str, workflow_id: str, input: dict | None,
          user_id: str | None = None, group_id: str | None = None, trigger: str = "api",
          trigger_id: str | None = None, webhook_url: str | None = None):
    """A queued run of the workflow (input checked against its input_schema), dispatched.
    Admission first, like a turn: the billed group (the session's group_id, else the user's)
    under its spend cap (429 `spend_cap_reached`) and the organization under its monthly run
    quota (429 `usage_limit_reached`). ``webhook_url``: the run's own webhook (its end is
    posted there; the SSRF policy checks it now and when it is called); ``trigger_id``: the
    inbound trigger that started it (trigger `webhook`)."""
    if webhook_url is not None:
        ssrf.check_url(webhook_url)
    workflow = workflows.get(org_id=org_id, workflow_id=workflow_id)
    workflows.validate_input(workflow.input_schema, {} if input is None else input)
    admit(settings=settings, org_id=org_id, group_id=group_id, user_id=user_id)
    with atomic():
        run = workflow_runs.create(org_id=org_id, workflow_id=workflow_id, input=input,
                                   user_id=user_id, trigger=trigger, trigger_id=trigger_id,
                                   webhook_url=webhook_url)
        entry = _record(run)
    _dispatch(settings, entry)
    return run


def run_schedule_now(*, settings, org_id: str, schedule_id: str, user_id: str | None = None,
                     group_id: str | None = None):
    """A run of the schedule's workflow with its input and owner, now (trigger run_now),
    admitted like any API-started run: billed to the session's group, else the owner's."""
    schedule = schedules.get(org_id=org_id, schedule_id=schedule_id, user_id=user_id)
    admit(settings=settings, org_id=org_id, group_id=group_id, user_id=schedule.user_id)
    with atomic():
        run = workflow_runs.create(org_id=org_id, workflow_id=schedule.workflow_id,
                                   input=schedule.input, user_id=schedule.user_id,
                                   trigger="run_now", schedule_id=schedule.id)
        schedules.record_fire(schedule_id=schedule.id, at=run.created_at)
        entry = _record(run)
    _dispatch(settings, entry)
    return run


def cancel(*, org_id: str, run_id: str, user_id: str | None = None):
    run = workflow_runs.cancel(org_id=org_id, run_id=run_id, user_id=user_id)
    if run.status == "running":
        heartbeat.cancel(run.id)  # an executor in this process stops at once
    return run
