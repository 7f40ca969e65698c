"""Typed chat events: every kind of `GET /v1/chat/stream`, and the ones added later.

`ChatEvent` is the union of the generated model of each of the 13 kinds and `UnknownEvent`:
kinds grow (the list is open), so a kind this version does not know arrives as an
`UnknownEvent` with its raw `data` instead of failing or being dropped. Narrow with
`isinstance` (or on `event.event`).
"""
from __future__ import annotations

import dataclasses
import json
import typing as t

from agent_platform_client.models import (AgentHandoffEvent, ApprovalDecidedEvent,
                                          ApprovalRequestedEvent, MemoryDeletedEvent,
                                          MemorySavedEvent, MessageCompletedEvent,
                                          MessageDeltaEvent, RunCancelledEvent,
                                          RunCompletedEvent, RunFailedEvent, RunStartedEvent,
                                          ToolCalledEvent, ToolResultEvent)

__all__ = ["AgentHandoffEvent", "ApprovalDecidedEvent", "ApprovalRequestedEvent", "ChatEvent",
           "EVENT_TYPES", "FINAL_KINDS", "KnownEvent", "MemoryDeletedEvent", "MemorySavedEvent",
           "MessageCompletedEvent", "MessageDeltaEvent", "RunCancelledEvent",
           "RunCompletedEvent", "RunFailedEvent", "RunStartedEvent", "SSEDecoder",
           "ToolCalledEvent", "ToolResultEvent", "UnknownEvent", "ends", "to_event"]


@dataclasses.dataclass(frozen=True)
class UnknownEvent:
    """An event of a kind added after this version of the library: its id, kind and data."""

    id: int
    event: str
    data: dict[str, t.Any]


KnownEvent = t.Union[RunStartedEvent, MessageDeltaEvent, ToolCalledEvent, ToolResultEvent,
                     AgentHandoffEvent, MemorySavedEvent, MemoryDeletedEvent,
                     ApprovalRequestedEvent, ApprovalDecidedEvent, MessageCompletedEvent,
                     RunCompletedEvent, RunFailedEvent, RunCancelledEvent]
ChatEvent = t.Union[KnownEvent, UnknownEvent]
EVENT_TYPES: dict[str, t.Any] = {
    "run.started": RunStartedEvent, "message.delta": MessageDeltaEvent,
    "tool.called": ToolCalledEvent, "tool.result": ToolResultEvent,
    "agent.handoff": AgentHandoffEvent, "memory.saved": MemorySavedEvent,
    "memory.deleted": MemoryDeletedEvent, "approval.requested": ApprovalRequestedEvent,
    "approval.decided": ApprovalDecidedEvent, "message.completed": MessageCompletedEvent,
    "run.completed": RunCompletedEvent, "run.failed": RunFailedEvent,
    "run.cancelled": RunCancelledEvent,
}
FINAL_KINDS = frozenset({"run.completed", "run.failed", "run.cancelled"})


class SSEDecoder:
    """Server-Sent Events frames (`id`, `event`, `data`) from lines; comments (`: keep-alive`)
    are skipped."""

    def __init__(self) -> None:
        self._frame: dict[str, str] = {}

    def feed(self, line: str) -> dict[str, str] | None:
        if not line:
            frame, self._frame = self._frame, {}
            return frame if "data" in frame else None
        if line.startswith(":"):
            return None
        name, _, value = line.partition(":")
        value = value[1:] if value.startswith(" ") else value
        if name == "data" and "data" in self._frame:
            self._frame["data"] += "\n" + value
        elif name in ("id", "event", "data"):
            self._frame[name] = value
        return None


def to_event(frame: dict[str, str]) -> ChatEvent:
    """The typed event of one frame (`UnknownEvent` for a kind this version does not know)."""
    kind = frame.get("event", "message")
    data = json.loads(frame["data"])
    event_id = int(frame.get("id", "0"))
    model = EVENT_TYPES.get(kind)
    if model is None or not isinstance(data, dict):
        return UnknownEvent(event_id, kind, data if isinstance(data, dict) else {"value": data})
    return t.cast(KnownEvent, model.from_dict({"id": event_id, "event": kind, "data": data}))


def ends(event: ChatEvent, until_run: str | None, until_final: bool) -> bool:
    """Whether the stream is over after this event."""
    if event.event not in FINAL_KINDS:
        return False
    if until_run is not None:
        run = getattr(getattr(event, "data", None), "run", None)
        return str(getattr(run, "id", "")) == until_run
    return until_final
