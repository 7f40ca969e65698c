"""Groups (API key only)."""
from __future__ import annotations

from handlers import ok
from store import groups


def create_group(caller, body):
    return ok({"group": groups.create(org_id=caller.org_id, **body)}, 201)


def list_groups(caller, limit=50, cursor=None):
    return ok(groups.list(org_id=caller.org_id, limit=limit, cursor=cursor))


def get_group(caller, groupId):
    return ok({"group": groups.get(org_id=caller.org_id, group_id=groupId)})


def update_group(caller, groupId, body):
    return ok({"group": groups.update(org_id=caller.org_id, group_id=groupId, fields=body)})
