"""The agent loop of one active agent within a turn.

    instructions + conversation -> model (streamed: message.delta) -> tool calls, run in
    parallel (runtime/turns/tools.py) -> results back to the model -> ... -> an answer

The loop is a coroutine on the process's turn loop (core/concurrency.py): while the model
streams or a tool answers, the turn holds no thread and no database connection.

``max_steps`` of the agent bounds its model calls in the turn. A model that still asks for
tools on its last allowed call fails the turn with ``max_steps_exceeded`` (its calls are not
run): an answer cut short silently would look like a real one. A handoff tool call ends the
agent's part (the network switches agents); after AGENT_PLATFORM_MAX_HANDOFFS handoffs in a
turn, a further one is refused with an error result and the current agent answers itself.
"""
from __future__ import annotations

import dataclasses
import json
import threading
import time

from runtime.turns import tools as turn_tools
from runtime.models import (Finish, Message, ModelCancelled, ModelError, ModelRequest,
                            ModelSettings, TextDelta, ToolCallEvent, get_provider)
from store import spend
from core import metrics
from core import tracing
from store.errors import DomainError


class Cancelled(Exception):
    """The turn was cancelled."""


class AwaitingApproval(Exception):
    """The model called tools that need a human's approval: the turn pauses (its state is
    kept by runtime/approvals/service.py) until every such call is decided. ``calls`` are all calls
    of the answer (the others run together with the approved ones), ``needing`` the
    (call, toolset entry) pairs that wait."""

    def __init__(self, agent_id: str, calls: list, needing: list):
        super().__init__("awaiting approval")
        self.agent_id, self.calls, self.needing = agent_id, calls, needing


