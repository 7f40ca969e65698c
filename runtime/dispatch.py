"""Where the runtime hands work it does not do itself, without importing jobs/.

The runtime sits below the job queue: it records a chat turn, a workflow run or a tool change,
then hands the work on through this module's functions, which call the ``Dispatch`` that jobs/
installs when a process starts (jobs.tasks.install: the app factory, `agent-platform worker`
and `scheduler`, and every job the queue runs). Two interfaces, typed:

- ``Queue``: work queued for a worker (a turn, its continuation after approvals, a workflow
  run, the registry rebuild, an outbox entry's delivery, a new memory's vectors);
- ``WorkflowRunner``: a workflow run executed now, in the calling thread. This is the seam of
  the one recursion of the runtime: an agent's workflow tool runs a workflow, whose agent steps
  run turns again. The turn code sits below the workflow engine, so it reaches the engine only
  through this interface; the engine calls turns directly.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Protocol


class Queue(Protocol):
    """The job queue as the runtime sees it (jobs/tasks.py installs the RQ or in-process one)."""

    def turn(self, settings, *, org_id: str, thread_id: str, run_id: str,
             replace_done: bool = False) -> Any:
        """Queue a chat turn."""

    def resume(self, settings, *, org_id: str, run_id: str, thread_id: str | None = None,
               round: int = 0, replace_done: bool = False) -> Any:
        """Queue the continuation of a turn whose waiting tool calls were all decided."""

    def workflow_run(self, settings, *, run_id: str, attempt: int, steps: list[dict],
                     replace_done: bool = False, round: int = 0) -> Any:
        """Queue a workflow run (``round``: its continuation after approvals)."""

    def rebuild(self, settings, *, org_id: str, scope: str, tool_ids=None, provider_ids=None,
                sync_provider_ids=None, block_ids=None, agent_ids=None) -> dict:
        """The registry reload + dependent rebuild, returning its result."""

    def after_commit(self, settings, entry) -> Any:
        """Deliver an outbox entry (store/outbox.py) its own request recorded, once the
        transaction committed; returns the delivery's result (for a rebuild that could not run
        yet, the result with the dependents as `skipped`) and never raises: the entry stays
        for the outbox relay."""

    def embed_memory(self, settings, *, org_id: str, memory_id: str) -> Any:
        """Queue the vectors of a new memory, when the organization has embeddings."""


class WorkflowRunner(Protocol):
    """Execute a workflow run now, in this thread (the agent <-> workflow seam)."""

    def __call__(self, settings, run_id: str) -> str | None: ...


@dataclasses.dataclass(frozen=True)
class Dispatch:
    queue: Queue
    run_workflow: WorkflowRunner


_installed: Dispatch | None = None


def install(dispatch: Dispatch) -> None:
    global _installed
    _installed = dispatch


def _get() -> Dispatch:
    if _installed is None:
        raise RuntimeError("no dispatch installed: a process that runs the runtime starts with "
                           "jobs.tasks.install()")
    return _installed


def turn(settings, **kwargs):
    return _get().queue.turn(settings, **kwargs)


def resume(settings, **kwargs):
    return _get().queue.resume(settings, **kwargs)


def workflow_run(settings, **kwargs):
    return _get().queue.workflow_run(settings, **kwargs)


def rebuild(settings, **kwargs) -> dict:
    return _get().queue.rebuild(settings, **kwargs)


def after_commit(settings, entry):
    return _get().queue.after_commit(settings, entry)


def embed_memory(settings, **kwargs):
    return _get().queue.embed_memory(settings, **kwargs)


def run_workflow(settings, run_id: str) -> str | None:
    return _get().run_workflow(settings, run_id)
