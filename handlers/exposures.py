"""Exposures: networks, agents and workflows offered as MCP tools and A2A agents (API key)."""
from __future__ import annotations

from handlers import created, ok
from store import exposures
from core.db import atomic


def list_exposures(caller, limit=50, cursor=None):
    rows, following = exposures.list(org_id=caller.org_id, limit=limit, cursor=cursor)
    return ok({"exposures": [exposures.to_dict(r) for r in rows], "next_cursor": following})


def create_exposure(caller, body):
    with atomic():
        row = exposures.create(org_id=caller.org_id, fields=body)
    return created({"exposure": exposures.to_dict(row)}, f"/v1/exposures/{row.id}")


def get_exposure(caller, id):
    return ok({"exposure": exposures.to_dict(exposures.get(org_id=caller.org_id,
                                                           exposure_id=id))})


def update_exposure(caller, id, body):
    with atomic():
        row = exposures.update(org_id=caller.org_id, exposure_id=id, fields=body)
    return ok({"exposure": exposures.to_dict(row)})


def delete_exposure(caller, id):
    with atomic():
        exposures.delete(org_id=caller.org_id, exposure_id=id)
    return ok({"deleted": id})
