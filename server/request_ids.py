"""ASGI middleware: every request has an id (the client's `X-Request-Id` when well formed, else
a new one), bound for the request's log lines, problem bodies and the runs and jobs it starts
(store/request_ids.py), and returned on every response, errors included."""
from __future__ import annotations

from store import request_ids

SCOPE_KEY = "agent_platform.request_id"
_NAME = b"x-request-id"


def _with_id(message, raw: bytes):
    headers = [h for h in message.get("headers", ()) if h[0].lower() != _NAME]
    headers.append((_NAME, raw))
    return {**message, "headers": headers}


class RequestIdOnResponse:
    """The id on the handler's response, inside Connexion's response validation (which checks
    the headers openapi.yaml requires); ``RequestIds`` puts it on every other answer."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        raw = scope.get(SCOPE_KEY, "").encode()
        if scope["type"] != "http" or not raw:
            await self.app(scope, receive, send)
            return

        async def send_with_id(message):
            if message["type"] == "http.response.start":
                message = _with_id(message, raw)
            await send(message)

        await self.app(scope, receive, send_with_id)


class RequestIds:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = None
        for name, value in scope["headers"]:
            if name == _NAME:
                given = value.decode("latin-1")
                break
        request_id = request_ids.accept(given)
        scope[SCOPE_KEY] = request_id
        raw = request_id.encode()

        async def send_with_id(message):
            if message["type"] == "http.response.start":
                message = _with_id(message, raw)
            await send(message)

        token = request_ids.bind(request_id)
        try:
            await self.app(scope, receive, send_with_id)
        finally:
            request_ids.unbind(token)
