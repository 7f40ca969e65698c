"""The one model interface: a request (messages, tool schemas, settings) in, a stream of events out.

A provider's ``astream(request)`` is an async generator, awaited on the turn loop
(core/concurrency.py) so that a turn waiting on its model holds no thread; ``stream(request)``
is the same as a plain generator for synchronous callers (each step runs on the loop). It yields

- ``TextDelta(text)``: a piece of the assistant's text, in order;
- ``ToolCallEvent(call)``: one complete tool call (id, name, JSON arguments). Several in one
  response are parallel tool calls, in the order the model gave them;
- ``Finish(usage, finish_reason, raw_finish_reason, model)``: always last, exactly once.

A provider's credentials (its API key, a secret header) are masked (``[redacted]``,
rules/masking.py) in everything its model sends back: text deltas (a key split across two
deltas too), tool calls, the model's name; ``masked_stream`` does it once for every provider.

Failures raise ``ModelError`` (a safe message, never a credential); ``ModelCancelled`` when the
caller's ``cancel`` event was set. ``complete(request)`` / ``collect(events)`` gather a whole
response into a ``ModelResponse``.
"""
from __future__ import annotations

import abc
import dataclasses
import json
import threading
from typing import AsyncIterator, Iterable, Iterator, Union

from rules.masking import Masker, StreamMasker
from rules.outside_text import clean
from store.errors import DomainError

ROLES = ("system", "user", "assistant", "tool")
FINISH_REASONS = ("stop", "tool_calls", "length", "content_filter", "other")


@dataclasses.dataclass(frozen=True)
class ToolCall:
    """A tool call asked by the model. ``arguments`` is the JSON text the model produced."""
    id: str
    name: str
    arguments: str = "{}"

    def parsed_arguments(self) -> dict:
        """The arguments as a JSON object; ValueError when the model produced anything else."""
        value = json.loads(self.arguments or "{}")
        if not isinstance(value, dict):
            raise ValueError("tool call arguments must be a JSON object")
        return clean(value)  # NUL and lone surrogates become U+FFFD (rules/outside_text.py)


@dataclasses.dataclass(frozen=True)
class Message:
    """One message of a conversation.

    ``assistant`` messages may carry ``tool_calls``; ``tool`` messages answer one call
    (``tool_call_id``) with ``content`` (``is_error`` marks a failed call)."""
    role: str
    content: str = ""
    tool_calls: tuple[ToolCall, ...] = ()
    tool_call_id: str | None = None
    is_error: bool = False

    def __post_init__(self):
        if self.role not in ROLES:
            raise ValueError(f"unknown message role {self.role!r}")
        if self.tool_calls and self.role != "assistant":
            raise ValueError("only assistant messages carry tool calls")
        if (self.role == "tool") != (self.tool_call_id is not None):
            raise ValueError("tool messages (and only they) carry a tool_call_id")
        if not isinstance(self.tool_calls, tuple):
            object.__setattr__(self, "tool_calls", tuple(self.tool_calls))

    @classmethod
    def system(cls, content: str) -> "Message":
        return cls("system", content)

    @classmethod
    def user(cls, content: str) -> "Message":
        return cls("user", content)

    @classmethod
    def assistant(cls, content: str = "", tool_calls: Iterable[ToolCall] = ()) -> "Message":
        return cls("assistant", content, tuple(tool_calls))

    @classmethod
    def tool(cls, tool_call_id: str, content: str, *, is_error: bool = False) -> "Message":
        return cls("tool", content, tool_call_id=tool_call_id, is_error=is_error)


@dataclasses.dataclass(frozen=True)
class ToolSchema:
    """A tool offered to the model: ``parameters`` is a JSON Schema (an object schema)."""
    name: str
    description: str = ""
    parameters: dict = dataclasses.field(default_factory=dict)

    def object_schema(self) -> dict:
        """``parameters``, or an empty object schema when none was given."""
        return self.parameters or {"type": "object", "properties": {}}


@dataclasses.dataclass(frozen=True)
class ModelSettings:
    """Which model and how: ``temperature`` / ``max_tokens`` left None use the provider's default."""
    model: str = ""
    temperature: float | None = None
    max_tokens: int | None = None


@dataclasses.dataclass(frozen=True)
class ModelRequest:
    messages: tuple[Message, ...]
    tools: tuple[ToolSchema, ...] = ()
    settings: ModelSettings = ModelSettings()

    def __post_init__(self):
        object.__setattr__(self, "messages", tuple(self.messages))
        object.__setattr__(self, "tools", tuple(self.tools))

    def tool_names(self) -> set[str]:
        return {tool.name for tool in self.tools}


@dataclasses.dataclass(frozen=True)
class Usage:
    input_tokens: int = 0
    output_tokens: int = 0

    @property
    def total_tokens(self) -> int:
        return self.input_tokens + self.output_tokens

    def __add__(self, other: "Usage") -> "Usage":
        return Usage(self.input_tokens + other.input_tokens, self.output_tokens + other.output_tokens)


# ---- stream events -------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class TextDelta:
    text: str
    type = "text"


@dataclasses.dataclass(frozen=True)
class ToolCallEvent:
    call: ToolCall
    type = "tool_call"


