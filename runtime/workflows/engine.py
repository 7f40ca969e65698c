"""The workflow executor: runs one run's steps in order under a lease.

``execute(settings, run_id)`` claims the run (store.workflow_run_state.claim: a queued run, or a running
one whose worker died), then for each step: renders its input from the templates, awaits it
through the dispatch table (runtime.workflows.steps) on the turn loop, bounded by the step's
timeout (a run waiting on a model or a tool holds no thread; its database work goes in hops), retries a retryable failure up to `retries` times with exponential backoff, and records the step's
status, input, output, error, attempts, timings and usage. A failed step fails the run unless
it has `continue_on_error`. Cancel and a lost lease are noticed while waiting on a step and
between steps. A run taken over after a worker died resumes at its first unfinished step.
It is idempotent: a second job for the same run finds it claimed or finished and does nothing.
A step that waits for tool approvals (workflow_steps.AwaitingApproval) pauses the run in
`awaiting_approval` without a lease (store/workflow_approvals.py); once decided, the run is
queued again and continues at that step, with the decisions.
"""
from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import logging
import time
import uuid

from rules import workflow_templates
from runtime.workflows import notify
from runtime.workflows import steps as workflow_steps
from runtime.workflows.leases import Lease, heartbeat
from store import limits, workflow_approvals
from core import concurrency
from core import metrics
from core import oplog
from store import workflow_run_state as run_state
from core import tracing
from core.db import iso, utcnow
from store.errors import Invalid, LimitReached
from store.workflows import validate_input

log = logging.getLogger("agent_platform.workflows")
_POLL_S = 0.25
_MAX_BACKOFF_S = 30.0


class _Stop(Exception):
    """The run was cancelled or its lease lost while a step was in progress."""


async def _attempt(step: dict, data, ctx, lease: Lease, timeout_s: float):
    """One attempt: (output, usage), or StepFailed; _Stop when cancelled or the lease is lost.
    The step is awaited on the turn loop; one abandoned (a stop, its timeout) runs on to its
    own end, as a step on a thread of its own did."""
    task = asyncio.ensure_future(workflow_steps.acall(step, data, ctx))
    deadline = time.monotonic() + timeout_s
    while True:
        left = deadline - time.monotonic()
        done, _ = await asyncio.wait({task}, timeout=max(0.0, min(left, _POLL_S)))
        if done:
            return task.result()  # raises StepFailed
        if lease.stop:
            raise _Stop()
        if time.monotonic() >= deadline:
            raise workflow_steps.StepFailed("step_timeout",
                                            f"the step did not finish within {round(timeout_s * 1000)} ms")


async def _wait_stop(lease: Lease, seconds: float) -> bool:
    """Wait ``seconds`` (a retry's backoff); True as soon as the run is cancelled or its lease
    lost."""
    deadline = time.monotonic() + seconds
    while not (lease.cancelled.is_set() or lease.lost.is_set()):
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        await asyncio.sleep(min(_POLL_S, left))
    return True


def _merge_usage(total: dict, usage: dict | None) -> None:
    for key, value in (usage or {}).items():
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            total[key] = total.get(key, 0) + value


async def _run_step(step: dict, result: dict, data, ctx, lease: Lease, settings, *,
                    prior: int = 0, save=None) -> None:
    """Attempt the step (with its retries). ``attempts`` counts every attempt the step ever
    had, those of an executor that was lost included (``prior``); each retry is recorded
    before it starts (``save``), so a lost one is counted too."""
    timeout_s = (step.get("timeout_ms") or settings.step_timeout_ms) / 1000
    usage: dict = {}
    traced = tracing.start(f"workflow_step {step['id']}", {
        "agent_platform.step.id": step["id"], "agent_platform.step.type": step["type"],
        "agent_platform.step.ref": step.get("ref")})
    try:
        await _attempts(step, result, data, ctx, lease, settings, prior, save, timeout_s, usage)
    finally:
        traced.end(error=(result.get("error") or {}).get("code") if result.get("status") ==
                   "failed" else None, **{"agent_platform.step.status": result.get("status"),
                                          "agent_platform.step.attempts": result.get("attempts")})
    result["usage"] = usage or None


async def _attempts(step, result, data, ctx, lease, settings, prior, save, timeout_s,
                    usage) -> None:
    for number in range(1, int(step.get("retries") or 0) + 2):
        result["attempts"] = prior + number
        if number > 1 and save is not None and not await concurrency.hop(save):
            raise _Stop()
        try:
            output, step_usage = await _attempt(step, data, ctx, lease, timeout_s)
        except workflow_steps.StepFailed as failure:
            result.update(output=failure.output,
                          error={"code": failure.code, "message": failure.message})
            if not failure.retryable or number > int(step.get("retries") or 0):
                result["status"] = "failed"
                break
            pause = min(_MAX_BACKOFF_S, settings.step_retry_backoff_ms / 1000 * 2 ** (number - 1))
            if await _wait_stop(lease, pause):
                raise _Stop()
            continue
        _merge_usage(usage, step_usage)
        result.update(status="succeeded", output=output, error=None)
        break


