"""ASGI middleware: request bodies larger than the documented limit are refused with 413
``payload_too_large`` before anything parses them.

A declared ``Content-Length`` over the limit is refused before a byte is read; a body sent
without one (chunked) is counted as it streams and refused as soon as it passes the limit, so
at most ``limit`` bytes are ever held. A ``Content-Length`` that is not a number is a 400.
The body read here is handed on unchanged; later ``receive`` calls (a client disconnecting
from a stream) pass through.

A path with a limit of its own may also carry its own limit on the values of a JSON body: it
is handed on in the scope (``MAX_VALUES_KEY``) to the body's parser (server/input_rules.py).
"""
from __future__ import annotations

import re

from starlette.exceptions import HTTPException

_BODY_METHODS = {"POST", "PUT", "PATCH", "DELETE"}
MAX_VALUES_KEY = "agent_platform.max_values"


class BodyLimit:
    """``per_path``: (pattern, bytes) or (pattern, bytes, values) for the paths it matches."""

    def __init__(self, app, default: int, per_path: tuple[tuple, ...] = ()):
        self.app = app
        self.default = default
        self.per_path = [(re.compile(entry[0]), entry[1], (entry[2:] or (None,))[0])
                         for entry in per_path]

    def limits_for(self, path: str) -> tuple[int, int | None]:
        """(bytes, values or None for the default) of a request body to this path."""
        for pattern, limit, values in self.per_path:
            if pattern.match(path):
                return limit, values
        return self.default, None

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] not in _BODY_METHODS:
            await self.app(scope, receive, send)
            return
        limit, values = self.limits_for(scope["path"])
        if values is not None:
            scope[MAX_VALUES_KEY] = values  # for the JSON body's parser (input_rules)
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
