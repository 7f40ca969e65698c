"""Liveness and readiness (no authentication)."""
from __future__ import annotations

from handlers import ok
from store import readiness


def healthz():
    return ok({"status": "ok"})


def readyz(settings):
    return ok({"status": "ready", "checks": readiness.check(settings)})
