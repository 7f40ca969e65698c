"""Liveness and readiness (no authentication)."""
from __future__ import annotations

import asyncio

from handlers import ok
from core import readiness


async def healthz():
    # A coroutine: the liveness answer needs no pooled connection (it stays 200 while the
    # database is down; that is /readyz's to say)
    return ok({"status": "ok"})


async def readyz(settings):
    # A coroutine: it holds no pooled connection for the request (a database that is down
    # must not fail the request before the check can say so); the check blocks, on a thread.
    return ok({"status": "ready", "checks": await asyncio.to_thread(readiness.check, settings)})
