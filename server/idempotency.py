"""`Idempotency-Key` on the POSTs that declare it in openapi.yaml (store/idempotency.py has the
rules): the first answer is kept and replayed with `Idempotent-Replayed: true`; the handler
never runs twice for one key."""
from __future__ import annotations

import functools
import hashlib
import inspect
import json

import anyio
from connexion.context import scope as request_scope
from starlette.responses import Response, StreamingResponse

from server.conditional import header, split
from store import idempotency
from core import concurrency

REPLAYED = "Idempotent-Replayed"
_KEPT_HEADERS = ("content-type", "location", "etag")


def request_hash(method: str, path: str, query: str, body) -> str:
    raw = json.dumps([method, path, query, body], sort_keys=True, separators=(",", ":"),
                     default=str)
    return hashlib.sha256(raw.encode()).hexdigest()


def _scope(caller) -> str:
    if caller is None:
        return idempotency.scope_of("anonymous")
    if caller.is_admin:
        return idempotency.scope_of(caller.org_id, "admin")
    if caller.is_session:
        return idempotency.scope_of(caller.org_id, "session", caller.user_id)
    return idempotency.scope_of(caller.org_id, "apiKey", caller.key_id, caller.user_id)


def idempotent(function, current_caller):
    @functools.wraps(function)
    def wrapper(**kwargs):
        key = header(b"idempotency-key")
        if key is None:
            return function(**kwargs)
        request = request_scope._get_current_object()
        caller = current_caller.get()
        scope = _scope(caller)
        digest = request_hash(request["method"], request["path"],
                              request.get("query_string", b"").decode("latin-1"),
                              kwargs.get("body"))
        first = idempotency.begin(org_id=caller.org_id if caller else None, scope=scope,
                                  key=key, request_hash=digest)
        if first is not None:
            return Response(first["body"], first["status"],
                            headers={**first["headers"], REPLAYED: "true"})
        try:
            result = function(**kwargs)
        except BaseException:
            idempotency.release(scope=scope, key=key)
            raise
        if inspect.isawaitable(result):  # a run the handler started: kept once it answers
            return _kept_later(result, scope, key)
        return _keep(result, scope, key)

    return wrapper


def _keep(result, scope: str, key: str):
    if isinstance(result, StreamingResponse):
        return _kept_when_sent(result, scope, key)
    body, status, headers = split(result)
    if 200 <= status < 300:
        kept = {k: v for k, v in headers.items() if k.lower() in _KEPT_HEADERS}
        if not isinstance(body, (bytes, bytearray)):  # an answer left to Connexion
            body = json.dumps(body).encode()
            kept["content-type"] = "application/json"
        idempotency.finish(scope=scope, key=key, status=status, body=body.decode(),
                           headers=kept)
    else:
        idempotency.release(scope=scope, key=key)
    return result


async def _kept_later(pending, scope: str, key: str):
    try:
        result = await pending
    except BaseException:
        await concurrency.hop(idempotency.release, scope=scope, key=key)
        raise
    return await concurrency.hop(_keep, result, scope, key)


def _kept_when_sent(response: StreamingResponse, scope: str, key: str) -> StreamingResponse:
    """A streamed answer is kept once it has been sent whole (a retry meanwhile is 409
    ``idempotency_key_in_use``); a stream cut short frees the key."""
    if not 200 <= response.status_code < 300:
        idempotency.release(scope=scope, key=key)
        return response
    source, status = response.body_iterator, response.status_code
    kept = {k: v for k, v in response.headers.items() if k.lower() in _KEPT_HEADERS}

    async def tee():
        sent, whole = [], False
        try:
            async for chunk in source:
                sent.append(chunk if isinstance(chunk, bytes) else chunk.encode())
                yield chunk
            whole = True
        finally:
            with anyio.CancelScope(shield=True):
                if whole:
                    await concurrency.hop(idempotency.finish, scope=scope, key=key,
                                          status=status, body=b"".join(sent).decode(),
                                          headers=kept)
                else:
                    await concurrency.hop(idempotency.release, scope=scope, key=key)

    response.body_iterator = tee()
    return response
