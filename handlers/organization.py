"""The caller's organization."""
from __future__ import annotations

from handlers import ok
from store import orgs


def get_organization(caller):
    return ok(orgs.to_dict(orgs.get(org_id=caller.org_id)))
