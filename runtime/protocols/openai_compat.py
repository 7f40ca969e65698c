"""The OpenAI-compatible edge (``/openai/v1``): a deployed network or an agent as a model.

    models(org_id=o)                                  # GET /openai/v1/models
    turn = start(settings=s, org_id=o, user_id=u, group_id=g, model=m, history=[...],
                 message="hi", thread_id=None)         # a chat turn, as POST /v1/chat
    async for kind, data in follow(settings=s, org_id=o, turn=turn): ...

A completion is one chat turn (runtime/chat/service.py: ``post``) of the end user: the platform runs
the whole turn (model, tools, handoffs, memory, prompt blocks, approvals, spend caps) and its
events (the thread's log, as ``GET /v1/chat/stream`` reads it) become OpenAI's shapes here and
in runtime/protocols/openai_responses.py. A conversation the client sends along is seeded into a new
thread (store/protocol_threads.py); ``thread_id`` (an extension field) continues a thread
instead. ``model`` is the id of an agent or of a network (copilot), or an alias listed by
``models``: an agent's name as a slug, a deployed network's slug and environment
(``support:prod``).
"""
from __future__ import annotations

import json
import re
import time

from runtime.chat import service as chat
from runtime.chat import events as chat_events
from runtime.chat import stream as chat_stream
from store import protocol_threads, run_events, scope, threads
from core import concurrency
from store.errors import DomainError, Invalid, NotFound
from store.models import Agent, Copilot

DEPLOYED = ("staging", "prod")
NO_TOOLS = "client_tools_not_supported"


def slug(name: str) -> str:
    text = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return text or "unnamed"


def _targets(org_id: str) -> list[dict]:
    """Every model the organization offers, with its alias (None when two share it)."""
    found = []
    for row in scope.scoped(Agent, org_id).order_by(Agent.created_at, Agent.id):
        found.append({"id": row.id, "alias": slug(row.name), "kind": "agent",
                      "created": row.created_at, "name": row.name})
    networks = (scope.scoped(Copilot, org_id).where(Copilot.environment.in_(DEPLOYED))
                .order_by(Copilot.created_at, Copilot.id))
    for row in networks:
        found.append({"id": row.id, "alias": f"{slug(row.name)}:{row.environment}",
                      "kind": "network", "created": row.created_at, "name": row.name})
    counts: dict[str, int] = {}
    for t in found:
        counts[t["alias"]] = counts.get(t["alias"], 0) + 1
    for t in found:
        if counts[t["alias"]] > 1:
            t["alias"] = None
    return found


def models(*, org_id: str) -> list[dict]:
    """OpenAI's model list: each agent and deployed network by id, then by alias."""
    rows = []
    for t in _targets(org_id):
        names = [t["id"]] + ([t["alias"]] if t["alias"] else [])
        for name in names:
            rows.append({"id": name, "object": "model",
                         "created": int(t["created"].timestamp()), "owned_by": "organization",
                         "kind": t["kind"], "target_id": t["id"], "name": t["name"]})
    return rows


def resolve(*, org_id: str, model: str) -> dict:
    """``{"agent_id": ...}`` or ``{"copilot_id": ...}`` for a model id or alias; 404
    ``model_not_found`` for anything else (another organization's ids included)."""
    if scope.scoped(Agent, org_id).where(Agent.id == model).exists():
        return {"agent_id": model}
    if scope.scoped(Copilot, org_id).where(Copilot.id == model).exists():
        return {"copilot_id": model}
    for t in _targets(org_id):
        if t["alias"] == model:
            return {"agent_id": t["id"]} if t["kind"] == "agent" else {"copilot_id": t["id"]}
    raise NotFound(f"The model {model!r} does not exist: use an id or alias from "
                   "GET /openai/v1/models", code="model_not_found")


