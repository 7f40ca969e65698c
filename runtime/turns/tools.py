"""The tools a turn offers a model, and running the calls the model makes.

A model sees names matching ``^[a-zA-Z0-9_-]{1,64}$``: each tool's name is sanitized
(other characters become ``_``, cut to 64) and made unique with ``_2``, ``_3``... in a fixed
order (the agent's tools, then the network's workflows as ``workflow_<name>``, then handoffs as
``handoff_to_<agent name>``), so the mapping back to tool ids is exact.

Several calls of one response run at once, awaited on the turn loop (an HTTP or MCP call holds
no thread while it waits; a memory tool's database work is a hop); results come back in the
model's order. An HTTP or MCP tool call goes through runtime.tools.service.aexecute with the run's end
user (their stored credentials are injected) and is bounded by the tool's timeout_ms (plus a
second of grace for the call's own overhead). A failure of any kind becomes an error result
for the model (``is_error``) and a recorded step; it does not fail the turn. A workflow tool
runs the workflow synchronously through the workflow engine (runtime/workflows/engine.py, by way
of runtime.dispatch.run_workflow: the engine sits above the turns its agent steps run), one
nesting level deeper (bounded by AGENT_PLATFORM_RUN_MAX_DEPTH).
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import dataclasses
import json
import re
import time

from runtime import dispatch, registry
from runtime.knowledge import search as knowledge_tools
from runtime.memory import tools as memory_tools
from runtime.models import Message, ToolCall, ToolSchema
from core import concurrency
from core import db
from core import tracing
from store.errors import DomainError

_UNSAFE = re.compile(r"[^a-zA-Z0-9_-]+")
MAX_RESULT_CHARS = 64_000
_GRACE_S = 1.0


def sanitize(name: str, prefix: str = "") -> str:
    """``prefix + name`` made of [a-zA-Z0-9_-], at most 64 characters, never empty."""
    clean = _UNSAFE.sub("_", f"{prefix}{name}").strip("_")[:64]
    return clean or "tool"


@dataclasses.dataclass(frozen=True)
class Entry:
    """What an offered name stands for: kind tool|workflow|handoff, ref (tool, workflow or
    agent id), the original name, and the call's time bound (seconds, or None)."""
    kind: str
    ref: str
    label: str
    timeout_s: float | None = None
    provider_type: str | None = None
    approval_s: int | None = None  # a call needs a human's approval within this many seconds


class Toolset:
    def __init__(self):
        self.schemas: list[ToolSchema] = []
        self.entries: dict[str, Entry] = {}

    def add(self, name: str, entry: Entry, description: str, parameters: dict | None) -> str:
        unique, n = name, 1
        while unique in self.entries:
            n += 1
            suffix = f"_{n}"
            unique = name[:64 - len(suffix)] + suffix
        self.entries[unique] = entry
        self.schemas.append(ToolSchema(unique, description or "", _object_schema(parameters)))
        return unique

    def handoff_names(self) -> set[str]:
        return {n for n, e in self.entries.items() if e.kind == "handoff"}

    def without_handoffs(self) -> "Toolset":
        kept = Toolset()
        for schema in self.schemas:
            entry = self.entries[schema.name]
            if entry.kind != "handoff":
                kept.entries[schema.name] = entry
                kept.schemas.append(schema)
        return kept


def _object_schema(parameters) -> dict:
    if isinstance(parameters, dict) and parameters.get("type", "object") == "object":
        return parameters or {"type": "object", "properties": {}}
    return {"type": "object", "properties": {}}


HANDOFF_PARAMETERS = {
    "type": "object",
    "properties": {"reason": {"type": "string",
                              "description": "Why the other agent should take over."}},
    "required": ["reason"],
}


def build(settings, org_id: str, runtime: dict, workflows=(), handoffs=(),
          memory: bool = False) -> Toolset:
    """The toolset of an agent's runtime form, plus the network's workflows
    ({id, name, description, input_schema}), handoff targets ({agent_id, name,
    description}) and, with ``memory``, the built-in memory tools."""
    toolset = Toolset()
    if memory:
        for name, description, parameters in memory_tools.TOOLS:
            toolset.add(name, Entry("memory", name, name, 30.0), description, parameters)
    kb_ids = knowledge_tools.offered(runtime)
    if kb_ids:  # the agent's knowledge bases (comma-joined ids)
        name, description, parameters = knowledge_tools.TOOL
        toolset.add(name, Entry("knowledge", ",".join(kb_ids), name, 60.0), description,
                    parameters)
    tools = runtime.get("tools") or []
    timeouts = registry.tool_timeouts(org_id, [t["id"] for t in tools]) if tools else {}
    for tool in tools:
        ms = timeouts.get(tool["id"])
        if ms is None:
            ms = settings.mcp_call_timeout_ms if tool.get("provider_type") == "mcp" else 30000
        approval = tool.get("approval_timeout_s") if tool.get("requires_approval") else None
        toolset.add(sanitize(tool["name"]), Entry("tool", tool["id"], tool["name"], ms / 1000,
                                                   tool.get("provider_type"), approval),
                    tool.get("description") or "", tool.get("input_schema"))
    for wf in workflows:
        toolset.add(sanitize(wf["name"], "workflow_"), Entry("workflow", wf["id"], wf["name"]),
                    wf.get("description") or f"Run the workflow {wf['name']!r} and return "
                    "its output.", wf.get("input_schema"))
    for target in handoffs:
        description = f"Hand the conversation over to the agent {target['name']!r}"
        if target.get("description"):
            description += f": {target['description']}"
        toolset.add(sanitize(target["name"], "handoff_to_"),
                    Entry("handoff", target["agent_id"], target["name"]), description,
                    HANDOFF_PARAMETERS)
    return toolset


