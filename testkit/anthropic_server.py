"""An Anthropic Messages API server for tests: ``POST /v1/messages``.

It checks what the real API checks that matters here (``x-api-key`` when ``api_key`` is set,
``anthropic-version``, ``model``, ``max_tokens``, ``messages``, ``stream: true``; roles only
user/assistant; every ``tool_use`` answered by a ``tool_result`` in the next user message) and
streams replies as the real API does: message_start, ping, a text block (content_block_start /
text_delta / content_block_stop), one tool_use block per call (input_json_delta pieces),
message_delta (stop_reason, usage), message_stop.
"""
from __future__ import annotations

from testkit.scripted import Reply, RecordedRequest, ScriptedServer, error, sse

_ERROR_TYPES = {400: "invalid_request_error", 401: "authentication_error",
                403: "permission_error", 404: "not_found_error", 413: "request_too_large",
                429: "rate_limit_error", 529: "overloaded_error"}


def _split(text: str, parts: int = 3) -> list[str]:
    size = max(1, -(-len(text) // parts))
    return [text[i:i + size] for i in range(0, len(text), size)]


def _tool_errors(messages: list) -> str | None:
    """The real API's rule: tool_use ids must be answered by tool_result blocks in the next
    message, which must be a user message."""
    for position, message in enumerate(messages):
        if message.get("role") not in ("user", "assistant"):
            return f"messages.{position}.role: must be 'user' or 'assistant'"
        content = message.get("content")
        blocks = content if isinstance(content, list) else []
        used = {b.get("id") for b in blocks if b.get("type") == "tool_use"}
        if not used:
            continue
        following = messages[position + 1] if position + 1 < len(messages) else None
        answered = set()
        if following and following.get("role") == "user" and isinstance(
                following.get("content"), list):
            answered = {b.get("tool_use_id") for b in following["content"]
                        if b.get("type") == "tool_result"}
        if following is not None and not used <= answered:
            return ("messages: tool_use ids were found without tool_result blocks "
                    f"immediately after: {', '.join(sorted(used - answered))}")
    return None


class AnthropicServer(ScriptedServer):
    path = "/v1/messages"

    @property
    def base_url(self) -> str:
        """What a client is configured with (the host, without ``/v1``)."""
        return self.url

    def check(self, request: RecordedRequest) -> Reply | None:
        if self.api_key is not None and request.headers.get("x-api-key") != self.api_key:
            return error(401, "invalid x-api-key")
        if request.headers.get("anthropic-version") != "2023-06-01":
            return error(400, "anthropic-version: header is required")
        body = request.body
        if not isinstance(body, dict) or not body.get("model"):
            return error(400, "model: Field required")
        if not isinstance(body.get("max_tokens"), int):
            return error(400, "max_tokens: Field required")
        if not isinstance(body.get("messages"), list) or not body["messages"]:
            return error(400, "messages: at least one message is required")
        if body.get("stream") is not True:
            return error(400, "this test server only streams (stream: true)")
        problem = _tool_errors(body["messages"])
        return error(400, problem) if problem else None

    def error_body(self, reply: Reply) -> dict:
        kind = _ERROR_TYPES.get(reply.status, "api_error")
        return {"type": "error", "error": {"type": kind, "message": reply.error_message}}

    def render(self, reply: Reply, request: RecordedRequest) -> list[str]:
        model = reply.model or request.body["model"]
        frames = [sse({"type": "message_start", "message": {
            "id": "msg_test", "type": "message", "role": "assistant", "model": model,
            "content": [], "stop_reason": None, "stop_sequence": None,
            "usage": {"input_tokens": reply.input_tokens, "output_tokens": 1}}},
            "message_start"), sse({"type": "ping"}, "ping")]
        if reply.stream_error:
            frames.append(sse({"type": "error", "error": {"type": reply.stream_error,
                                                          "message": "scripted stream error"}},
                              "error"))
            return frames
        index = 0
        if reply.text:
            frames.append(sse({"type": "content_block_start", "index": 0,
                               "content_block": {"type": "text", "text": ""}},
                              "content_block_start"))
            frames += [sse({"type": "content_block_delta", "index": 0,
                            "delta": {"type": "text_delta", "text": piece}},
                           "content_block_delta") for piece in reply.text_pieces()]
            frames.append(sse({"type": "content_block_stop", "index": 0}, "content_block_stop"))
            index = 1
        calls = reply.calls()
        for offset, (call_id, name, args) in enumerate(calls):
            at = index + offset
            frames.append(sse({"type": "content_block_start", "index": at, "content_block": {
                "type": "tool_use", "id": call_id, "name": name, "input": {}}},
                "content_block_start"))
            frames += [sse({"type": "content_block_delta", "index": at,
                            "delta": {"type": "input_json_delta", "partial_json": part}},
                           "content_block_delta") for part in [""] + _split(args)]
            frames.append(sse({"type": "content_block_stop", "index": at}, "content_block_stop"))
        stop = reply.finish_reason or ("tool_use" if calls else "end_turn")
        frames.append(sse({"type": "message_delta",
                           "delta": {"stop_reason": stop, "stop_sequence": None},
                           "usage": {"output_tokens": reply.output_tokens}}, "message_delta"))
        frames.append(sse({"type": "message_stop"}, "message_stop"))
        return frames