def _context(run, steps_state: list[dict]) -> dict:
    outputs = {s["id"]: s["output"] for s in steps_state
               if s["status"] in ("succeeded", "failed")}
    return {"input": run.input, "steps": outputs}


def _finish(run, lease: Lease, status, steps_state, output, error, usage) -> str | None:
    if not run_state.finish(run_id=run.id, token=lease.token, status=status, steps=steps_state,
                            output=output, error=error, usage=usage or None,
                            schedule_id=run.schedule_id, notify=notify.post_run_result):
        return None
    return status


def _stop_status(lease: Lease) -> str | None:
    return "cancelled" if lease.cancelled.is_set() and not lease.lost.is_set() else None


def execute(settings, run_id: str) -> str | None:
    """Execute the run if it can be claimed; returns its final status, or None when another
    executor holds it, it is already finished, or this executor lost its lease. For
    synchronous callers: the run executes on the turn loop while this thread waits."""
    return concurrency.call(aexecute(settings, run_id))


def execute_claimed(settings, run) -> str | None:
    """``aexecute_claimed`` for synchronous callers (a batch of scheduled fires)."""
    return concurrency.call(aexecute_claimed(settings, run))


def _claim(settings, run_id: str, token: str):
    return run_state.claim(run_id=run_id, token=token, lease_ms=settings.run_lease_ms,
                           max_attempts=settings.run_max_attempts)


async def aexecute(settings, run_id: str) -> str | None:
    """``execute`` as a coroutine of the turn loop (the workflow run's job)."""
    token = uuid.uuid4().hex
    run = await concurrency.hop(_claim, settings, run_id, token)
    return None if run is None else await aexecute_claimed(settings, run)


async def aexecute_claimed(settings, run) -> str | None:
    """Execute a run this executor has just claimed (run_state.claim or claim_fire; its
    lease token is ``run.lease_owner``); as ``execute``. Its steps are awaited: a run
    waiting on a model or a tool holds no thread; its database work goes in hops."""
    token = run.lease_owner
    lease = heartbeat.hold(run.id, token, settings.run_lease_ms)
    clock = time.perf_counter()
    ids = {"run_id": run.id, "org_id": run.org_id, "workflow_id": run.workflow_id,
           "schedule_id": run.schedule_id, "trigger": run.trigger, "attempt": run.attempt}
    traced = tracing.start("workflow_run", {f"agent_platform.{k}": v for k, v in ids.items()})
    oplog.started("workflow_run", **ids)  # in the run's span: the trace id of a recovered run too
    status = None  # None: an exception, or the lease lost to another executor
    try:
        status = await _execute(run, lease, settings)
        return status
    finally:
        heartbeat.release(lease)
        seconds = time.perf_counter() - clock
        if status not in (None, workflow_approvals.AWAITING):
            metrics.run_finished("workflow", status, seconds)
        oplog.finished("workflow_run", status=status or "interrupted",
                       duration_ms=seconds * 1000, **ids)
        traced.end(error=None if status in ("succeeded", "cancelled", workflow_approvals.AWAITING)
                   else status or "interrupted",
                   **{"agent_platform.status": status or "interrupted"})


