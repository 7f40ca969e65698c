"""The monthly run quota on the answers of the operations that start runs (marked
``x-run-quota: true`` in openapi.yaml): the state the request's own admission left
(store/limits.py counts it atomically), or, when the answer started no run (refused or failed
before or after admission, or an idempotent replay), the quota as it then stands.
server/conventions.py makes the RateLimit fields of it."""
from __future__ import annotations

import functools
import logging

from store import limits

RUNS_KEY = "runquota"  # in the request's log info: limits.run_quota's tuple, or None

log = logging.getLogger("agent_platform.limits")


def counted(settings, org_id: str, info: dict, call):
    """call() (the handler), noting the run quota's state in info."""
    token = limits.run_quota_seen.set(functools.partial(info.__setitem__, RUNS_KEY))
    done = False
    try:
        result = call()
        done = True
        return result
    finally:
        limits.run_quota_seen.reset(token)
        if not done or RUNS_KEY not in info:
            try:
                info[RUNS_KEY] = limits.run_quota(org_id=org_id, settings=settings)
            except Exception as exc:  # the answer goes out without the fields, never fails for them
                info[RUNS_KEY] = None
                log.warning("run quota unavailable for the RateLimit fields",
                            extra={"fields": {"error": type(exc).__name__}})
