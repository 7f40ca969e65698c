"""End users (API key only)."""
from __future__ import annotations

from urllib.parse import quote

from handlers import created, ok
from store import users


def create_user(caller, body):
    user = users.create(org_id=caller.org_id, fields=body)
    return created({"user": user}, f"/v1/users/{quote(user['user_id'], safe='')}")


def list_users(caller, limit=50, cursor=None, group_id=None):
    return ok(users.list(org_id=caller.org_id, limit=limit, cursor=cursor, group_id=group_id))


def get_user(caller, userId):
    return ok({"user": users.get(org_id=caller.org_id, user_id=userId)})


def update_user(caller, userId, body):
    return ok({"user": users.update(org_id=caller.org_id, user_id=userId, fields=body)})


def delete_user(caller, userId):
    users.delete(org_id=caller.org_id, user_id=userId)
    return None, 204
