"""Results of workflow schedule runs posted into the owning user's thread (`notify: thread`).

When a run of a schedule with ``notify: thread`` finishes ``succeeded`` or ``failed``, the flow
that ends it (the executor, runtime/workflows/engine.py; the recovery of a run whose worker was
lost, jobs/recovery.py) passes ``post_run_result`` to store/workflow_run_state.py, which calls
it inside the transaction that records the final status. That happens once per run (the write
is conditional on the run's lease); the message is also keyed by the run (``source`` =
``workflow_run:<id>``, unique), so it is posted exactly once even if the finish were retried.
The thread is the user's notification thread titled ``thread_title`` (default: the workflow's
name), created on first use. Cancelled runs post nothing. An organization's schedule has no
user, hence no thread: it may carry ``notify: thread`` (stored and shown) but posts nothing.
"""
from __future__ import annotations

import json

from store import threads
from store.models import Message, WorkflowRun, WorkflowSchedule

R = WorkflowRun
OUTPUT_MAX = 4000


def summary(name: str, status: str, output=None, error: dict | None = None) -> str:
    if status == "failed":
        error = error or {}
        code, message = error.get("code") or "failed", error.get("message") or ""
        return f"Workflow \u201c{name}\u201d failed: {code}" + (f": {message}" if message else "")
    text = (output if isinstance(output, str)
            else json.dumps(output, ensure_ascii=False, indent=2, default=str))
    if len(text) > OUTPUT_MAX:
        text = text[:OUTPUT_MAX - 1] + "…"
    return f"Workflow \u201c{name}\u201d succeeded." + ("" if output is None else f"\n\n{text}")


def post_run_result(*, schedule: WorkflowSchedule, run_id: str, status: str, output=None,
                    error: dict | None = None) -> Message | None:
    """``schedule``: its org, user_id, notify and thread_title."""
    if status not in ("succeeded", "failed"):
        return None
    if schedule.notify != "thread" or not schedule.user_id:
        return None
    run = R.select(R.definition).where(R.id == run_id).first()
    name = ((run.definition if run else None) or {}).get("name") or "workflow"
    thread = threads.notification_thread(org_id=schedule.org_id, user_id=schedule.user_id,
                                         title=schedule.thread_title or name)
    return threads.add_message(thread_id=thread.id, role="assistant",
                               content=summary(name, status, output, error),
                               source=f"workflow_run:{run_id}")