class TurnFailed(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code, self.message = code, message


@dataclasses.dataclass
class Member:
    """An agent of the turn: its runtime form (None when it has no good build), and the name
    and description other agents see in their handoff tools."""
    agent_id: str
    runtime: dict | None
    name: str
    description: str | None = None
    error: str | None = None


@dataclasses.dataclass
class Turn:
    """The state of one executing turn (shared by the loop, the tools and the network)."""
    settings: object
    org_id: str
    run: object
    emit: object
    cancel: threading.Event
    depth: int = 0
    steps: list = dataclasses.field(default_factory=list)
    usage: dict = dataclasses.field(default_factory=lambda: {
        "input_tokens": 0, "output_tokens": 0, "model_calls": 0, "tool_calls": 0})
    cost_micro: int = 0
    output_parts: list = dataclasses.field(default_factory=list)
    handoffs: int = 0
    handoffs_exhausted: bool = False
    calls_by_agent: dict = dataclasses.field(default_factory=dict)
    children: list = dataclasses.field(default_factory=list)
    models: list = dataclasses.field(default_factory=list)
    cache: dict = dataclasses.field(default_factory=dict)  # e.g. the input's embedding
    _model_config: dict | None = None

    def check_cancel(self) -> None:
        if self.cancel.is_set():
            raise Cancelled()

    def load_model_config(self) -> None:
        """Read the organization's model settings (a database read: before the turn awaits)."""
        if self._model_config is None:
            from store import model_config

            self._model_config = model_config.resolve(org_id=self.org_id)

    def provider_for(self, model: dict):
        """The model provider of an agent: its own, else the organization's default, else the
        operator's (AGENT_PLATFORM_MODEL_PROVIDER), else echo; with the organization's base
        URL and key for that provider when it set them."""
        if self._model_config is None:
            self.load_model_config()
        name = (model.get("provider") or self._model_config.get("default_provider")
                or getattr(self.settings, "default_model_provider", None) or "echo")
        entry = self._model_config.get(name) or {}
        return name, get_provider(name, settings=self.settings, base_url=entry.get("base_url"),
                                  api_key=entry.get("api_key"))


async def model_call(turn: Turn, runtime: dict, agent_id: str, messages: list, schemas=(),
                     *, stream: bool = True, kind: str = "model_call"):
    """One streamed model call: (text, tool calls). Text is emitted as message.delta when
    ``stream``; usage and cost are added to the turn; a step is recorded; with tracing on,
    a span with the GenAI semantic conventions (no message content unless allowed)."""
    if not tracing.enabled():
        return await _model_call(turn, runtime, agent_id, messages, schemas, stream=stream,
                                 kind=kind)
    model = runtime.get("model") or {}
    attributes = {"gen_ai.operation.name": "chat", "gen_ai.system": model.get("provider"),
                  "gen_ai.request.model": model.get("name") or "", "gen_ai.agent.id": agent_id,
                  "gen_ai.request.temperature": model.get("temperature"),
                  "gen_ai.request.max_tokens": model.get("max_tokens")}
    if tracing.content_allowed():
        attributes["gen_ai.input.messages"] = json.dumps(
            [{"role": m.role, "content": m.content} for m in messages], ensure_ascii=False)
    with tracing.span(f"chat {attributes['gen_ai.request.model']}", attributes,
                      kind="client") as span:
        before = len(turn.steps)
        result = None
        try:
            result = await _model_call(turn, runtime, agent_id, messages, schemas,
                                       stream=stream, kind=kind)
            return result
        finally:
            step = turn.steps[-1] if len(turn.steps) > before else {}
            tracing.set_attributes(span, {
                "gen_ai.system": step.get("provider"),
                "gen_ai.usage.input_tokens": step.get("input_tokens"),
                "gen_ai.usage.output_tokens": step.get("output_tokens"),
                "gen_ai.response.finish_reasons": [step["finish_reason"]]
                if step.get("finish_reason") else None})
            if result is not None and tracing.content_allowed():
                tracing.set_attributes(span, {"gen_ai.output.messages": json.dumps(
                    [{"role": "assistant", "content": result[0]}], ensure_ascii=False)})
            if step.get("status") in ("failed", "cancelled"):
                tracing.fail(span, (step.get("error") or {}).get("code") or step["status"])


async def _model_call(turn: Turn, runtime: dict, agent_id: str, messages: list, schemas=(),
                      *, stream: bool = True, kind: str = "model_call"):
    model = runtime.get("model") or {}
    name = model.get("name") or ""
    started = time.perf_counter()
    provider_name = model.get("provider") or "default"
    try:
        provider_name, provider = turn.provider_for(model)
        request = ModelRequest(messages, schemas, ModelSettings(name, model.get("temperature"),
                                                                model.get("max_tokens")))
        parts, calls, finish = [], [], None
        async for event in provider.astream(request, cancel=turn.cancel):
            if isinstance(event, TextDelta):
                if stream:
                    if not parts and turn.output_parts:  # a later answer of the same turn
                        turn.output_parts.append("\n\n")
                        turn.emit("message.delta", {"run_id": turn.run.id, "agent_id": agent_id,
                                                    "text": "\n\n"})
                    turn.output_parts.append(event.text)
                    turn.emit("message.delta", {"run_id": turn.run.id, "agent_id": agent_id,
                                                "text": event.text})
                parts.append(event.text)
            elif isinstance(event, ToolCallEvent):
                calls.append(event.call)
            elif isinstance(event, Finish):
                finish = event
    except ModelCancelled:
        # the call was made (the model may bill it): it counts, with what it streamed
        turn.usage["model_calls"] += 1
        metrics.model_call(provider_name, name, "cancelled", time.perf_counter() - started)
        turn.steps.append({"type": kind, "agent_id": agent_id, "model": name,
                           "status": "cancelled",
                           "duration_ms": round((time.perf_counter() - started) * 1000, 3)})
        raise Cancelled() from None
    except ModelError as exc:
        metrics.model_call(provider_name, name, "failed", time.perf_counter() - started)
        turn.steps.append({"type": kind, "agent_id": agent_id, "model": name,
                           "status": "failed", "error": {"code": exc.code, "message": exc.detail},
                           "duration_ms": round((time.perf_counter() - started) * 1000, 3)})
        raise TurnFailed(exc.code, exc.detail) from None
    except DomainError as exc:  # an unknown provider name, ...
        raise TurnFailed(exc.code, exc.detail) from None
    if turn.cancel.is_set():
        raise Cancelled()
    usage = finish.usage if finish else None
    tokens_in, tokens_out = (usage.input_tokens, usage.output_tokens) if usage else (0, 0)
    turn.usage["input_tokens"] += tokens_in
    turn.usage["output_tokens"] += tokens_out
    turn.usage["model_calls"] += 1
    metrics.model_call(provider_name, name, "succeeded", time.perf_counter() - started,
                       tokens_in, tokens_out)
    turn.cost_micro += spend.cost_micro(turn.settings.prices, name, tokens_in, tokens_out)
    if name not in turn.models:
        turn.models.append(name)
    turn.steps.append({"type": kind, "agent_id": agent_id, "provider": provider_name,
                       "model": name, "status": "succeeded", "input_tokens": tokens_in,
                       "output_tokens": tokens_out,
                       "finish_reason": finish.finish_reason if finish else None,
                       "tool_calls": len(calls),
                       "duration_ms": round((time.perf_counter() - started) * 1000, 3)})
    return "".join(parts), calls


async def run_agent(turn: Turn, member: Member, toolset: turn_tools.Toolset,
                    system: str | None, conversation: list,
                    resume: tuple | None = None) -> tuple:
    """Run the active agent until it answers (("final",)) or hands off
    (("handoff", agent_id, reason)). ``conversation`` grows in place. Raises
    AwaitingApproval when the model calls a tool that needs approval (the calls stay
    unanswered at the end of the conversation); ``resume`` = (calls, denied) continues
    from there once every such call is decided (``denied``: call id -> denial result)."""
    runtime = member.runtime
    max_steps = int(runtime.get("max_steps") or 10)
    while True:
        turn.check_cancel()
        tools = toolset.without_handoffs() if turn.handoffs_exhausted else toolset
        if resume is not None:
            (calls, denied), resume, announced = resume, None, True
        else:
            messages = ([Message.system(system)] if system else []) + conversation
            text, calls = await model_call(turn, runtime, member.agent_id, messages,
                                           tools.schemas)
            used = turn.calls_by_agent[member.agent_id] = turn.calls_by_agent.get(
                member.agent_id, 0) + 1
            if not calls:
                conversation.append(Message.assistant(text))
                return ("final",)
            if used >= max_steps:
                raise TurnFailed("max_steps_exceeded",
                                 f"the agent {member.name!r} still asked for tools after "
                                 f"{max_steps} model calls (its max_steps)")
            conversation.append(Message.assistant(text, calls))
            denied, announced = None, False
            needing = turn_tools.needing_approval(tools, calls)
            if needing:
                raise AwaitingApproval(member.agent_id, calls, needing)
        handoff_names = tools.handoff_names()
        regular = [c for c in calls if c.name not in handoff_names]
        results = {m.tool_call_id: m for m in await turn_tools.run_calls(
            turn, member.agent_id, tools, regular, denied=denied, announced=announced)}
        target = None
        for call in calls:
            if call.name not in handoff_names:
                continue
            target_id, message = _handoff(turn, member.agent_id, tools, call,
                                          target is not None)
            results[call.id] = message
            if target_id and target is None:
                target = (target_id, _reason(call))
        conversation.extend(results[c.id] for c in calls)
        if target is not None:
            return ("handoff", *target)


def _reason(call) -> str:
    try:
        value = call.parsed_arguments().get("reason")
    except ValueError:
        value = None
    return value if isinstance(value, str) else ""


def _handoff(turn: Turn, agent_id: str, tools, call,
             already: bool) -> tuple[str | None, Message]:
    entry = tools.entries[call.name]
    if already:
        return None, Message.tool(call.id, "Refused: only one handoff per answer.", is_error=True)
    if turn.handoffs >= turn.settings.max_handoffs:
        turn.handoffs_exhausted = True
        turn.steps.append({"type": "handoff_refused", "agent_id": agent_id, "to_agent_id": entry.ref,
                           "reason": _reason(call)})
        return None, Message.tool(call.id, "Refused: the handoff limit of this turn is reached; "
                                           "answer the user yourself.", is_error=True)
    return entry.ref, Message.tool(call.id, f"Handed over to {entry.label}.")
