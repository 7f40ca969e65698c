"""Operator overrides of an organization's usage limits (admin token)."""
from __future__ import annotations

from handlers import ok
from store import limits


def get_org_limits(orgId, settings):
    return ok(limits.get(org_id=orgId, settings=settings))


def set_org_limits(orgId, settings, body):
    return ok(limits.set(org_id=orgId, settings=settings, fields=body))
