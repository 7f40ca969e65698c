"""What a workflow step does, by type: one dispatch table.

Each handler takes the step, its rendered input and the run's context, and returns
``(output, usage)`` or raises ``StepFailed`` (a stable ``code``, a message written here, and
whether another attempt could help). `tool` steps call the tool through runtime.tools.execute
with the organization's configuration. `agent` and `copilot` steps need the agent runtime,
which this deployment does not include yet: they fail with `step_type_unavailable`.
"""
from __future__ import annotations

from dataclasses import dataclass

from runtime import tools
from store.errors import DomainError

# Failures of a tool call another attempt cannot fix.
_FINAL_TOOL_CODES = {"tool_input_invalid", "tool_disabled", "tool_not_found", "url_not_allowed",
                     "base_url_missing", "output_invalid"}


class StepFailed(Exception):
    def __init__(self, code: str, message: str, *, output=None, retryable: bool = True):
        super().__init__(message)
        self.code, self.message, self.output, self.retryable = code, message, output, retryable


@dataclass(frozen=True)
class StepContext:
    org_id: str
    run_id: str
    user_id: str | None


def _tool(step: dict, data, ctx: StepContext):
    if not isinstance(data, dict):
        raise StepFailed("step_input_invalid", "a tool step's input must be an object once its "
                         f"templates are filled in (got {type(data).__name__})", retryable=False)
    try:
        result = tools.execute(org_id=ctx.org_id, tool_id=step["ref"], input=data)
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


def _needs_agent_runtime(step: dict, data, ctx: StepContext):
    raise StepFailed("step_type_unavailable",
                     f"{step['type']} steps need the agent runtime, which this deployment does "
                     "not provide yet", retryable=False)


HANDLERS = {"tool": _tool, "agent": _needs_agent_runtime, "copilot": _needs_agent_runtime}


def call(step: dict, data, ctx: StepContext):
    """Run one attempt of step with its rendered input: (output, usage) or StepFailed."""
    handler = HANDLERS.get(step["type"])
    if handler is None:
        raise StepFailed("step_type_unknown", f"unknown step type {step['type']!r}",
                         retryable=False)
    return handler(step, data, ctx)