def text_of(content, where: str) -> str:
    """The text of a message's content: a string, or a list of text parts."""
    if content is None:
        return ""
    if isinstance(content, str):
        return content
    parts = []
    for part in content:
        if part.get("type") not in ("text", "input_text", "output_text"):
            raise Invalid(f"{where}: only text content is supported (got a "
                          f"{part.get('type')!r} part)", code="unsupported_content")
        parts.append(part.get("text") or "")
    return "".join(parts)


def conversation(messages: list[dict], where: str = "messages") -> tuple[list, str]:
    """(history as (role, text), the new user message) from OpenAI-style messages. System
    and developer messages are left out (the network's instructions and prompt blocks apply);
    tool messages belong to client-side tools, which are refused."""
    kept = []
    for i, m in enumerate(messages):
        role = m.get("role", "user")
        if role in ("system", "developer"):
            continue
        if role == "tool" or m.get("tool_calls") or m.get("type") == "function_call_output":
            raise Invalid(f"{where}[{i}]: tool messages answer client-side tools, which are "
                          "not supported: the model's tools run on the server", code=NO_TOOLS)
        if role not in ("user", "assistant"):
            raise Invalid(f"{where}[{i}]: unsupported role {role!r}", code="invalid_messages")
        kept.append((role, text_of(m.get("content"), f"{where}[{i}]")))
    if not kept or kept[-1][0] != "user" or not kept[-1][1].strip():
        raise Invalid(f"{where}: the last message (after system messages) must be the user's, "
                      "with text", code="invalid_messages")
    return kept[:-1], kept[-1][1]


def _thread(*, org_id: str, user_id: str | None, model: str, history: list, message: str,
            thread_id: str | None) -> tuple[str, dict]:
    """(the turn's thread, its target): the user's thread ``thread_id`` (404 for anyone
    else's), else a new thread holding ``history``."""
    user_id = threads.need_user(user_id)
    target = resolve(org_id=org_id, model=model)
    if thread_id is not None:
        threads.get(org_id=org_id, user_id=user_id, thread_id=thread_id)
        return thread_id, target
    return protocol_threads.seed(org_id=org_id, user_id=user_id, history=history,
                                 title_text=history[0][1] if history else message,
                                 **target).id, target


async def start(*, settings, org_id: str, user_id: str | None, group_id: str | None,
                model: str, history: list, message: str, thread_id: str | None = None) -> dict:
    """Start the turn (as POST /v1/chat; 409 ``turn_in_progress`` when the thread's turn
    still runs), its thread's live events subscribed first: the turn's stream never reads
    its start back from the log. Returns chat.post's answer with ``model``, ``target`` and
    ``subscription`` (ended by ``follow``, or by ``close``)."""
    thread_id, target = await concurrency.hop(_thread, org_id=org_id, user_id=user_id,
                                              model=model, history=history, message=message,
                                              thread_id=thread_id)
    hub = chat_events.hub(settings)
    sub = await hub.subscribe(thread_id)
    try:
        posted = await concurrency.hop(_post, settings=settings, org_id=org_id,
                                       user_id=user_id, group_id=group_id, message=message,
                                       thread_id=thread_id, **target)
    except BaseException:
        await hub.unsubscribe(sub)
        raise
    return {**posted, "model": model, "target": target, "subscription": sub}


def _post(**fields) -> dict:
    """chat.post, and where the turn's events begin in the thread's log (``after``: every
    event after it is the turn's, and reaches the subscription taken before)."""
    posted = chat.post(**fields)
    return {**posted, "after": run_events.replay_start(thread_id=posted["thread"]["id"])}


async def close(settings, turn: dict) -> None:
    """End the turn's subscription (a stream whose body never started)."""
    await chat_events.hub(settings).unsubscribe(turn["subscription"])


async def follow(*, settings, org_id: str, turn: dict):
    """The turn's events as (kind, data), live, until its final event; ``KEEP_ALIVE`` while
    nothing happens (a turn waiting for an approval)."""
    run_id = turn["run"]["id"]
    async for item in chat_stream.follow(settings, org_id, turn["thread"]["id"], turn["after"],
                                         sub=turn["subscription"], read_first=False):
        if item is chat_stream.KEEP_ALIVE:
            yield item
            continue
        _, kind, data = item
        if data.get("run_id", (data.get("run") or {}).get("id")) == run_id:
            yield kind, data


