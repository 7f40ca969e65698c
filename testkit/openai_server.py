"""An OpenAI-compatible Chat Completions server for tests: ``POST /v1/chat/completions``.

It checks what the real API checks that matters here (Bearer key when ``api_key`` is set,
``model``, ``messages``, ``stream: true``; each ``tool`` message answering a tool call of an
earlier assistant message) and streams replies as the real API does: a role chunk, content
deltas, ``delta.tool_calls[index]`` fragments (id and name first, then the arguments in
pieces), a finish chunk, a usage chunk when ``stream_options.include_usage`` is set, then
``data: [DONE]``.

``POST /v1/embeddings`` answers deterministically, outside the script: each text's vector is
its words (lower-cased, a plural `s` dropped) hashed into ``dimensions`` buckets (the
request's, default 64), normalized; texts sharing words are near. Its requests are kept in
``embedding_requests``; ``embedding_failures`` (statuses) are answered first, one per request.
"""
from __future__ import annotations

import hashlib
import math
import re

from testkit.scripted import Reply, RecordedRequest, ScriptedServer, error, sse

_ERROR_TYPES = {400: "invalid_request_error", 401: "invalid_request_error",
                403: "permission_denied", 404: "not_found_error", 429: "rate_limit_exceeded"}


def _split(text: str, parts: int = 3) -> list[str]:
    if not text:
        return []
    size = max(1, -(-len(text) // parts))
    return [text[i:i + size] for i in range(0, len(text), size)]


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def embedding(text: str, dimensions: int = 64) -> list[float]:
    """The test server's vector of text (see the module's docstring)."""
    vector = [0.0] * dimensions
    for word in re.findall(r"[a-z0-9]+", text.lower()):
        digest = hashlib.sha256(_stem(word).encode()).digest()
        bucket = int.from_bytes(digest[:4], "big") % dimensions
        vector[bucket] += 1.0 if digest[4] & 1 else -1.0
    norm = math.sqrt(sum(x * x for x in vector))
    if not norm:
        vector[0], norm = 1.0, 1.0
    return [x / norm for x in vector]


class OpenAIServer(ScriptedServer):
    path = "/v1/chat/completions"

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.embedding_requests: list[RecordedRequest] = []
        self.embedding_failures: list[int] = []

    def direct(self, request: RecordedRequest):
        if request.path.split("?")[0] != "/v1/embeddings":
            return None
        self.embedding_requests.append(request)
        if self.api_key is not None and request.headers.get("authorization") != \
                f"Bearer {self.api_key}":
            return 401, {"error": {"message": "Incorrect API key provided.",
                                   "type": "invalid_request_error", "code": "invalid_api_key"}}
        if self.embedding_failures:
            status = self.embedding_failures.pop(0)
            return status, {"error": {"message": "try again", "type": "server_error"}}
        body = request.body if isinstance(request.body, dict) else {}
        texts = body.get("input")
        texts = [texts] if isinstance(texts, str) else texts
        if not body.get("model") or not isinstance(texts, list) or not texts:
            return 400, {"error": {"message": "model and input are required",
                                   "type": "invalid_request_error"}}
        dims = int(body.get("dimensions") or 64)
        tokens = sum(len(str(t).split()) for t in texts)
        return 200, {"object": "list", "model": body["model"],
                     "data": [{"object": "embedding", "index": i,
                               "embedding": embedding(str(t), dims)}
                              for i, t in enumerate(texts)],
                     "usage": {"prompt_tokens": tokens, "total_tokens": tokens}}

    @property
    def base_url(self) -> str:
        """What a client is configured with (``.../v1``)."""
        return f"{self.url}/v1"

    def check(self, request: RecordedRequest) -> Reply | None:
        if self.api_key is not None:
            sent = request.headers.get("authorization", "")
            if sent != f"Bearer {self.api_key}":
                given = sent.removeprefix("Bearer ")
                return error(401, f"Incorrect API key provided: {given}.")
        body = request.body
        if not isinstance(body, dict) or not body.get("model"):
            return error(400, "you must provide a model parameter")
        if not isinstance(body.get("messages"), list) or not body["messages"]:
            return error(400, "'messages' must be a non-empty array")
        if body.get("stream") is not True:
            return error(400, "this test server only streams (stream: true)")
        asked: set[str] = set()
        for message in body["messages"]:
            for call in message.get("tool_calls") or ():
                asked.add(call.get("id"))
            if message.get("role") == "tool" and message.get("tool_call_id") not in asked:
                return error(400, "messages with role 'tool' must be a response to a "
                                  "preceding message with 'tool_calls'")
        return None

    def error_body(self, reply: Reply) -> dict:
        kind = _ERROR_TYPES.get(reply.status, "server_error" if reply.status >= 500 else
                                "invalid_request_error")
        return {"error": {"message": reply.error_message, "type": kind, "param": None,
                          "code": "invalid_api_key" if reply.status == 401 else None}}

    def render(self, reply: Reply, request: RecordedRequest) -> list[str]:
        body = request.body
        model = reply.model or body["model"]

        def chunk(delta: dict, finish: str | None = None) -> str:
            return sse({"id": "chatcmpl-test", "object": "chat.completion.chunk",
                        "created": 1700000000, "model": model,
                        "choices": [{"index": 0, "delta": delta, "logprobs": None,
                                     "finish_reason": finish}]})

        frames = [chunk({"role": "assistant", "content": ""})]
        if reply.stream_error:
            frames.append(sse({"error": {"message": reply.stream_error, "code": "server_error"}}))
            return frames
        frames += [chunk({"content": piece}) for piece in reply.text_pieces()]
        calls = reply.calls()
        per_call = []
        for index, (call_id, name, args) in enumerate(calls):
            fragments = [chunk({"tool_calls": [{"index": index, "id": call_id, "type": "function",
                                                "function": {"name": name, "arguments": ""}}]})]
            fragments += [chunk({"tool_calls": [{"index": index, "function": {"arguments": p}}]})
                          for p in _split(args)]
            per_call.append(fragments)
        if reply.interleave:
            longest = max((len(f) for f in per_call), default=0)
            frames += [f[i] for i in range(longest) for f in per_call if i < len(f)]
        else:
            frames += [frame for fragments in per_call for frame in fragments]
        finish = reply.finish_reason or ("tool_calls" if calls else "stop")
        frames.append(chunk({}, finish))
        if (body.get("stream_options") or {}).get("include_usage"):
            frames.append(sse({"id": "chatcmpl-test", "object": "chat.completion.chunk",
                               "created": 1700000000, "model": model, "choices": [],
                               "usage": {"prompt_tokens": reply.input_tokens,
                                         "completion_tokens": reply.output_tokens,
                                         "total_tokens": reply.input_tokens
                                         + reply.output_tokens}}))
        frames.append(sse("[DONE]"))
        return frames
