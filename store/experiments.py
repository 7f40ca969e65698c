"""Experiments: deterministic, sticky assignment of an end user to a variant.

The first assignment is a weighted choice at the point hash(org, experiment, user) / 2^64 in
[0, 1), so every server computes the same variant without coordination. It is stored; later
calls return the stored variant while it is still among the offered variants (changing the
list or the weights does not move users), otherwise the user is assigned again the same way.
"""
from __future__ import annotations

import hashlib

from store import scope
from core.db import atomic, iso, utcnow
from store.errors import Invalid
from store.models import ExperimentAssignment


def bucket(org_id: str, experiment: str, user_id: str) -> float:
    digest = hashlib.sha256(f"{org_id}\x1f{experiment}\x1f{user_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def choose(point: float, variants: list[str], weights: list[float] | None) -> str:
    weights = weights or [1.0] * len(variants)
    if len(weights) != len(variants):
        raise Invalid("weights must have one entry per variant", code="invalid_weights")
    total = float(sum(weights))
    if total <= 0:
        raise Invalid("at least one weight must be positive", code="invalid_weights")
    edge = 0.0
    for variant, weight in zip(variants, weights):
        edge += weight / total
        if point < edge and weight > 0:
            return variant
    return next(v for v, w in reversed(list(zip(variants, weights))) if w > 0)


def assign(*, org_id: str, user_id: str, experiment: str, variants: list[str],
           weights: list[float] | None = None) -> dict:
    variant = choose(bucket(org_id, experiment, user_id), variants, weights)
    where = (ExperimentAssignment.experiment == experiment, ExperimentAssignment.user_id == user_id)
    row = scope.scoped(ExperimentAssignment, org_id).where(*where).first()
    if row is not None and row.variant in variants:
        return _dict(row)
    now = utcnow()
    with atomic():
        if row is None:
            (ExperimentAssignment
             .insert(org=org_id, experiment=experiment, user_id=user_id, variant=variant,
                     created_at=now, updated_at=now)
             .on_conflict_ignore().execute())
        else:
            scope.update(ExperimentAssignment, org_id,
                         {ExperimentAssignment.variant: variant,
                          ExperimentAssignment.updated_at: now},
                         ExperimentAssignment.id == row.id)
    return _dict(scope.scoped(ExperimentAssignment, org_id).where(*where).first())


def _dict(row: ExperimentAssignment) -> dict:
    return {"experiment": row.experiment, "variant": row.variant, "user_id": row.user_id,
            "assigned_at": iso(row.updated_at)}
