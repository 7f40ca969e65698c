"""OpenTelemetry traces (placeholder until configured): the current trace id for log lines."""
from __future__ import annotations


def current_trace_id() -> str | None:
    return None
