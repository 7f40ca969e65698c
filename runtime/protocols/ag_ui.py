"""AG-UI (``POST /v1/copilots/{id}/ag-ui``, ``POST /v1/agents/{id}/ag-ui``): a chat turn
driven by AG-UI's ``RunAgentInput`` and reported as AG-UI events (protocol 1.0).

The client's ``threadId`` names a thread of the end user (store/protocol_threads.py): its own
thread id, or an id of the client's linked to the thread the first run created (seeded with
the messages sent along). Each run posts the last user message as a chat turn
(runtime/chat/service.py: ``post``) and follows the thread's event log (runtime/chat/stream.py:
``follow``), translated:

    run.started            RUN_STARTED, STEP_STARTED (the first agent's name)
    message.delta          TEXT_MESSAGE_START (once), TEXT_MESSAGE_CONTENT
    tool.called            TOOL_CALL_START, TOOL_CALL_ARGS, TOOL_CALL_END
    tool.result            TOOL_CALL_RESULT
    agent.handoff          STEP_FINISHED, STEP_STARTED (the next agent)
    memory.*, approval.decided   CUSTOM (name: the kind, value: the data)
    run.completed          STEP_FINISHED, RUN_FINISHED (outcome success, usage)
    run.cancelled          RUN_FINISHED (outcome cancelled)
    run.failed             RUN_ERROR

A turn that pauses for approvals ends the stream with RUN_FINISHED whose outcome is
``interrupt``: one interrupt per waiting tool call (``id`` the call id). The client answers
with a new run of the same thread whose ``resume`` entries carry ``{"decision": "approve" |
"deny", "comment"?}`` (``status: cancelled`` denies); each is recorded as
``POST /v1/runs/{id}/approvals`` records it, and the stream follows the turn as it goes on.
"""
from __future__ import annotations

import json
import time
import uuid

from runtime.approvals import decisions as approval_decisions
from runtime.chat import service as chat
from runtime.chat import stream as chat_stream
from runtime.protocols import openai_compat
from store import protocol_threads, runs, scope, threads
from core import concurrency
from store.approvals import AWAITING
from store.errors import Conflict, Invalid, NotFound
from store.models import Agent

PROTOCOL = "ag-ui"
VERSION = "1.0"
RESPONSE_SCHEMA = {
    "type": "object", "required": ["decision"], "additionalProperties": False,
    "properties": {"decision": {"type": "string", "enum": ["approve", "deny"]},
                   "comment": {"type": "string", "maxLength": 2000}}}


def _text(content) -> str:
    if isinstance(content, str):
        return content
    return "".join(p.get("text") or "" for p in content or [] if p.get("type") == "text")


def conversation(messages: list[dict]) -> tuple[list, str]:
    """(history as (role, text), the new user message). The client sends the whole
    conversation back, tool calls and results of earlier runs included: only user and
    assistant text is kept."""
    kept = [(m["role"], _text(m.get("content"))) for m in messages
            if m.get("role") in ("user", "assistant")]
    kept = [(role, text) for role, text in kept if text]
    if not kept or kept[-1][0] != "user":
        raise Invalid("messages: the last user or assistant message must be the user's, with "
                      "text (or send resume to answer interrupts)", code="invalid_messages")
    return kept[:-1], kept[-1][1]


def _decide(settings, caller, thread, entries: list[dict]) -> dict:
    run_id = thread.last_run_id
    run = runs.get(org_id=caller.org_id, run_id=run_id) if run_id else None
    if run is None or run.status != AWAITING:
        raise Conflict("the thread's run is not waiting for an approval",
                       code="run_not_awaiting_approval")
    for entry in entries:
        answer = entry.get("payload") if isinstance(entry.get("payload"), dict) else {}
        decision = "deny" if entry.get("status") == "cancelled" else answer.get("decision")
        if decision not in ("approve", "deny"):
            raise Invalid(f"resume: interrupt {entry.get('interruptId')!r} needs a payload "
                          "{\"decision\": \"approve\" | \"deny\"}", code="invalid_resume")
        approval_decisions.decide(settings=settings, caller=caller, run_id=run_id,
                                  call_id=entry["interruptId"], decision=decision,
                                  comment=answer.get("comment"))
    return runs.to_dict(runs.get(org_id=caller.org_id, run_id=run_id))