# ---- running calls ---------------------------------------------------------------------------

def _failed(code: str, message: str, output=None) -> dict:
    return {"status": "failed", "output": output, "error": {"code": code, "message": message}}


async def _call_tool(org_id: str, entry: Entry, arguments: dict, user_id: str | None) -> dict:
    from runtime.tools import service as tools

    try:
        result = await tools.aexecute(org_id=org_id, tool_id=entry.ref, input=arguments,
                                      user_id=user_id)
    except DomainError as exc:
        code = "tool_not_found" if exc.status == 404 else exc.code
        return _failed(code, exc.detail)
    out = {"status": result["status"], "output": result["output"], "error": result["error"]}
    if result.get("output_warning"):
        out["output_warning"] = result["output_warning"]
    return out


def _call_workflow(turn, entry: Entry, arguments: dict) -> dict:
    from store import workflow_runs

    if turn.depth + 1 > turn.settings.run_max_depth:
        return _failed("nesting_too_deep", f"runs nest at most {turn.settings.run_max_depth} "
                       "levels deep (agents, workflows and networks calling each other)")
    with db.connection():
        try:
            run = workflow_runs.create(org_id=turn.org_id, workflow_id=entry.ref,
                                       input=arguments, user_id=turn.run.user_id,
                                       trigger="agent", depth=turn.depth + 1)
        except DomainError as exc:
            return _failed(exc.code, exc.detail)
    turn.children.append(run.id)
    dispatch.run_workflow(turn.settings, run.id)
    with db.connection():
        run = workflow_runs.get(org_id=turn.org_id, run_id=run.id)
        if run.status == "awaiting_approval":  # nobody could answer it inside this call
            run = workflow_runs.cancel(org_id=turn.org_id, run_id=run.id)
            return {**_failed("workflow_awaiting_approval", "the workflow stopped: a step "
                              "needs a person's approval, which a workflow called as a tool "
                              "cannot wait for"), "workflow_run_id": run.id}
    if run.status == "succeeded":
        return {"status": "succeeded", "output": run.output, "error": None,
                "workflow_run_id": run.id}
    error = run.error or {"code": "workflow_failed", "message": f"the workflow {run.status}"}
    return {**_failed(error.get("code", "workflow_failed"), error.get("message", "")),
            "output": run.output, "workflow_run_id": run.id}


def _spawn(fn, *args) -> concurrent.futures.Future:
    """A workflow call gets its own thread: it may run agents whose tools need the pool."""
    future: concurrent.futures.Future = concurrent.futures.Future()

    def target():
        try:
            future.set_result(fn(*args))
        except BaseException as exc:  # reported as a failed call
            future.set_exception(exc)

    concurrency.thread("turn-workflow", target)
    return future


def content_for_model(result: dict) -> str:
    if result["status"] == "succeeded":
        value = result["output"]
    else:
        value = {"error": result["error"], **({"output": result["output"]}
                                              if result.get("output") is not None else {})}
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False,
                                                           default=str)
    if len(text) > MAX_RESULT_CHARS:
        text = text[:MAX_RESULT_CHARS] + " [truncated]"
    return text


def needing_approval(toolset: Toolset, calls: list[ToolCall]) -> list[tuple[ToolCall, Entry]]:
    """The calls whose tool needs a human's approval before it runs."""
    return [(c, toolset.entries[c.name]) for c in calls
            if c.name in toolset.entries and toolset.entries[c.name].approval_s]


