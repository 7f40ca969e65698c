"""Readiness: the database and the queue answer."""
from __future__ import annotations

from store import db, redis_client
from store.errors import Unavailable


def check(settings) -> dict:
    """The state of each dependency; Unavailable (503) naming those that do not answer."""
    checks = {}
    try:
        db.ping()
        checks["database"] = "ok"
    except Exception as exc:  # reported, not raised: readiness must say what is down
        checks["database"] = f"unavailable: {type(exc).__name__}"
    try:
        checks["queue"] = redis_client.ping(settings.redis_url)
    except Exception as exc:
        checks["queue"] = f"unavailable: {type(exc).__name__}"
    failing = sorted(name for name, state in checks.items() if state.startswith("unavailable"))
    if failing:
        raise Unavailable(f"not ready: {', '.join(failing)} unreachable", code="not_ready")
    return checks
