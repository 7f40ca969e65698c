"""Where the runtime hands work it does not do itself, without importing jobs/.

The runtime sits below the job queue: it records a chat turn, a workflow run or a tool change,
then hands the work on through these functions, which jobs/ installs when a process starts
(jobs.tasks.install: the app factory, `agent-platform worker` and `scheduler`, and every job
the queue runs). Installed:

- ``turn(settings, org_id=, thread_id=, run_id=)``: queue a chat turn;
- ``workflow_run(settings, run_id=, attempt=, steps=, replace_done=False, round=0)``: queue
  a run (``round``: its continuation after approvals);
- ``rebuild(settings, org_id=, scope=, tool_ids=, provider_ids=, sync_provider_ids=)``: the
  registry reload + dependent rebuild, returning its result;
- ``run_workflow(settings, run_id)``: execute a workflow run now, in this thread (a workflow
  an agent calls as a tool; the turn runtime sits below the workflow engine, whose agent steps
  run turns);
- ``resume(settings, org_id=, run_id=, thread_id=, round=)``: queue the continuation of a
  turn whose tool calls waiting for approval were all decided;
- ``after_commit(settings, entry)``: deliver an outbox entry (store/outbox.py) its own request
  recorded, once the transaction committed; returns the delivery's result (for a rebuild that
  could not run yet, the result with the dependents as `skipped`) and never raises: the entry
  stays for the outbox relay.
- ``embed_memory(settings, org_id=, memory_id=)``: queue the vectors of a new memory
  (jobs/knowledge.py), when the organization has embeddings.
"""
from __future__ import annotations

_NAMES = ("turn", "workflow_run", "rebuild", "run_workflow", "after_commit", "resume",
          "embed_memory")
_installed: dict = {}


def install(**functions) -> None:
    unknown = set(functions) - set(_NAMES)
    if unknown:
        raise TypeError(f"unknown dispatch function(s): {', '.join(sorted(unknown))}")
    _installed.update(functions)


def _get(name: str):
    try:
        return _installed[name]
    except KeyError:
        raise RuntimeError(f"no {name} dispatch installed: a process that runs the runtime "
                           "starts with jobs.tasks.install()") from None


def turn(settings, **kwargs):
    return _get("turn")(settings, **kwargs)


def workflow_run(settings, **kwargs):
    return _get("workflow_run")(settings, **kwargs)


def rebuild(settings, **kwargs):
    return _get("rebuild")(settings, **kwargs)


def run_workflow(settings, run_id: str):
    return _get("run_workflow")(settings, run_id)


def resume(settings, **kwargs):
    return _get("resume")(settings, **kwargs)


def after_commit(settings, entry):
    return _get("after_commit")(settings, entry)


def embed_memory(settings, **kwargs):
    return _get("embed_memory")(settings, **kwargs)
