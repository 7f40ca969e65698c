"""The jobs that carry the runtime's work, how each is queued, and the start-up wiring.

``run_turn`` executes one chat turn (runtime.chat.service.execute); its job id is `turn-{run_id}`,
unique: a turn is queued at most once, and a second execution of the same run does nothing
(its run is no longer queued). ``execute_run`` executes a workflow run
(runtime.workflows.engine); its job id is `run-{run_id}-{attempt}` where attempt is the run's
attempt count when the job is queued, so a re-queue of the same state is deduplicated and a
re-queue after a lost worker is a new job; a run continued after its tool approvals were
decided gets `run-{run_id}-{attempt}-a{round}`. Both go through jobs.queue (in-process or RQ).

``install`` hands these dispatch functions, the registry rebuild (jobs.rebuild.dispatch) and
the workflow engine to the runtime (runtime.dispatch), which does not import jobs/. A process
calls ``start`` (the app factory: its settings are already bound) or ``ready`` (the worker and
scheduler processes, and every job, which may run in a fresh RQ worker process).
"""
from __future__ import annotations

from jobs import context, queue, rebuild
from runtime import dispatch
from runtime.chat import service as chat
from runtime.workflows import engine as workflow_engine
from core import concurrency
from core import request_ids

TURN_TIMEOUT_S = 3600  # a turn longer than an hour is stopped by RQ (and fails by recovery)
_MAX_BACKOFF_S = 30


def install() -> None:
    dispatch.install(dispatch.Dispatch(queue=_Queue(), run_workflow=workflow_engine.execute))


def start(settings, *, role="api") -> None:
    """Start-up of the API process (create_app) or a command: core.bootstrap for its
    settings, and the dispatch installed."""
    context.start(settings, role=role)
    install()


def ready(settings=None):
    """The settings of this process, the database bound and the dispatch installed."""
    settings = context.ensure_ready(settings)
    install()
    return settings


async def run_turn(org_id: str, thread_id: str, run_id: str,
                   request_id: str | None = None) -> str | None:
    """The chat turn's job: a coroutine, executed on the process's turn loop (the in-process
    pool and `agent-platform worker` hold many at once, each in a turn slot)."""
    with request_ids.bound(request_id):  # log lines name the request that started the turn
        settings = ready()
        return await concurrency.on_turn_loop(
            chat.execute(settings, org_id=org_id, thread_id=thread_id, run_id=run_id))


def dispatch_turn(settings, *, org_id: str, thread_id: str, run_id: str,
                  replace_done: bool = False):
    return queue.enqueue(settings, run_turn,
                         kwargs={"org_id": org_id, "thread_id": thread_id, "run_id": run_id,
                                 "request_id": request_ids.current()},
                         queue=settings.chat_queue, job_id=f"turn-{run_id}", unique=True,
                         timeout=TURN_TIMEOUT_S, replace_done=replace_done)


async def resume_turn(org_id: str, run_id: str, thread_id: str | None = None,
                      request_id: str | None = None) -> str | None:
    """Continue a turn whose waiting tool calls were all decided (runtime/approvals/service.py); its
    log lines name the request of the last decision (none after a timeout)."""
    with request_ids.bound(request_id):
        settings = ready()
        if thread_id:
            return await concurrency.on_turn_loop(
                chat.execute(settings, org_id=org_id, thread_id=thread_id, run_id=run_id))
        from runtime.turns import service as turns

        run = await concurrency.on_turn_loop(
            turns.aexecute(settings=settings, org_id=org_id, run_id=run_id))
        return run.status


def dispatch_resume(settings, *, org_id: str, run_id: str, thread_id: str | None = None,
                    round: int = 0, replace_done: bool = False):
    """Queue the continuation of a paused turn: one job per pause (`turn-{run_id}-{round}`),
    so the job of the turn's start, still known to RQ, does not swallow it."""
    return queue.enqueue(settings, resume_turn,
                         kwargs={"org_id": org_id, "run_id": run_id, "thread_id": thread_id,
                                 "request_id": request_ids.current()},
                         queue=settings.chat_queue, job_id=f"turn-{run_id}-{round}",
                         unique=True, timeout=TURN_TIMEOUT_S, replace_done=replace_done)


def job_timeout_s(settings, steps: list[dict]) -> int:
    """An upper bound of a run's execution time, for the RQ job timeout."""
    total = 600.0
    for step in steps:
        retries = int(step.get("retries") or 0)
        timeout = (step.get("timeout_ms") or settings.step_timeout_ms) / 1000
        total += timeout * (retries + 1) + min(_MAX_BACKOFF_S * retries,
                                               settings.step_retry_backoff_ms / 1000 * 2 ** retries)
    return int(total)


async def execute_run(run_id: str, request_id: str | None = None) -> str | None:
    """A workflow run's job: a coroutine of the turn loop (its steps are awaited)."""
    with request_ids.bound(request_id):
        settings = ready()
        return await concurrency.on_turn_loop(workflow_engine.aexecute(settings, run_id))


def dispatch_run(settings, *, run_id: str, attempt: int, steps: list[dict],
                 replace_done: bool = False, round: int = 0):
    """Queue a run's execution; ``round`` numbers its continuations after approvals (a new job
    id each: `run-{run_id}-{attempt}-a{round}`)."""
    job_id = f"run-{run_id}-{attempt}" + (f"-a{round}" if round else "")
    return queue.enqueue(settings, execute_run,
                         kwargs={"run_id": run_id, "request_id": request_ids.current()},
                         queue=settings.workflow_queue, job_id=job_id,
                         unique=True, timeout=job_timeout_s(settings, steps),
                         replace_done=replace_done)


class _Queue:
    """runtime.dispatch.Queue over this package's job functions."""

    turn = staticmethod(dispatch_turn)
    resume = staticmethod(dispatch_resume)
    workflow_run = staticmethod(dispatch_run)

    @staticmethod
    def rebuild(settings, **kwargs) -> dict:
        return rebuild.dispatch(settings, **kwargs)

    @staticmethod
    def after_commit(settings, entry):
        from jobs import outbox

        return outbox.after_commit(settings, entry)

    @staticmethod
    def embed_memory(settings, *, org_id: str, memory_id: str):
        from jobs import knowledge

        return knowledge.queue_memory(settings, org_id=org_id, memory_id=memory_id)
