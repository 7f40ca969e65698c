"""Idempotency keys (Stripe's semantics). A POST sent with `Idempotency-Key` claims the key in
its scope (the organization and the credential: an API key, and the end user it acts for; a
session's user; the operator) before it runs; its 2xx answer is kept, encrypted, for 24 hours
and replayed to a retry with the same request. The same key with another request is 422
`idempotency_key_reused`; a retry while the first is still running is 409
`idempotency_key_in_use`. A request that fails frees its key (nothing was done). Rows past their
expiry are swept (``sweep``, at most once a minute per process, by the requests themselves).
"""
from __future__ import annotations

import datetime as dt
import hashlib
import threading
import time

from core import crypto
from core.db import atomic, utcnow
from store.errors import Conflict, Unprocessable
from store.models import IdempotencyKey

TTL = dt.timedelta(hours=24)
ABANDONED_AFTER = dt.timedelta(minutes=15)  # an in-flight claim whose process died
SWEEP_EVERY_S = 60.0
IN_FLIGHT, DONE = "in_flight", "done"

_swept_at = 0.0
_sweep_lock = threading.Lock()


def scope_of(*parts: str | None) -> str:
    return hashlib.sha256("|".join(p or "" for p in parts).encode()).hexdigest()


def begin(*, org_id: str | None, scope: str, key: str, request_hash: str) -> dict | None:
    """Claim the key for this request: None when it is ours (run the request), else the first
    answer {status, body, headers} to replay."""
    _sweep_now_and_then()
    for _ in range(5):
        now = utcnow()
        try:
            with atomic():
                IdempotencyKey.insert(org=org_id, scope=scope, key=key, request_hash=request_hash,
                                      state=IN_FLIGHT, created_at=now,
                                      expires_at=now + TTL).execute()
            return None
        except Conflict:
            pass
        row = IdempotencyKey.select().where(IdempotencyKey.scope == scope,
                                            IdempotencyKey.key == key).first()
        if row is None:
            continue  # swept or freed meanwhile: claim again
        stale = row.expires_at <= now or (
            row.state == IN_FLIGHT and row.created_at <= now - ABANDONED_AFTER)
        if stale:
            IdempotencyKey.delete().where(IdempotencyKey.id == row.id,
                                          IdempotencyKey.state == row.state).execute()
            continue
        if row.request_hash != request_hash:
            raise Unprocessable("this Idempotency-Key was used with a different request; use a "
                                "new key for a new request", code="idempotency_key_reused")
        if row.state == IN_FLIGHT:
            raise Conflict("a request with this Idempotency-Key is still being processed; retry "
                           "after it finishes", code="idempotency_key_in_use",
                           headers={"Retry-After": "1"})
        return crypto.decrypt(row.response)
    raise Conflict("a request with this Idempotency-Key is still being processed",
                   code="idempotency_key_in_use", headers={"Retry-After": "1"})


def finish(*, scope: str, key: str, status: int, body, headers: dict) -> None:
    """Keep the answer of the request that claimed the key."""
    answer = crypto.encrypt({"status": status, "body": body, "headers": headers})
    (IdempotencyKey.update(state=DONE, status=status, response=answer)
     .where(IdempotencyKey.scope == scope, IdempotencyKey.key == key,
            IdempotencyKey.state == IN_FLIGHT).execute())


def release(*, scope: str, key: str) -> None:
    """The request failed: free the key for a retry."""
    IdempotencyKey.delete().where(IdempotencyKey.scope == scope, IdempotencyKey.key == key,
                                  IdempotencyKey.state == IN_FLIGHT).execute()


def sweep(*, now: dt.datetime | None = None) -> int:
    """Delete the keys past their expiry; returns how many."""
    return IdempotencyKey.delete().where(IdempotencyKey.expires_at <= (now or utcnow())).execute()


def _sweep_now_and_then() -> None:
    global _swept_at
    if time.monotonic() - _swept_at < SWEEP_EVERY_S:
        return
    with _sweep_lock:
        if time.monotonic() - _swept_at < SWEEP_EVERY_S:
            return
        _swept_at = time.monotonic()
    sweep()
