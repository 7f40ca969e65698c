"""Typed chat events from `GET /v1/chat/stream` over the generated client (kept for programs
written against it; new programs use the client library, `agent_platform.Client.chat.stream`,
which also types events of kinds added later as `UnknownEvent`).

    from agent_platform_client import AuthenticatedClient
    from agent_platform_stream import stream_chat_events

    client = AuthenticatedClient(base_url="http://127.0.0.1:8080", token=session_token)
    for event in stream_chat_events(client, thread_id):
        if event.event == "message.delta":
            print(event.data.text, end="")

Each event is the generated model of its kind, every kind of the API (`RunStartedEvent`,
`MessageDeltaEvent`, `ApprovalRequestedEvent`, ..., `RunCompletedEvent`), with `id`, `event`
and a typed `data`. The iterator ends after the
turn's final event (`run.completed`, `run.failed`, `run.cancelled`); with `until_run`, after
the final event of that run: a turn sent with `multitask_strategy` `enqueue` (or
`interrupt`) while another ran comes after the turns before it, whose events come first:

    turn = post_chat.sync(client=client, body=AgentChatRequest(
        agent_id=agent_id, thread_id=thread_id, message="And in Porto?",
        multitask_strategy=MultitaskStrategy.ENQUEUE))
    for event in stream_chat_events(client, thread_id, until_run=turn.run.id):
        ...

When the connection
drops it reconnects with `Last-Event-ID` set to the last id it yielded, so no event is lost or
repeated; a kind this client does not know is skipped (the service may add kinds). An answer
other than 200 raises `ChatStreamError` carrying the typed `Problem`.
"""
from __future__ import annotations

import json
import time
import typing as t

import httpx

from agent_platform_client import AuthenticatedClient, Client
from agent_platform_client.models import (AgentHandoffEvent, ApprovalDecidedEvent,
                                          ApprovalRequestedEvent, MemoryDeletedEvent,
                                          MemorySavedEvent, MessageCompletedEvent,
                                          MessageDeltaEvent, Problem, RunCancelledEvent,
                                          RunCompletedEvent, RunFailedEvent, RunStartedEvent,
                                          ToolCalledEvent, ToolResultEvent)

ChatEvent = t.Union[RunStartedEvent, MessageDeltaEvent, ToolCalledEvent, ToolResultEvent,
                    AgentHandoffEvent, MemorySavedEvent, MemoryDeletedEvent,
                    ApprovalRequestedEvent, ApprovalDecidedEvent, MessageCompletedEvent,
                    RunCompletedEvent, RunFailedEvent, RunCancelledEvent]
EVENT_TYPES: dict[str, type] = {
    "run.started": RunStartedEvent, "message.delta": MessageDeltaEvent,
    "tool.called": ToolCalledEvent, "tool.result": ToolResultEvent,
    "agent.handoff": AgentHandoffEvent, "memory.saved": MemorySavedEvent,
    "memory.deleted": MemoryDeletedEvent, "approval.requested": ApprovalRequestedEvent,
    "approval.decided": ApprovalDecidedEvent, "message.completed": MessageCompletedEvent,
    "run.completed": RunCompletedEvent, "run.failed": RunFailedEvent,
    "run.cancelled": RunCancelledEvent,
}
FINAL_KINDS = frozenset({"run.completed", "run.failed", "run.cancelled"})


class ChatStreamError(Exception):
    """The stream was refused: `status` and the typed `problem` (problem+json)."""

    def __init__(self, status: int, problem: Problem | None, text: str):
        self.status, self.problem = status, problem
        super().__init__(f"{status}: {problem.detail if problem else text[:200]}")


def frames(lines: t.Iterable[str]) -> t.Iterator[dict[str, str]]:
    """Server-Sent Events frames (`id`, `event`, `data`) from the stream's lines; comment
    lines (`: keep-alive`) are skipped."""
    frame: dict[str, str] = {}
    for line in lines:
        if not line:
            if "data" in frame:
                yield frame
            frame = {}
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "data" and "data" in frame:
            frame["data"] += "\n" + value
        elif name in ("id", "event", "data"):
            frame[name] = value
    if "data" in frame:
        yield frame


def to_event(frame: dict[str, str]) -> ChatEvent | None:
    """The typed event of one frame, or None for a kind this client does not know."""
    kind = frame.get("event", "message")
    model = EVENT_TYPES.get(kind)
    if model is None:
        return None
    return model.from_dict({"id": int(frame["id"]), "event": kind,
                            "data": json.loads(frame["data"])})


def stream_chat_events(client: AuthenticatedClient | Client, thread_id: str, *,
                       last_event_id: int | None = None, user_id: str | None = None,
                       until_final: bool = True, until_run: str | None = None,
                       reconnects: int = 5,
                       read_timeout: float = 60.0) -> t.Iterator[ChatEvent]:
    """Typed events of the thread's turns (see the module docstring). `user_id` sets
    `X-User-Id` (an API key acting for an end user); `last_event_id` resumes after that
    event; `until_final=False` follows the thread across turns until the caller stops;
    `until_run` follows it until the final event of that run (the turns before it included)."""
    http = client.get_httpx_client()
    timeout = httpx.Timeout(10.0, read=read_timeout)
    failures = 0
    while True:
        headers = {"Accept": "text/event-stream"}
        if last_event_id is not None:
            headers["Last-Event-ID"] = str(last_event_id)
        if user_id is not None:
            headers["X-User-Id"] = user_id
        try:
            with http.stream("GET", "/v1/chat/stream", params={"thread_id": str(thread_id)},
                             headers=headers, timeout=timeout) as response:
                if response.status_code != 200:
                    text = response.read().decode("utf-8", "replace")
                    try:
                        problem = Problem.from_dict(json.loads(text))
                    except (ValueError, KeyError, TypeError):
                        problem = None
                    raise ChatStreamError(response.status_code, problem, text)
                for frame in frames(response.iter_lines()):
                    event = to_event(frame)
                    last_event_id = int(frame["id"]) if "id" in frame else last_event_id
                    if event is None:
                        continue
                    failures = 0
                    yield event
                    if event.event not in FINAL_KINDS:
                        continue
                    if until_run is not None:
                        if str(event.data.run.id) == str(until_run):
                            return
                    elif until_final:
                        return
        except (httpx.TransportError, httpx.StreamError):
            failures += 1
            if failures > reconnects:
                raise
            time.sleep(min(0.2 * 2 ** failures, 5.0))
