"""The built-in offline model: deterministic, no network, the default provider.

- It answers the last user message with that message's text, streamed word by word.
- **Tool calls**: a last user message whose every non-empty line reads
  ``call <tool_name> [<arguments>]``, each naming a tool offered in the request, is answered
  with those tool calls (one per line, in order; several lines are parallel calls). The
  arguments are the rest of the line verbatim (``{}`` when absent), so invalid JSON reaches the
  caller as the model sent it. Call ids are ``call_<n>``, numbered across the conversation.
- **Tool results**: when the conversation ends with tool messages, it answers with one line per
  result, ``<tool_name>: <content>``.
- Usage counts words: input = words of every message (and tool arguments), output = words of
  the answer (or of the call lines).
"""
from __future__ import annotations

import re
import threading
from typing import AsyncIterator

from runtime.models.base import (Finish, Message, ModelCancelled, ModelRequest, Provider,
                                 StreamEvent, TextDelta, ToolCall, ToolCallEvent, Usage)

_CALL = re.compile(r"^\s*call\s+(\S+)(?:\s+(.*\S))?\s*$")
_PIECES = re.compile(r"\s*\S+\s*|\s+")


def _words(text: str) -> int:
    return len(text.split())


def _input_words(messages: tuple[Message, ...]) -> int:
    return sum(_words(m.content) + sum(_words(c.arguments) + 1 for c in m.tool_calls)
               for m in messages)


def parse_calls(text: str, offered: set[str], first_number: int = 1) -> list[ToolCall]:
    """The tool calls a user message asks for under the echo convention, or [] when it is not
    entirely made of ``call <offered tool> [args]`` lines."""
    lines = [line for line in text.splitlines() if line.strip()]
    calls = []
    for number, line in enumerate(lines, start=first_number):
        match = _CALL.match(line)
        if not match or match.group(1) not in offered:
            return []
        calls.append(ToolCall(f"call_{number}", match.group(1), match.group(2) or "{}"))
    return calls


def _tool_results(messages: tuple[Message, ...]) -> list[Message]:
    results = []
    for message in reversed(messages):
        if message.role != "tool":
            break
        results.append(message)
    return results[::-1]


def answer(request: ModelRequest) -> tuple[str, list[ToolCall]]:
    """What echo answers to ``request``: (text, tool calls)."""
    messages = request.messages
    results = _tool_results(messages)
    if results:
        names = {c.id: c.name for m in messages for c in m.tool_calls}
        return "\n".join(f"{names.get(r.tool_call_id, 'tool')}: {r.content}"
                         for r in results), []
    last_user = next((m for m in reversed(messages) if m.role == "user"), None)
    if last_user is None:
        return "", []
    earlier = sum(len(m.tool_calls) for m in messages)
    calls = parse_calls(last_user.content, request.tool_names(), earlier + 1)
    if calls and last_user is messages[-1]:
        return "", calls
    return last_user.content, []


class EchoProvider(Provider):
    name = "echo"

    def __init__(self, **_ignored):
        pass

    def __repr__(self) -> str:
        return "EchoProvider()"

    async def astream(self, request: ModelRequest, *,
                      cancel: threading.Event | None = None) -> AsyncIterator[StreamEvent]:
        text, calls = answer(request)
        for piece in _PIECES.findall(text):
            if cancel is not None and cancel.is_set():
                raise ModelCancelled("echo: cancelled", provider=self.name)
            yield TextDelta(piece)
        for call in calls:
            yield ToolCallEvent(call)
        output = _words(text) + sum(_words(c.arguments) + 2 for c in calls)
        usage = Usage(_input_words(request.messages), output)
        reason = "tool_calls" if calls else "stop"
        yield Finish(usage, reason, reason, request.settings.model or "echo")
