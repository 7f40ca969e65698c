"""Any OpenAI-compatible Chat Completions endpoint (OpenAI, Ollama, vLLM, LM Studio, llama.cpp,
OpenRouter): ``POST {base_url}/chat/completions`` with ``stream: true`` and
``stream_options.include_usage``; SSE ``data:`` chunks until ``[DONE]``. Tool-call fragments
(``delta.tool_calls[i]``) are assembled by their ``index`` and emitted, in index order, when the
choice finishes.
"""
from __future__ import annotations

import threading
from typing import AsyncIterator, Iterator

import runtime.models.http as http
from runtime.models.base import (Finish, Message, ModelError, ModelRequest, Provider,
                                 StreamEvent, TextDelta, ToolCall, ToolCallEvent, Usage,
                                 masked_stream, normalize_finish)

DEFAULT_BASE_URL = "https://api.openai.com/v1"


def message_payload(message: Message) -> dict:
    if message.role == "tool":
        return {"role": "tool", "tool_call_id": message.tool_call_id, "content": message.content}
    if message.role == "assistant" and message.tool_calls:
        return {"role": "assistant", "content": message.content or None, "tool_calls": [
            {"id": call.id, "type": "function",
             "function": {"name": call.name, "arguments": call.arguments or "{}"}}
            for call in message.tool_calls]}
    return {"role": message.role, "content": message.content}


def request_body(request: ModelRequest) -> dict:
    settings = request.settings
    body = {
        "model": settings.model,
        "messages": [message_payload(m) for m in request.messages],
        "stream": True,
        "stream_options": {"include_usage": True},
    }
    if request.tools:
        body["tools"] = [{"type": "function", "function": {
            "name": tool.name, "description": tool.description,
            "parameters": tool.object_schema()}} for tool in request.tools]
    if settings.temperature is not None:
        body["temperature"] = settings.temperature
    if settings.max_tokens is not None:
        body["max_tokens"] = settings.max_tokens
    return body


class _Assembly:
    """The state of one streamed response."""

    def __init__(self, model: str):
        self.calls: dict[int, dict] = {}
        self.finish_reason: str | None = None
        self.usage = Usage()
        self.model = model
        self.done = False

    def feed(self, chunk: dict) -> Iterator[str]:
        """Absorb one chunk; yield its text pieces."""
        if isinstance(chunk.get("model"), str) and chunk["model"]:
            self.model = chunk["model"]
        usage = chunk.get("usage")
        if isinstance(usage, dict):
            self.usage = Usage(int(usage.get("prompt_tokens") or 0),
                               int(usage.get("completion_tokens") or 0))
        for choice in chunk.get("choices") or ():
            if choice.get("index", 0) != 0:
                continue
            delta = choice.get("delta") or {}
            if delta.get("content"):
                yield delta["content"]
            for fragment in delta.get("tool_calls") or ():
                self._absorb(fragment)
            if choice.get("finish_reason"):
                self.finish_reason = choice["finish_reason"]

    def _absorb(self, fragment: dict) -> None:
        index = fragment.get("index", len(self.calls))
        call = self.calls.setdefault(index, {"id": "", "name": "", "arguments": []})
        if fragment.get("id"):
            call["id"] = fragment["id"]
        function = fragment.get("function") or {}
        if function.get("name") and not call["name"]:
            call["name"] = function["name"]
        if function.get("arguments"):
            call["arguments"].append(function["arguments"])

    def tool_calls(self) -> list[ToolCall]:
        calls = []
        for position, index in enumerate(sorted(self.calls)):
            call = self.calls[index]
            if not call["name"]:
                raise ModelError("openai: the stream held a tool call without a name",
                                 code="model_protocol_error", provider="openai")
            calls.append(ToolCall(call["id"] or f"call_{position}", call["name"],
                                  "".join(call["arguments"]) or "{}"))
        return calls


class OpenAIProvider(Provider):
    name = "openai"

    def __init__(self, *, base_url: str = DEFAULT_BASE_URL, api_key: str | None = None,
                 options: http.HttpOptions = http.HttpOptions()):
        self.base_url = base_url.rstrip("/")
        self._api_key = api_key
        self.options = options

    def __repr__(self) -> str:
        return f"OpenAIProvider(base_url={self.base_url!r})"

    def _headers(self) -> dict:
        headers = {"Accept": "text/event-stream", "Content-Type": "application/json"}
        if self._api_key:
            headers["Authorization"] = f"Bearer {self._api_key}"
        return headers

    async def astream(self, request: ModelRequest, *,
                      cancel: threading.Event | None = None) -> AsyncIterator[StreamEvent]:
        url = f"{self.base_url}/chat/completions"
        http.check_base_url(self.name, url)
        body = request_body(request)
        attempts = http.retrying(lambda: self._attempt(url, body, request, cancel),
                                 self.options, provider=self.name, cancel=cancel)
        stream = masked_stream(attempts, (self._api_key, self._headers().get("Authorization")))
        try:
            async for event in stream:
                yield event
        finally:  # closing this generator early closes the response at once
            await stream.aclose()

    async def _attempt(self, url: str, body: dict, request: ModelRequest,
                       cancel: threading.Event | None) -> AsyncIterator[StreamEvent]:
        state = _Assembly(request.settings.model)
        async for message in http.post_sse(provider=self.name, url=url,
                                           headers=self._headers(), body=body,
                                           options=self.options, secrets=(self._api_key,),
                                           cancel=cancel):
            if state.done:
                continue  # read to the end, so that the connection can be reused
            if message.data.strip() == "[DONE]":
                state.done = True
                continue
            chunk = message.json(self.name)
            if "error" in chunk:
                raise _stream_error(chunk["error"], self._api_key)
            for text in state.feed(chunk):
                yield TextDelta(text)
        if not state.done and state.finish_reason is None:
            raise ModelError("openai: the response stream ended early",
                             code="model_stream_interrupted", provider=self.name,
                             retryable=True)
        calls = state.tool_calls()
        for call in calls:
            yield ToolCallEvent(call)
        raw = state.finish_reason or "stop"
        yield Finish(state.usage, normalize_finish(raw, bool(calls)), raw, state.model)


def _safe_code(code) -> str:
    return "".join(c for c in str(code) if c.isalnum() or c in "_-.")[:40]


def _stream_error(error, api_key: str | None) -> ModelError:
    """An error object sent inside the stream (vLLM, OpenRouter and others do this)."""
    message = error.get("message", "") if isinstance(error, dict) else str(error)
    code = error.get("code") if isinstance(error, dict) else None
    retryable = code in (429, 500, 502, 503, 504, "rate_limit_exceeded", "server_error")
    http.log_provider_error("openai", None, str(message), (api_key,))
    return ModelError("openai: the model reported an error in its stream"
                      + (f" ({_safe_code(code)})" if code is not None else ""),
                      code="model_rate_limited" if code in (429, "rate_limit_exceeded")
                      else "model_unavailable" if retryable else "model_error",
                      provider="openai", retryable=retryable)