async def run_calls(turn, agent_id: str, toolset: Toolset, calls: list[ToolCall],
                    denied: dict | None = None, announced: bool = False) -> list[Message]:
    """Run the (non-handoff) calls in parallel; emit tool.called / tool.result, record steps,
    and return one tool message per call in the model's order. ``denied`` maps call ids to
    the denial result the model gets instead of running the call; ``announced``: the
    tool.called events were emitted before the turn paused for approval. Raises
    turn.Cancelled when the turn is cancelled while waiting."""
    started, waiting, prepared = {}, {}, []
    for call in calls:
        entry = toolset.entries.get(call.name)
        try:
            arguments, problem = call.parsed_arguments(), None
        except ValueError:
            arguments, problem = {}, _failed("invalid_arguments",
                                             "the arguments are not a JSON object")
        if entry is None:
            problem = _failed("unknown_tool", f"no tool named {call.name!r} is offered")
        if denied and call.id in denied:
            problem = denied[call.id]
        prepared.append((call, entry, arguments))
        if not announced:
            announce(turn, agent_id, call, entry, arguments)
        started[call.id] = time.perf_counter()
        if problem is not None:
            done: asyncio.Future = asyncio.get_running_loop().create_future()
            done.set_result(problem)
            waiting[call.id] = done
        elif entry.kind == "workflow":  # the workflow engine is synchronous: its own thread
            waiting[call.id] = asyncio.wrap_future(
                _spawn(tracing.bind(_call_workflow), turn, entry, arguments))
        elif entry.kind == "memory" and entry.ref == memory_tools.SEARCH:
            waiting[call.id] = asyncio.ensure_future(memory_tools.search(turn, arguments))
        elif entry.kind == "memory":
            waiting[call.id] = asyncio.ensure_future(concurrency.hop(
                memory_tools.call, turn, agent_id, entry.ref, arguments))
        elif entry.kind == "knowledge":
            waiting[call.id] = asyncio.ensure_future(
                knowledge_tools.call(turn, entry.ref.split(","), arguments))
        else:  # awaited on the loop; the call's span is a child of the turn's
            waiting[call.id] = asyncio.ensure_future(
                _call_tool(turn.org_id, entry, arguments, turn.run.user_id))
    messages = []
    try:
        for call, entry, arguments in prepared:
            bound = entry.timeout_s + _GRACE_S if entry and entry.timeout_s else None
            left = None if bound is None else max(0.0, bound - (time.perf_counter()
                                                                - started[call.id]))
            try:
                result = await _answer(turn, waiting[call.id], left)
            except asyncio.TimeoutError:
                waiting[call.id].cancel()
                result = _failed("timeout", f"no answer within {round(entry.timeout_s * 1000)} ms")
            messages.append(_finish_call(turn, agent_id, call, entry, result, started))
    finally:
        for future in waiting.values():  # a cancelled turn no longer waits for its calls
            if not future.done():
                future.cancel()
    return messages


async def _answer(turn, future: asyncio.Future, timeout: float | None):
    """The call's result; asyncio.TimeoutError after ``timeout`` seconds; Cancelled when the
    turn is cancelled first."""
    turn.check_cancel()
    stop = asyncio.ensure_future(turn.cancel.wait_async()) \
        if hasattr(turn.cancel, "wait_async") else None
    try:
        done, _ = await asyncio.wait({future} | ({stop} if stop else set()), timeout=timeout,
                                     return_when=asyncio.FIRST_COMPLETED)
    finally:
        if stop is not None:
            stop.cancel()
    if future in done:
        try:
            return future.result()
        except Exception as exc:  # a bug in a call: reported to the model, not raised
            return _failed("tool_failed", f"the call failed ({type(exc).__name__})")
    turn.check_cancel()
    raise asyncio.TimeoutError()


def announce(turn, agent_id: str, call: ToolCall, entry: Entry | None, arguments: dict) -> None:
    turn.emit("tool.called", {"run_id": turn.run.id, "agent_id": agent_id,
                              "tool_call_id": call.id, "tool_id": entry.ref if entry else None,
                              "name": call.name, "kind": entry.kind if entry else None,
                              "arguments": arguments})


def _finish_call(turn, agent_id, call, entry, result, started) -> Message:
    duration = round((time.perf_counter() - started[call.id]) * 1000, 3)
    ok = result["status"] == "succeeded"
    data = {"run_id": turn.run.id, "agent_id": agent_id, "tool_call_id": call.id,
            "tool_id": entry.ref if entry else None, "name": call.name,
            "kind": entry.kind if entry else None, "status": "succeeded" if ok else "failed",
            "output": result.get("output"), "error": None if ok else result["error"],
            "duration_ms": duration}
    if result.get("workflow_run_id"):
        data["workflow_run_id"] = result["workflow_run_id"]
    if ok and result.get("citations") is not None:  # search_knowledge: the sources found
        data["citations"] = result["citations"]
    if ok and result.get("output_warning"):  # the output did not match the tool's output_schema
        data["output_warning"] = result["output_warning"]
    turn.emit("tool.result", data)
    step = {"type": "tool_call", "agent_id": agent_id, "tool_call_id": call.id,
            "tool_id": data["tool_id"], "kind": data["kind"], "name": call.name,
            "status": data["status"], "error": data["error"], "duration_ms": duration}
    if result.get("workflow_run_id"):
        step["workflow_run_id"] = result["workflow_run_id"]
    turn.steps.append(step)
    if result.get("memory_event"):  # a memory write: its own step and event
        kind, payload = result["memory_event"]
        turn.steps.append({"type": "memory", "agent_id": agent_id, "tool_call_id": call.id,
                           **result["memory_step"]})
        turn.emit(kind, {"run_id": turn.run.id, "agent_id": agent_id, **payload})
    turn.usage["tool_calls"] += 1
    return Message.tool(call.id, content_for_model(result), is_error=not ok)