async def _execute(run, lease: Lease, settings) -> str | None:
    definition = run.definition["steps"]
    steps_state = [dict(s) for s in run.steps]
    ctx = workflow_steps.StepContext(settings=settings, org_id=run.org_id, run_id=run.id, user_id=run.user_id,
                                     depth=int(run.definition.get("depth") or 0),
                                     workflow_id=run.workflow_id)
    usage: dict = {}
    for s in steps_state:
        _merge_usage(usage, s.get("usage"))
    last_output, error = None, None
    hop = concurrency.hop
    try:  # a scheduled run's input was checked when set; the workflow may have changed since
        validate_input(run.definition.get("input_schema"), run.input)
        if all(s["status"] == "pending" for s in steps_state):  # not continued after approvals
            await hop(_admit_fire, run, settings)
    except (Invalid, LimitReached) as exc:
        for rest in steps_state:
            rest["status"] = "skipped"
        return await hop(_finish, run, lease, "failed", steps_state, None,
                         {"code": exc.code, "message": exc.detail}, usage)
    for step, result in zip(definition, steps_state):
        if result["status"] in ("succeeded", "failed"):  # done before a worker was lost
            last_output = result["output"]
            continue
        if lease.stop:
            return await hop(_cancelled, run, lease, steps_state, last_output, usage)
        started, step_ctx = utcnow(), ctx
        if result.get("approvals"):  # continued after its approvals were decided
            data, prior = result["input"], max(0, int(result.get("attempts") or 1) - 1)
            step_ctx = dataclasses.replace(ctx, approvals=tuple(result["approvals"]),
                                           turn_id=result.get("run_id"))
        else:
            data = workflow_templates.render(step.get("input"), _context(run, steps_state))
            prior = int(result.get("attempts") or 0)  # attempts of a lost executor
        result.update(status="running", input=data, started_at=iso(started), output=None,
                      error=None, finished_at=None, duration_ms=None, attempts=prior + 1)
        if not await hop(run_state.save_steps, run_id=run.id, token=lease.token,
                         steps=steps_state, usage=usage or None, now=started):
            return None

        def save():
            return run_state.save_steps(run_id=run.id, token=lease.token, steps=steps_state,
                                        usage=usage or None, now=utcnow())

        t0 = time.perf_counter()
        try:
            await _run_step(step, result, data, step_ctx, lease, settings, prior=prior,
                            save=save)
        except workflow_steps.AwaitingApproval as waiting:
            return await _pause(run, lease, settings, steps_state, result, waiting, usage,
                                last_output)
        except _Stop:
            result.update(status="cancelled", finished_at=iso(utcnow()),
                          duration_ms=round((time.perf_counter() - t0) * 1000))
            return await hop(_cancelled, run, lease, steps_state, last_output, usage)
        result.update(finished_at=iso(started + dt.timedelta(seconds=time.perf_counter() - t0)),
                      duration_ms=round((time.perf_counter() - t0) * 1000))
        _merge_usage(usage, result["usage"])
        if result["status"] == "failed" and not step.get("continue_on_error"):
            error = {"code": "step_failed", "step_id": step["id"],
                     "message": f"step {step['id']!r} failed: {result['error']['message']}"}
            for rest in steps_state[steps_state.index(result) + 1:]:
                rest["status"] = "skipped"
            return await hop(_finish, run, lease, "failed", steps_state, result["output"],
                             error, usage)
        last_output = result["output"]  # recorded with the next step's start, or the finish
    return await hop(_finish, run, lease, "succeeded", steps_state, last_output, None, usage)


async def _pause(run, lease: Lease, settings, steps_state, result, waiting, usage,
                 last_output) -> str | None:
    """Pause the run on the step's waiting calls; when the step's turn was decided in the
    meantime, execute again at once (the loop continues it)."""
    known = {p["call_id"]: p for p in result.get("approvals") or ()}
    known.update({p["call_id"]: p for p in waiting.pending})
    result.update(status=workflow_approvals.AWAITING, approvals=list(known.values()),
                  output=None, error=None)
    if waiting.turn_id:
        result["run_id"] = waiting.turn_id
    outcome, decided = await concurrency.hop(
        workflow_approvals.pause, run_id=run.id, token=lease.token, steps=steps_state,
        usage=usage or None, child_id=waiting.turn_id)
    if outcome == "paused":
        return workflow_approvals.AWAITING
    if outcome == "decided":
        known.update({p["call_id"]: p for p in decided})
        result["approvals"] = list(known.values())
        run.steps = steps_state
        return await _execute(run, lease, settings)
    return await concurrency.hop(_cancelled, run, lease, steps_state, last_output, usage)


def _admit_fire(run, settings) -> None:
    """A scheduled fire is admitted when it first executes, like an API-started run: the
    owner's group (else Default) under its spend cap, the organization under its monthly run
    quota. A refusal (LimitReached) fails the run with its code, which counts as a failure of
    the schedule. A run resumed after a lost worker was admitted on its first attempt; a run
    continued after approvals (its attempt given back) is not admitted again either (the
    caller admits only a run none of whose steps started)."""
    if run.trigger != "schedule" or run.attempt != 1:
        return
    limits.admit_run(org_id=run.org_id, user_id=run.user_id, settings=settings)


def _cancelled(run, lease, steps_state, last_output, usage) -> str | None:
    if _stop_status(lease) is None:  # the lease was lost: the new holder decides
        return None
    for rest in steps_state:
        if rest["status"] == "pending":
            rest["status"] = "skipped"
    return _finish(run, lease, "cancelled", steps_state, last_output,
                   {"code": "cancelled", "message": "the run was cancelled"}, usage)
