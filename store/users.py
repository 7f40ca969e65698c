"""End users: the customer's user ids, unique per org. User-scoped data of other resources
(threads, messages, memory, schedules) resolves to the key ``{orgId}_{userId}`` (``user_key``).
A user without a group belongs to the org's Default group (stored as no group)."""
from __future__ import annotations

from store import groups, pages, scope, vault
from core.db import atomic, iso, new_id, utcnow
from store.errors import Conflict, NotFound
from store.models import AppUser, Group, Thread
from store.models_blocks import Memory


def user_key(org_id: str, user_id: str) -> str:
    """The key user-scoped data of other resources is stored under."""
    return f"{org_id}_{user_id}"


def find(*, org_id: str, user_id: str) -> AppUser:
    row = scope.scoped(AppUser, org_id).where(AppUser.user_id == user_id).first()
    if row is None:
        raise NotFound(f"user {user_id!r} not found", code="user_not_found")
    return row


def _group_pk(org_id: str, group_id: str | None) -> str | None:
    """The stored group of a user: None for the Default group (or no group)."""
    if group_id is None:
        return None
    group = groups.ensure(org_id=org_id, group_id=group_id)
    return None if group.is_default else group.id


def ensure(*, org_id: str, user_id: str, group_id: str | None = None) -> AppUser:
    """The user named user_id, created if unseen (in group_id when given). Idempotent under
    concurrency: the insert is ignored when another request created the user first."""
    row = scope.scoped(AppUser, org_id).where(AppUser.user_id == user_id).first()
    if row is not None:
        return row
    now = utcnow()
    AppUser.insert(id=new_id(), org=org_id, user_id=user_id, group=_group_pk(org_id, group_id),
                   created_at=now, updated_at=now).on_conflict_ignore().execute()
    return find(org_id=org_id, user_id=user_id)


def group_of(*, org_id: str, user: AppUser | None) -> Group:
    """The group a user bills to by default: its own, else the org's Default group."""
    if user is not None and user.group_pk is not None:
        row = groups.by_pk(org_id=org_id, pk=user.group_pk)
        if row is not None:
            return row
    return groups.default(org_id=org_id)


def create(*, org_id: str, fields: dict) -> dict:
    prepared = vault.prepare(org_id=org_id, tools_auth=fields.get("tools_auth"))
    now = utcnow()
    try:
        with atomic():
            row = AppUser.create(id=new_id(), org=org_id, user_id=fields["user_id"],
                                 display_name=fields.get("display_name"),
                                 group=_group_pk(org_id, fields.get("group_id")),
                                 created_at=now, updated_at=now)
            vault.store(org_id=org_id, app_user_pk=row.id, prepared=prepared)
    except Conflict as exc:
        raise Conflict(f"user {fields['user_id']!r} already exists", code="user_exists") from exc
    return get(org_id=org_id, user_id=row.user_id)


def get(*, org_id: str, user_id: str) -> dict:
    row = find(org_id=org_id, user_id=user_id)
    return _dicts(org_id, [row])[0]


def list(*, org_id: str, limit: int = 50, cursor: str | None = None,
         group_id: str | None = None) -> dict:
    query = scope.scoped(AppUser, org_id)
    if group_id is not None:
        group = groups.find(org_id=org_id, group_id=group_id)
        query = query.where(AppUser.group.is_null() if group.is_default
                            else AppUser.group == group.id)
    rows, following = pages.page(query, (AppUser.created_at, AppUser.id), limit=limit,
                                 cursor=cursor)
    return {"users": _dicts(org_id, rows), "next_cursor": following}


def update(*, org_id: str, user_id: str, fields: dict) -> dict:
    row = find(org_id=org_id, user_id=user_id)
    prepared = vault.prepare(org_id=org_id, tools_auth=fields.get("tools_auth"))
    with atomic():
        values = {AppUser.updated_at: utcnow()}
        if "display_name" in fields:
            values[AppUser.display_name] = fields["display_name"]
        if "group_id" in fields:
            values[AppUser.group] = _group_pk(org_id, fields["group_id"])
        scope.update(AppUser, org_id, values, AppUser.id == row.id)
        vault.store(org_id=org_id, app_user_pk=row.id, prepared=prepared)
    return get(org_id=org_id, user_id=user_id)


def delete(*, org_id: str, user_id: str) -> None:
    """Delete a user with its stored credentials and sessions (cascade), and erase the user's
    memories and chat threads (their messages, votes and events cascade)."""
    row = find(org_id=org_id, user_id=user_id)
    with atomic():
        scope.delete(Memory, org_id, Memory.user_id == user_id)
        scope.delete(Thread, org_id, Thread.user_id == user_id)
        scope.delete(AppUser, org_id, AppUser.id == row.id)


def _dicts(org_id: str, rows) -> list[dict]:
    providers = vault.provider_ids(org_id=org_id, app_user_pks=[r.id for r in rows])
    group_pks = {r.group_pk for r in rows if r.group_pk}
    names = {}
    if group_pks:
        names = dict(scope.scoped(Group, org_id, Group.id, Group.group_id)
                     .where(Group.id.in_(group_pks)).tuples())
    default_id = groups.DEFAULT_GROUP_ID
    return [{
        "user_id": r.user_id,
        "key": user_key(org_id, r.user_id),
        "display_name": r.display_name,
        "group_id": names.get(r.group_pk, default_id) if r.group_pk else default_id,
        "tools_auth_providers": providers.get(r.id, []),
        "created_at": iso(r.created_at),
        "updated_at": iso(r.updated_at),
    } for r in rows]
