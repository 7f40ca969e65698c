"""OpenAI's Responses API over chat turns (``POST /openai/v1/responses``).

A response is one chat turn: its id is the run id, and ``previous_response_id`` (a run of the
end user) continues that run's thread. ``input`` is a string or a list of messages (the last
one the user's); without ``previous_response_id`` the messages before it are seeded into a
new thread (runtime/protocols/openai_compat.py). A failed turn is a response with ``status: failed``
and its ``error``; streamed, the events are OpenAI's (``response.created``, ...,
``response.output_text.delta``, ..., ``response.completed`` or ``response.failed``), each
with its ``sequence_number``.
"""
from __future__ import annotations

import json
import time
import uuid

from runtime.chat import stream as chat_stream
from runtime.protocols import openai_compat
from runtime.protocols.openai_compat import KEEP_ALIVE
from store import runs
from core import concurrency
from store.errors import NotFound

FINAL = {"run.completed": "completed", "run.failed": "failed", "run.cancelled": "cancelled"}


def thread_of(*, org_id: str, user_id: str | None, response_id: str) -> str:
    """The thread of the user's response (run) ``response_id``; 404 ``response_not_found``."""
    try:
        run = runs.get(org_id=org_id, run_id=response_id, user_id=user_id)
    except NotFound:
        run = None
    if run is None or run.thread_id is None or (user_id and run.user_id != user_id):
        raise NotFound(f"no response {response_id!r}", code="response_not_found")
    return run.thread_id


def inputs(value) -> list[dict]:
    """``input`` as messages."""
    if isinstance(value, str):
        return [{"role": "user", "content": value}]
    return value


async def start(*, settings, org_id: str, user_id: str | None, group_id: str | None,
                body: dict) -> dict:
    """Start the response's turn (runtime/protocols/openai_compat.py: ``start``)."""
    thread_id = None
    history, message = openai_compat.conversation(inputs(body["input"]), "input")
    if body.get("previous_response_id"):
        thread_id = await concurrency.hop(thread_of, org_id=org_id, user_id=user_id,
                                          response_id=body["previous_response_id"])
        history = []
    turn = await openai_compat.start(settings=settings, org_id=org_id, user_id=user_id,
                                     group_id=group_id, model=body["model"], history=history,
                                     message=message, thread_id=thread_id)
    turn["previous_response_id"] = body.get("previous_response_id")
    turn["created_at"] = int(time.time())
    turn["item_id"] = f"msg_{uuid.uuid4().hex}"
    return turn


def _usage(run: dict | None) -> dict | None:
    if run is None:
        return None
    used = openai_compat.usage_of(run)
    return {"input_tokens": used["prompt_tokens"], "output_tokens": used["completion_tokens"],
            "total_tokens": used["total_tokens"],
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens_details": {"reasoning_tokens": 0}}


def _item(turn: dict, text: str, status: str) -> dict:
    return {"type": "message", "id": turn["item_id"], "status": status, "role": "assistant",
            "content": [{"type": "output_text", "text": text, "annotations": [],
                         "logprobs": []}] if status != "in_progress" else []}


def response(turn: dict, *, status: str, text: str | None = None, run: dict | None = None,
             error: dict | None = None) -> dict:
    """The response object as it stands."""
    output = [] if text is None else [_item(turn, text, "completed")]
    return {"id": turn["run"]["id"], "object": "response", "created_at": turn["created_at"],
            "status": status, "model": turn["model"], "output": output,
            "previous_response_id": turn["previous_response_id"], "error": error,
            "incomplete_details": None, "instructions": None, "metadata": {},
            "parallel_tool_calls": False, "temperature": None, "top_p": None,
            "tool_choice": "auto", "tools": [], "text": {"format": {"type": "text"}},
            "truncation": "disabled", "usage": _usage(run), "thread_id": turn["thread"]["id"]}


def _error(kind: str, data: dict) -> dict | None:
    try:
        openai_compat.ended(kind, data)
    except openai_compat.TurnError as exc:
        return {"code": exc.code, "message": exc.message}
    return None


async def result(*, settings, org_id: str, turn: dict) -> dict:
    """The finished response (awaited without holding a thread)."""
    text, final = None, None
    async for item in openai_compat.follow(settings=settings, org_id=org_id, turn=turn):
        if item is KEEP_ALIVE:
            continue
        kind, data = item
        if kind == "message.completed":
            text = data.get("content") or ""
        elif kind in FINAL:
            final = (kind, data)
    if final is None:
        raise openai_compat.TurnError("stream_ended", "the turn's events ended before its end")
    kind, data = final
    if text is None and kind == "run.completed":
        text = data["run"].get("output") or ""
    return response(turn, status=FINAL[kind], text=text, run=data["run"],
                    error=_error(kind, data))


async def events(*, settings, org_id: str, turn: dict):
    """The streamed response: OpenAI's Responses events as Server-Sent Events."""
    seq = 0
    item_id = turn["item_id"]

    def event(kind: str, **fields) -> bytes:
        nonlocal seq
        seq += 1
        body = json.dumps({"type": kind, "sequence_number": seq, **fields},
                          separators=(",", ":"), ensure_ascii=False)
        return f"event: {kind}\ndata: {body}\n\n".encode()

    where = {"item_id": item_id, "output_index": 0, "content_index": 0}
    parts: list[str] = []
    yield event("response.created", response=response(turn, status="in_progress"))
    yield event("response.in_progress", response=response(turn, status="in_progress"))
    async for item in openai_compat.follow(settings=settings, org_id=org_id, turn=turn):
        if item is KEEP_ALIVE:
            yield chat_stream.KEEPALIVE
            continue
        kind, data = item
        if kind == "message.delta" and data.get("text"):
            if not parts:
                yield event("response.output_item.added", output_index=0,
                            item=_item(turn, "", "in_progress"))
                yield event("response.content_part.added", **where,
                            part={"type": "output_text", "text": "", "annotations": []})
            parts.append(data["text"])
            yield event("response.output_text.delta", **where, delta=data["text"],
                        logprobs=[])
        elif kind in FINAL:
            text = "".join(parts)
            if parts:
                yield event("response.output_text.done", **where, text=text, logprobs=[])
                yield event("response.content_part.done", **where,
                            part={"type": "output_text", "text": text, "annotations": []})
                yield event("response.output_item.done", output_index=0,
                            item=_item(turn, text, "completed"))
            status = FINAL[kind]
            done = response(turn, status=status, text=text if parts else None,
                            run=data["run"], error=_error(kind, data))
            name = {"completed": "response.completed", "failed": "response.failed",
                    "cancelled": "response.incomplete"}[status]
            yield event(name, response=done)