def start(*, settings, caller, target: dict, body: dict) -> dict:
    """Start the run's turn (or answer the interrupts of the thread's paused one). Returns
    {thread, run, after}: where to follow the thread's log from."""
    org_id, user_id = caller.org_id, threads.need_user(caller.user_id)
    external = body["threadId"]
    thread = protocol_threads.find(org_id=org_id, user_id=user_id, protocol=PROTOCOL,
                                   external_id=external)
    if body.get("resume"):
        if thread is None:
            raise NotFound("thread not found", code="thread_not_found")
        after = thread.last_seq
        run = _decide(settings, caller, thread, body["resume"])
        return {"thread": threads.to_dict(thread), "run": run, "after": after}
    history, message = conversation(body["messages"])
    if thread is None:
        thread = protocol_threads.seed(org_id=org_id, user_id=user_id, history=history,
                                       title_text=history[0][1] if history else message,
                                       external_id=None if external == "" else external,
                                       protocol=PROTOCOL, **target)
    posted = chat.post(settings=settings, org_id=org_id, user_id=user_id,
                       group_id=caller.group_id, message=message, thread_id=thread.id,
                       **target)
    return {**posted, "after": None}


def _name(org_id: str, agent_id: str | None) -> str:
    row = scope.scoped(Agent, org_id).where(Agent.id == agent_id).first() if agent_id else None
    return row.name if row is not None else (agent_id or "agent")


def _pending(org_id: str, run_id: str) -> list[dict] | None:
    """The run's waiting calls once it has paused for them (None while it is not paused)."""
    run = runs.get(org_id=org_id, run_id=run_id)
    if run.status != AWAITING or not run.approval:
        return None
    return [p for p in run.approval["pending"] if p["status"] == "pending"]


def frame(event: dict) -> bytes:
    return f"data: {json.dumps(event, separators=(',', ':'), ensure_ascii=False)}\n\n".encode()


class _Run:
    """The translation of one run's events (what is open: a text message, a step)."""

    def __init__(self, org_id: str, thread_id: str, run_id: str):
        self.org_id, self.thread_id, self.run_id = org_id, thread_id, run_id
        self.message: str | None = None
        self.step: str | None = None
        self.calls: set[str] = set()
        self.names: dict[str, str] = {}

    async def name(self, agent_id):
        if agent_id not in self.names:
            self.names[agent_id] = await concurrency.hop(_name, self.org_id, agent_id)
        return self.names[agent_id]

    def close_message(self) -> list[dict]:
        if self.message is None:
            return []
        done, self.message = [{"type": "TEXT_MESSAGE_END", "messageId": self.message}], None
        return done

    def close_step(self) -> list[dict]:
        if self.step is None:
            return []
        done, self.step = [{"type": "STEP_FINISHED", "stepName": self.step}], None
        return done

    async def open_step(self, agent_id) -> list[dict]:
        self.step = await self.name(agent_id)
        return [{"type": "STEP_STARTED", "stepName": self.step}]

    def call(self, call_id: str, name: str, arguments) -> list[dict]:
        if call_id in self.calls:
            return []
        self.calls.add(call_id)
        return [*self.close_message(),
                {"type": "TOOL_CALL_START", "toolCallId": call_id, "toolCallName": name},
                {"type": "TOOL_CALL_ARGS", "toolCallId": call_id,
                 "delta": json.dumps(arguments or {}, separators=(",", ":"))},
                {"type": "TOOL_CALL_END", "toolCallId": call_id}]

    async def translate(self, kind: str, data: dict) -> list[dict]:
        if kind == "run.started":
            return await self.open_step(data.get("agent_id"))
        if kind == "message.delta" and data.get("text"):
            out = []
            if self.message is None:
                self.message = str(uuid.uuid4())
                out.append({"type": "TEXT_MESSAGE_START", "messageId": self.message,
                            "role": "assistant"})
            return out + [{"type": "TEXT_MESSAGE_CONTENT", "messageId": self.message,
                           "delta": data["text"]}]
        if kind == "tool.called":
            return self.call(data["tool_call_id"], data["name"], data.get("arguments"))
        if kind == "approval.requested":
            return self.call(data["call_id"], data["name"], data.get("arguments"))
        if kind == "tool.result":
            content = data.get("output") if data.get("status") == "succeeded" else \
                {"error": data.get("error")}
            return [*self.close_message(),
                    {"type": "TOOL_CALL_RESULT", "messageId": str(uuid.uuid4()),
                     "toolCallId": data["tool_call_id"], "role": "tool",
                     "content": content if isinstance(content, str) else json.dumps(content)}]
        if kind == "agent.handoff":
            return [*self.close_message(), *self.close_step(),
                    *await self.open_step(data.get("to_agent_id"))]
        if kind in ("memory.saved", "memory.deleted", "approval.decided"):
            return [{"type": "CUSTOM", "name": kind, "value": data}]
        if kind == "message.completed":
            return self.close_message()
        return []

    def finished(self, ids: dict, run: dict, outcome: dict) -> list[dict]:
        used = openai_compat.usage_of(run)
        return [*self.close_message(), *self.close_step(),
                {"type": "RUN_FINISHED", **ids, "outcome": outcome,
                 "result": {"run_id": run["id"], "thread_id": self.thread_id,
                            "status": run["status"], "output": run.get("output")},
                 "usage": [{"inputTokens": used["prompt_tokens"],
                            "outputTokens": used["completion_tokens"],
                            "totalTokens": used["total_tokens"]}]}]


