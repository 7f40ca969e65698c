"""What a workflow step does, by type: one dispatch table.

Each handler takes the step, its rendered input and the run's context, and returns
``(output, usage)`` or raises ``StepFailed`` (a stable ``code``, a message written here, and
whether another attempt could help). `tool` steps call the tool through runtime.tools.service.execute
(a run owned by a user injects that user's stored credentials). `agent` and `copilot` steps
run one turn of the agent or network (runtime/turns/service.py) with the step's text as the user's
message: the output is the turn's answer, the usage its tokens, tool calls and cost. A step
whose run nests deeper than AGENT_PLATFORM_RUN_MAX_DEPTH fails `nesting_too_deep`.

Approvals: a tool step whose tool requires approval, and an agent or network step whose turn
paused for one, raise ``AwaitingApproval`` (the engine pauses the run,
store/workflow_approvals.py). Continued after the decisions (``StepContext.approvals``), an
approved tool step calls the tool, a denied one fails `approval_denied` (or
`approval_timed_out`), not retried; an agent step continues its turn (``StepContext.turn_id``),
whose model got the denials.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from runtime.tools import service as tools
from runtime.turns import service as turns
from runtime.agents.build import DEFAULT_APPROVAL_TIMEOUT_S
from store import runs, workflow_approvals
from core import concurrency
from store import tools as tool_store
from core.db import iso, utcnow
from store.errors import DomainError, NotFound

# Failures of a tool call another attempt cannot fix.
_FINAL_TOOL_CODES = {"tool_input_invalid", "tool_disabled", "tool_not_found", "url_not_allowed",
                     "base_url_missing", "output_invalid"}


class StepFailed(Exception):
    def __init__(self, code: str, message: str, *, output=None, retryable: bool = True):
        super().__init__(message)
        self.code, self.message, self.output, self.retryable = code, message, output, retryable


class AwaitingApproval(Exception):
    """The step waits for people's decisions on ``pending`` calls (``turn_id``: the agent
    step's paused turn)."""

    def __init__(self, pending: list[dict], turn_id: str | None = None):
        super().__init__("awaiting approval")
        self.pending, self.turn_id = pending, turn_id


@dataclass(frozen=True)
class StepContext:
    settings: object
    org_id: str
    run_id: str
    user_id: str | None
    depth: int = 0
    workflow_id: str | None = None
    approvals: tuple = ()  # the step's decided calls, when it continues after a pause
    turn_id: str | None = None  # an agent step's turn paused for approvals


def _denial(approvals) -> StepFailed | None:
    for p in approvals:
        if p["status"] == "denied":
            timed_out = (p.get("decided_by") or {}).get("kind") == "timeout"
            message = ("no one approved the call in time" if timed_out
                       else "a person denied the call")
            if p.get("comment"):
                message += f": {p['comment']}"
            return StepFailed("approval_timed_out" if timed_out else "approval_denied",
                              message, retryable=False)
    return None


def _approval(step: dict, data: dict, ctx: StepContext) -> None:
    """Raise AwaitingApproval when the tool requires approval and nobody decided yet, or
    StepFailed when the call was denied."""
    if ctx.approvals:
        denial = _denial(ctx.approvals)
        if denial is not None:
            raise denial
        return
    try:
        tool = tool_store.get(org_id=ctx.org_id, tool_id=step["ref"])
    except NotFound:
        return  # the call fails `tool_not_found`
    if tool.requires_approval:
        seconds = tool.approval_timeout_s or DEFAULT_APPROVAL_TIMEOUT_S
        raise AwaitingApproval([{
            "call_id": f"step_{step['id']}", "tool_id": tool.id, "name": tool.name,
            "arguments": data, "expires_at": iso(utcnow() + dt.timedelta(seconds=seconds)),
            "status": "pending", "decided_by": None, "decided_at": None, "comment": None}])