@dataclasses.dataclass(frozen=True)
class Finish:
    """The last event. ``finish_reason`` is one of FINISH_REASONS (``tool_calls`` whenever the
    response holds tool calls); ``raw_finish_reason`` is what the provider said; ``model`` is the
    model that answered (as reported by the provider, else the one requested)."""
    usage: Usage
    finish_reason: str = "stop"
    raw_finish_reason: str | None = None
    model: str = ""
    type = "finish"


StreamEvent = Union[TextDelta, ToolCallEvent, Finish]


@dataclasses.dataclass(frozen=True)
class ModelResponse:
    text: str
    tool_calls: tuple[ToolCall, ...]
    usage: Usage
    finish_reason: str
    model: str = ""
    raw_finish_reason: str | None = None

    def as_message(self) -> Message:
        """The assistant message to append to the conversation."""
        return Message.assistant(self.text, self.tool_calls)


def collect(events: Iterable[StreamEvent]) -> ModelResponse:
    """Gather a whole stream into one response."""
    parts: list[str] = []
    calls: list[ToolCall] = []
    finish: Finish | None = None
    for event in events:
        if isinstance(event, TextDelta):
            parts.append(event.text)
        elif isinstance(event, ToolCallEvent):
            calls.append(event.call)
        elif isinstance(event, Finish):
            finish = event
    if finish is None:
        raise ModelError("the model's response ended without a finish event",
                         code="model_protocol_error")
    return ModelResponse("".join(parts), tuple(calls), finish.usage, finish.finish_reason,
                         finish.model, finish.raw_finish_reason)


def masked_stream(events: AsyncIterator[StreamEvent],
                  secrets: Iterable[object]) -> AsyncIterator[StreamEvent]:
    """``events`` with every form of ``secrets`` masked in what the model said: text (a tail
    that could begin a secret is held back until the next delta, and released before any
    other event), tool call ids, names and arguments, and the reported model name."""
    masker = Masker(secrets)
    if not masker:
        return events

    async def masked():
        text = StreamMasker(masker)
        try:
            async for event in events:
                if isinstance(event, TextDelta):
                    released = text.feed(event.text)
                    if released:
                        yield TextDelta(released)
                    continue
                rest = text.flush()
                if rest:
                    yield TextDelta(rest)
                if isinstance(event, ToolCallEvent):
                    call = event.call
                    event = ToolCallEvent(ToolCall(masker.text(call.id), masker.text(call.name),
                                                   masker.text(call.arguments)))
                elif isinstance(event, Finish):
                    event = dataclasses.replace(event, model=masker.text(event.model))
                yield event
        finally:
            await events.aclose()

    return masked()


# ---- errors --------------------------------------------------------------------------------

class ModelError(DomainError):
    """A model call failed. The message is safe to show and to log (never a credential).

    ``code``: model_auth_failed, model_rate_limited, model_unavailable, model_timeout,
    model_bad_request, model_protocol_error, model_stream_interrupted, url_not_allowed, ...
    ``upstream_status``: the provider's HTTP status, if any. ``retryable``: whether a later
    attempt may succeed. ``retry_after``: seconds the provider asked to wait, if it did."""
    status, title, code = 502, "Bad Gateway", "model_error"

    def __init__(self, detail: str, *, code: str | None = None, provider: str = "",
                 upstream_status: int | None = None, retryable: bool = False,
                 retry_after: float | None = None):
        super().__init__(detail, code=code)
        self.provider = provider
        self.upstream_status = upstream_status
        self.retryable = retryable
        self.retry_after = retry_after


class ModelCancelled(ModelError):
    """The caller's cancel event was set; the HTTP response (if any) has been closed."""
    status, title, code = 499, "Client Closed Request", "model_cancelled"


# ---- providers -----------------------------------------------------------------------------

class Provider(abc.ABC):
    """A model provider. Instances are cheap and thread-safe; HTTP connections are pooled per
    process. ``cancel`` (a threading.Event; a concurrency.Signal interrupts a silent call at
    once) ends the call in any state; closing the generator early also closes the HTTP
    response."""
    name: str = ""

    @abc.abstractmethod
    def astream(self, request: ModelRequest, *,
                cancel: threading.Event | None = None) -> AsyncIterator[StreamEvent]:
        """Yield TextDelta / ToolCallEvent events, then one Finish."""

    def stream(self, request: ModelRequest, *,
               cancel: threading.Event | None = None) -> Iterator[StreamEvent]:
        """``astream`` for synchronous callers."""
        from core import concurrency

        return concurrency.iterate(self.astream(request, cancel=cancel))

    def complete(self, request: ModelRequest, *,
                 cancel: threading.Event | None = None) -> ModelResponse:
        """The whole response at once."""
        return collect(self.stream(request, cancel=cancel))


def normalize_finish(reason: str, has_tool_calls: bool) -> str:
    """Map a provider's finish reason onto FINISH_REASONS."""
    if has_tool_calls:
        return "tool_calls"
    return {
        "stop": "stop", "end_turn": "stop", "stop_sequence": "stop",
        "tool_calls": "tool_calls", "function_call": "tool_calls", "tool_use": "tool_calls",
        "length": "length", "max_tokens": "length",
        "content_filter": "content_filter", "refusal": "content_filter",
    }.get(reason or "stop", "other")