def interrupts(pending: list[dict]) -> list[dict]:
    return [{"id": p["call_id"], "reason": "tool_approval", "toolCallId": p["call_id"],
             "message": f"Allow the call of {p['name']}?", "responseSchema": RESPONSE_SCHEMA,
             "expiresAt": p.get("expires_at"),
             "metadata": {"tool_id": p.get("tool_id"), "name": p["name"],
                          "arguments": p.get("arguments")}}
            for p in pending]


async def events(*, settings, org_id: str, started: dict, body: dict):
    """The run's AG-UI events as Server-Sent Events (``data: <event>``)."""
    ids = {"threadId": body["threadId"], "runId": body["runId"]}
    run_id, thread_id = started["run"]["id"], started["thread"]["id"]
    state = _Run(org_id, thread_id, run_id)
    waiting = bool(body.get("resume"))  # resumed: the agent's step opens again
    yield frame({"type": "RUN_STARTED", **ids, "protocolVersion": VERSION,
                 "metadata": {"agent_platform": {"run_id": run_id, "thread_id": thread_id}},
                 "timestamp": int(time.time() * 1000)})
    if waiting:  # the step of the agent whose call waited
        run = await concurrency.hop(runs.get, org_id=org_id, run_id=run_id)
        for event in await state.open_step((run.approval or {}).get("agent_id") or
                                           run.agent_id):
            yield frame(event)
    paused = False  # an approval was asked for: is the run waiting now? (checked while idle)

    def tick() -> float | None:
        return 0.1 if paused else None

    async for item in chat_stream.follow(settings, org_id, thread_id, started["after"],
                                         tick_s=tick):
        if item is chat_stream.KEEP_ALIVE:
            yield chat_stream.KEEPALIVE
            continue
        if item is chat_stream.IDLE:
            pending = await concurrency.hop(_pending, org_id, run_id) if paused else None
            if pending:
                for event in state.finished(ids, {**started["run"], "status": AWAITING},
                                            {"type": "interrupt",
                                             "interrupts": interrupts(pending)}):
                    yield frame(event)
                return
            continue
        _, kind, data = item
        if data.get("run_id", (data.get("run") or {}).get("id")) != run_id:
            continue
        if kind == "approval.requested":
            paused = True
        elif kind == "approval.decided":
            paused = False
        if kind == "run.failed":
            error = data.get("error") or {}
            yield frame({"type": "RUN_ERROR", "message": error.get("message") or "failed",
                         "code": error.get("code") or "run_failed"})
            return
        if kind in ("run.completed", "run.cancelled"):
            outcome = {"type": "success" if kind == "run.completed" else "cancelled"}
            for event in state.finished(ids, data["run"], outcome):
                yield frame(event)
            return
        if kind == "tool.result":
            paused = False
        for event in await state.translate(kind, data):
            yield frame(event)
