"""`POST /hooks/{token}`: another system's webhook starts a run (no API key: the token and
the trigger's verification are the credential)."""
from __future__ import annotations

from connexion import request

from handlers import ok
from runtime.workflows import triggers
from core import concurrency


async def receive_hook(settings, token):
    # A coroutine: the signature is checked over the body exactly as sent
    body = await request.body()
    headers = {k.lower(): v for k, v in request.headers.items()}
    answer = await concurrency.hop(triggers.receive, settings=settings, token=token,
                                   headers=headers, body=body)
    return ok(answer, 202)
