"""Errors of the OpenAI-compatible API (``/openai/...``) in OpenAI's shape.

Every other answer of the service is application/problem+json (server/errors.py); under
``/openai/`` the same problem leaves as ``{"error": {"message", "type", "param", "code"}}``
(``application/json``) with the same status and headers (``Retry-After``, ``X-Request-Id``,
RateLimit fields), so that the OpenAI SDKs raise their own exception classes
(docs/openai-compatible.md). Answers that are not problems pass through untouched, streams
included."""
from __future__ import annotations

import json

PREFIX = "/openai/"
_PROBLEM = b"application/problem+json"
_TYPES = {401: "authentication_error", 403: "permission_error", 429: "rate_limit_error"}


def error_type(status: int) -> str:
    if status >= 500:
        return "server_error"
    return _TYPES.get(status, "invalid_request_error")


def reshape(status: int, raw: bytes) -> bytes:
    try:
        problem = json.loads(raw)
    except ValueError:
        problem = {}
    return json.dumps({"error": {"message": problem.get("detail") or problem.get("title") or
                                 "error", "type": error_type(status), "param": None,
                                 "code": problem.get("code")}}).encode()


class OpenAIErrors:
    """ASGI middleware: problem answers under ``/openai/`` reshaped as OpenAI errors."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or not scope["path"].startswith(PREFIX):
            await self.app(scope, receive, send)
            return
        held, parts = None, []

        async def reply(message):
            nonlocal held
            if message["type"] == "http.response.start":
                kind = next((v for k, v in message.get("headers", []) if k == b"content-type"),
                            b"")
                if kind.startswith(_PROBLEM):
                    held = message
                    return
            elif held is not None and message["type"] == "http.response.body":
                parts.append(message.get("body", b""))
                if message.get("more_body"):
                    return
                body = reshape(held["status"], b"".join(parts))
                headers = [(k, v) for k, v in held.get("headers", [])
                           if k not in (b"content-type", b"content-length")]
                headers += [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]
                await send({**held, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
            await send(message)

        await self.app(scope, receive, reply)
