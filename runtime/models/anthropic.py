"""Anthropic Messages API: ``POST {base_url}/v1/messages`` with ``stream: true``.

System messages become the top-level ``system``; assistant tool calls become ``tool_use``
blocks; tool results become ``tool_result`` blocks of a user message (consecutive results, as
after parallel calls, share one user message). The SSE events message_start, content_block_start
/ _delta / _stop, message_delta and message_stop are turned into the common events.
"""
from __future__ import annotations

import json
import threading
from typing import AsyncIterator

import runtime.models.http as http
from runtime.models.base import (Finish, Message, ModelError, ModelRequest, Provider,
                                 StreamEvent, TextDelta, ToolCall, ToolCallEvent, Usage,
                                 masked_stream, normalize_finish)

DEFAULT_BASE_URL = "https://api.anthropic.com"
API_VERSION = "2023-06-01"
DEFAULT_MAX_TOKENS = 4096
_RETRYABLE_STREAM_ERRORS = {"overloaded_error", "api_error", "rate_limit_error"}


def _input_object(arguments: str) -> dict:
    try:
        value = json.loads(arguments or "{}")
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _blocks(message: Message) -> list[dict]:
    if message.role == "tool":
        block = {"type": "tool_result", "tool_use_id": message.tool_call_id,
                 "content": message.content}
        if message.is_error:
            block["is_error"] = True
        return [block]
    blocks = [{"type": "text", "text": message.content}] if message.content else []
    for call in message.tool_calls:
        blocks.append({"type": "tool_use", "id": call.id, "name": call.name,
                       "input": _input_object(call.arguments)})
    return blocks


def request_body(request: ModelRequest) -> dict:
    settings = request.settings
    system = "\n\n".join(m.content for m in request.messages if m.role == "system" and m.content)
    messages: list[dict] = []
    for message in request.messages:
        if message.role == "system":
            continue
        role = "assistant" if message.role == "assistant" else "user"
        blocks = _blocks(message)
        if not blocks:
            continue
        if messages and messages[-1]["role"] == role:
            previous = messages[-1]["content"]
            # tool results first: Anthropic wants them at the start of the user turn
            results = [b for b in previous + blocks if b["type"] == "tool_result"]
            others = [b for b in previous + blocks if b["type"] != "tool_result"]
            messages[-1]["content"] = results + others
        else:
            messages.append({"role": role, "content": blocks})
    body = {"model": settings.model, "max_tokens": settings.max_tokens or DEFAULT_MAX_TOKENS,
            "messages": messages, "stream": True}
    if system:
        body["system"] = system
    if request.tools:
        body["tools"] = [{"name": tool.name, "description": tool.description,
                          "input_schema": tool.object_schema()} for tool in request.tools]
    if settings.temperature is not None:
        body["temperature"] = settings.temperature
    return body