KEEP_ALIVE = chat_stream.KEEP_ALIVE


def usage_of(run: dict) -> dict:
    used = run.get("usage") or {}
    prompt, completion = used.get("input_tokens", 0), used.get("output_tokens", 0)
    return {"prompt_tokens": prompt, "completion_tokens": completion,
            "total_tokens": prompt + completion}


class TurnError(DomainError):
    """The turn failed or was cancelled (500 with the run's error code before an answer
    started; OpenAI's error object in a stream)."""

    def __init__(self, code: str, message: str):
        # the turn ran (tools included): an SDK must not run it again on its own
        super().__init__(message, code=code, headers={"x-should-retry": "false"})
        self.message = message

    def body(self) -> dict:
        return {"error": {"message": self.message, "type": "server_error", "param": None,
                          "code": self.code}}


def ended(kind: str, data: dict) -> None:
    """Raise TurnError for a final event that is not a success."""
    if kind == "run.failed":
        error = data.get("error") or {}
        raise TurnError(error.get("code") or "run_failed",
                        error.get("message") or "the turn failed")
    if kind == "run.cancelled":
        raise TurnError("cancelled", "the turn was cancelled")


def _chat_base(turn: dict, created: int) -> dict:
    return {"id": turn["run"]["id"], "created": created, "model": turn["model"],
            "system_fingerprint": None, "thread_id": turn["thread"]["id"]}


async def completion(*, settings, org_id: str, turn: dict) -> dict:
    """The whole chat.completion once the turn has ended (no thread held while it runs)."""
    created, answer, run = int(time.time()), None, None
    async for item in follow(settings=settings, org_id=org_id, turn=turn):
        if item is KEEP_ALIVE:
            continue
        kind, data = item
        if kind == "message.completed":
            answer = data
        elif kind in ("run.completed", "run.failed", "run.cancelled"):
            ended(kind, data)
            run = data["run"]
    if run is None:
        raise TurnError("stream_ended", "the turn's events ended before its end")
    content = (answer or {}).get("content") or run.get("output") or ""
    return {**_chat_base(turn, created), "object": "chat.completion",
            "choices": [{"index": 0, "finish_reason": "stop", "logprobs": None,
                         "message": {"role": "assistant", "content": content,
                                     "refusal": None}}],
            "usage": usage_of(run)}


def sse(data: dict | str) -> bytes:
    text = data if isinstance(data, str) else json.dumps(data, separators=(",", ":"),
                                                          ensure_ascii=False)
    return f"data: {text}\n\n".encode()


async def chunks(*, settings, org_id: str, turn: dict, include_usage: bool = False):
    """The chat.completion.chunk stream of the turn, ``data: [DONE]`` last; a failed turn ends
    with an error object (the SDKs raise it)."""
    created = int(time.time())
    base = {**_chat_base(turn, created), "object": "chat.completion.chunk"}

    def chunk(delta: dict, finish=None) -> bytes:
        return sse({**base, "choices": [{"index": 0, "delta": delta, "logprobs": None,
                                         "finish_reason": finish}]})

    yield chunk({"role": "assistant", "content": ""})
    async for item in follow(settings=settings, org_id=org_id, turn=turn):
        if item is KEEP_ALIVE:
            yield chat_stream.KEEPALIVE
            continue
        kind, data = item
        if kind == "message.delta" and data.get("text"):
            yield chunk({"content": data["text"]})
        elif kind in ("run.failed", "run.cancelled"):
            try:
                ended(kind, data)
            except TurnError as exc:
                yield sse(exc.body())
            return
        elif kind == "run.completed":
            yield chunk({}, "stop")
            if include_usage:
                yield sse({**base, "choices": [], "usage": usage_of(data["run"])})
    yield sse("[DONE]")
