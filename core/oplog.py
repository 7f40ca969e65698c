"""Structured start and end lines of turns, workflow runs and scheduler fires (logger
``agent_platform.runs``, one JSON object per line; docs/operating.md lists the fields).

Each line carries the ids of what it is about (run, organization, agent, network, workflow,
schedule, thread), never a message, prompt or credential; end lines add the status, the
duration and, for turns, the tokens and the cost. The trace id of the current span and the
request id of the request that caused the work are added when there are ones.
"""
from __future__ import annotations

import logging

log = logging.getLogger("agent_platform.runs")


def _context() -> dict:
    from core import tracing

    fields = {}
    trace_id = tracing.current_trace_id()
    if trace_id:
        fields["trace_id"] = trace_id
    return fields


def started(what: str, **fields) -> None:
    """``<what> started`` with the given ids (None values left out)."""
    if log.isEnabledFor(logging.INFO):
        log.info(f"{what} started", extra={"fields": _clean({"event": f"{what}.started",
                                                              **fields, **_context()})})


def finished(what: str, *, status: str, duration_ms: float, **fields) -> None:
    """``<what> finished`` with its status, duration and the given fields."""
    if log.isEnabledFor(logging.INFO):
        log.info(f"{what} finished", extra={"fields": _clean({
            "event": f"{what}.finished", **fields, "status": status,
            "duration_ms": round(duration_ms, 2), **_context()})})


def _clean(fields: dict) -> dict:
    return {k: v for k, v in fields.items() if v is not None}
