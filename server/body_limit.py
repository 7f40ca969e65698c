"""ASGI middleware: request bodies larger than the documented limit are refused with 413
``payload_too_large`` before anything parses them.

A declared ``Content-Length`` over the limit is refused before a byte is read; a body sent
without one (chunked) is counted as it streams and refused as soon as it passes the limit, so
at most ``limit`` bytes are ever held. A ``Content-Length`` that is not a number is a 400.
The body read here is handed on unchanged; later ``receive`` calls (a client disconnecting
from a stream) pass through.
"""
from __future__ import annotations

import re

from starlette.exceptions import HTTPException

_BODY_METHODS = {"POST", "PUT", "PATCH", "DELETE"}


class BodyLimit:
    def __init__(self, app, default: int, per_path: tuple[tuple[str, int], ...] = ()):
        self.app = app
        self.default = default
        self.per_path = [(re.compile(pattern), limit) for pattern, limit in per_path]

    def limit_for(self, path: str) -> int:
        for pattern, limit in self.per_path:
            if pattern.match(path):
                return limit
        return self.default

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] not in _BODY_METHODS:
            await self.app(scope, receive, send)
            return
        limit = self.limit_for(scope["path"])
        declared = None
        for name, value in scope["headers"]:
            if name == b"content-length":
                if not value.strip().isdigit():
                    raise HTTPException(400, "Content-Length must be a number of bytes")
                declared = int(value)
        if declared is not None and declared > limit:
            raise HTTPException(413, _too_large(limit))
        messages, total = [], 0
        while True:
            message = await receive()
            messages.append(message)
            if message["type"] != "http.request":
                break
            total += len(message.get("body", b""))
            if total > limit:
                raise HTTPException(413, _too_large(limit))
            if not message.get("more_body", False):
                break
        replay = iter(messages)

        async def replayed():
            for message in replay:
                return message
            return await receive()

        await self.app(scope, replayed, send)


def _too_large(limit: int) -> str:
    return f"the request body is larger than the limit of {limit} bytes"
