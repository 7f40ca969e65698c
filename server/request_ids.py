"""The request id on the handlers' answers where Connexion validates responses (it checks the
headers openapi.yaml requires): server/conventions.py accepts or makes the id, binds it and
puts it on every answer; this inner layer is installed only when responses are validated."""
from __future__ import annotations

from server.conventions import SCOPE_KEY

_NAME = b"x-request-id"


def _with_id(message, raw: bytes):
    headers = [h for h in message.get("headers", ()) if h[0] != _NAME]
    headers.append((_NAME, raw))
    return {**message, "headers": headers}


class RequestIdOnResponse:
    """The id on the handler's response, inside Connexion's response validation."""

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