async def _tool(step: dict, data, ctx: StepContext):
    if not isinstance(data, dict):
        raise StepFailed("step_input_invalid", "a tool step's input must be an object once its "
                         f"templates are filled in (got {type(data).__name__})", retryable=False)
    await concurrency.hop(_approval, step, data, ctx)
    try:
        result = await tools.aexecute(org_id=ctx.org_id, tool_id=step["ref"], input=data,
                                      user_id=ctx.user_id)
    except DomainError as exc:
        code = "tool_not_found" if exc.status == 404 else exc.code
        raise StepFailed(code, exc.detail, retryable=code not in _FINAL_TOOL_CODES) from None
    usage = {"tool_calls": 1}
    if result["status"] != "succeeded":
        error = result["error"] or {}
        code = error.get("code", "tool_failed")
        raise StepFailed(code, error.get("message", "the tool call failed"),
                         output=result["output"], retryable=code not in _FINAL_TOOL_CODES)
    return result["output"], usage


# Failures of a turn another attempt may fix (the model was busy or unreachable).
_RETRYABLE_TURN_CODES = {"model_rate_limited", "model_unavailable", "model_timeout",
                         "model_stream_interrupted", "run_interrupted", "run_not_started"}


def _text(data) -> str:
    if isinstance(data, dict):
        data = data.get("input", data.get("message"))
    if isinstance(data, (int, float)) and not isinstance(data, bool):
        data = str(data)
    if not isinstance(data, str) or not data:
        raise StepFailed("step_input_invalid", "an agent or copilot step's input must be a "
                         "non-empty string, or an object with a string `input` or `message`",
                         retryable=False)
    return data


async def _turn(step: dict, data, ctx: StepContext):
    settings = ctx.settings
    text = _text(data)
    if ctx.depth + 1 > settings.run_max_depth:
        raise StepFailed("nesting_too_deep", f"runs nest at most {settings.run_max_depth} "
                         "levels deep (agents, workflows and networks calling each other)",
                         retryable=False)
    run = await concurrency.hop(_paused_turn, ctx)
    if run is None:
        target = {"agent_id": step["ref"]} if step["type"] == "agent" \
            else {"copilot_id": step["ref"]}
        try:
            run = await concurrency.hop(
                turns.start, settings=settings, org_id=ctx.org_id, input=text,
                user_id=ctx.user_id, admit=False, workflow_id=ctx.workflow_id,
                workflow_run_id=ctx.run_id, **target)
        except DomainError as exc:
            code = "step_ref_not_found" if exc.status == 404 else exc.code
            raise StepFailed(code, exc.detail, retryable=False) from None
    if run.status in ("queued", "awaiting_approval"):
        run = await turns.aexecute(settings=settings, org_id=ctx.org_id, run_id=run.id,
                                   depth=ctx.depth + 1)
    if run.status == "awaiting_approval":
        raise AwaitingApproval([workflow_approvals.step_call(p) for p in run.approval["pending"]],
                               turn_id=run.id)
    usage = {k: v for k, v in (run.usage or {}).items() if isinstance(v, (int, float))}
    usage["cost_usd"] = run.cost_micro_usd / 1_000_000
    if run.status != "succeeded":
        error = run.error or {"code": "run_" + run.status, "message": f"the run {run.status}"}
        raise StepFailed(error.get("code", "run_failed"), error.get("message", ""),
                         retryable=error.get("code") in _RETRYABLE_TURN_CODES)
    return run.output, usage


def _paused_turn(ctx: StepContext):
    """The step's turn that paused for approvals, when it can still be continued (decided:
    queued; still waiting; or finished meanwhile), else None (a new turn starts)."""
    if ctx.turn_id is None:
        return None
    try:
        run = runs.get(org_id=ctx.org_id, run_id=ctx.turn_id)
    except NotFound:
        return None
    return run if run.status in ("queued", "awaiting_approval", "succeeded") else None


HANDLERS = {"tool": _tool, "agent": _turn, "copilot": _turn}


async def acall(step: dict, data, ctx: StepContext):
    """Run one attempt of step with its rendered input, on the turn loop: (output, usage) or
    StepFailed."""
    handler = HANDLERS.get(step["type"])
    if handler is None:
        raise StepFailed("step_type_unknown", f"unknown step type {step['type']!r}",
                         retryable=False)
    return await handler(step, data, ctx)
