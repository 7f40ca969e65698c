"""Readiness: the database and the queue answer."""
from __future__ import annotations

from core import db
from core import redis_client
from rules.errors import DependencyUnavailable


def check(settings) -> dict:
    """The state of each dependency; 503 `not_ready` naming those that do not answer.

    Each is tried on a connection of its own (the database's from the pool: a connection the
    server closed is replaced, so a database back from an outage reads ready at once)."""
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
        raise DependencyUnavailable(f"not ready: {', '.join(failing)} unreachable",
                                    code="not_ready")
    return checks