class AnthropicProvider(Provider):
    name = "anthropic"

    def __init__(self, *, base_url: str = DEFAULT_BASE_URL, api_key: str | None = None,
                 options: http.HttpOptions = http.HttpOptions()):
        base_url = base_url.rstrip("/")
        self.base_url = base_url[:-3] if base_url.endswith("/v1") else base_url
        self._api_key = api_key
        self.options = options

    def __repr__(self) -> str:
        return f"AnthropicProvider(base_url={self.base_url!r})"

    def _headers(self) -> dict:
        headers = {"Accept": "text/event-stream", "Content-Type": "application/json",
                   "anthropic-version": API_VERSION}
        if self._api_key:
            headers["x-api-key"] = self._api_key
        return headers

    async def astream(self, request: ModelRequest, *,
                      cancel: threading.Event | None = None) -> AsyncIterator[StreamEvent]:
        url = f"{self.base_url}/v1/messages"
        http.check_base_url(self.name, url)
        body = request_body(request)
        attempts = http.retrying(lambda: self._attempt(url, body, request, cancel),
                                 self.options, provider=self.name, cancel=cancel)
        stream = masked_stream(attempts, (self._api_key,))
        try:
            async for event in stream:
                yield event
        finally:  # closing this generator early closes the response at once
            await stream.aclose()

    async def _attempt(self, url: str, body: dict, request: ModelRequest,
                       cancel: threading.Event | None) -> AsyncIterator[StreamEvent]:
        model = request.settings.model
        input_tokens = output_tokens = 0
        stop_reason: str | None = None
        blocks: dict[int, dict] = {}
        calls = 0
        stopped = False
        async for message in http.post_sse(provider=self.name, url=url,
                                           headers=self._headers(), body=body,
                                           options=self.options, secrets=(self._api_key,),
                                           cancel=cancel):
            if stopped:
                continue  # read to the end, so that the connection can be reused
            data = message.json(self.name)
            kind = data.get("type") or message.event
            if kind == "message_start":
                info = data.get("message") or {}
                model = info.get("model") or model
                usage = info.get("usage") or {}
                input_tokens = _input_tokens(usage)
                output_tokens = int(usage.get("output_tokens") or 0)
            elif kind == "content_block_start":
                block = data.get("content_block") or {}
                blocks[data.get("index", len(blocks))] = {
                    "type": block.get("type"), "id": block.get("id", ""),
                    "name": block.get("name", ""), "json": []}
                if block.get("type") == "text" and block.get("text"):
                    yield TextDelta(block["text"])
            elif kind == "content_block_delta":
                delta = data.get("delta") or {}
                if delta.get("type") == "text_delta" and delta.get("text"):
                    yield TextDelta(delta["text"])
                elif delta.get("type") == "input_json_delta":
                    blocks.setdefault(data.get("index", 0), {"type": "tool_use", "id": "",
                                                             "name": "", "json": []})
                    blocks[data.get("index", 0)]["json"].append(delta.get("partial_json", ""))
            elif kind == "content_block_stop":
                block = blocks.get(data.get("index", -1))
                if block and block["type"] == "tool_use":
                    if not block["name"]:
                        raise ModelError("anthropic: a tool_use block without a name",
                                         code="model_protocol_error", provider=self.name)
                    yield ToolCallEvent(ToolCall(block["id"] or f"toolu_{calls}", block["name"],
                                                 "".join(block["json"]) or "{}"))
                    calls += 1
            elif kind == "message_delta":
                stop_reason = (data.get("delta") or {}).get("stop_reason") or stop_reason
                usage = data.get("usage") or {}
                output_tokens = int(usage.get("output_tokens") or output_tokens)
                input_tokens = max(input_tokens, _input_tokens(usage))
            elif kind == "message_stop":
                stopped = True
            elif kind == "error":
                raise _stream_error(data.get("error") or {}, self._api_key)
        if not stopped:
            raise ModelError("anthropic: the response stream ended early",
                             code="model_stream_interrupted", provider=self.name, retryable=True)
        raw = stop_reason or "end_turn"
        yield Finish(Usage(input_tokens, output_tokens), normalize_finish(raw, calls > 0), raw,
                     model)


def _input_tokens(usage: dict) -> int:
    """Input tokens, cache writes and reads included (all are billed as input)."""
    return sum(int(usage.get(k) or 0) for k in
               ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"))


def _stream_error(error: dict, api_key: str | None) -> ModelError:
    kind = str(error.get("type") or "error")
    http.log_provider_error("anthropic", None, str(error.get("message") or ""), (api_key,))
    kind = "".join(c for c in kind if c.isalnum() or c in "_-.")[:40] or "error"
    retryable = kind in _RETRYABLE_STREAM_ERRORS
    code = ("model_rate_limited" if kind == "rate_limit_error"
            else "model_unavailable" if retryable else "model_error")
    return ModelError(f"anthropic: the model reported {kind} in its stream", code=code,
                      provider="anthropic", retryable=retryable)
