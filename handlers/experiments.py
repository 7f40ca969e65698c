"""Experiment variant assignment (API key with X-Organization-Id and X-User-Id)."""
from __future__ import annotations

from handlers import ok
from store import experiments


def assign_experiment(caller, body):
    return ok(experiments.assign(org_id=caller.org_id, user_id=caller.user_id, **body))
