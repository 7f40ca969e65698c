"""Groups (API key only)."""
from __future__ import annotations

from urllib.parse import quote

from handlers import created, ok
from store import groups


def create_group(caller, body):
    group = groups.create(org_id=caller.org_id, **body)
    return created({"group": group}, f"/v1/groups/{quote(group['group_id'], safe='')}")


def list_groups(caller, limit=50, cursor=None):
    return ok(groups.list(org_id=caller.org_id, limit=limit, cursor=cursor))


def get_group(caller, groupId):
    return ok({"group": groups.get(org_id=caller.org_id, group_id=groupId)})


def update_group(caller, groupId, body):
    return ok({"group": groups.update(org_id=caller.org_id, group_id=groupId, fields=body)})
