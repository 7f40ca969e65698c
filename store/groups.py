"""Groups: the unit that billing and spend caps attach to. Every org has its Default group
(`group_id` "default"); a user without a group belongs to it. A group named anywhere before it
was created (a session mint, a user's group) is created on first use."""
from __future__ import annotations

from decimal import Decimal

from store import pages, scope
from core.db import Compiled, atomic, iso, new_id, utcnow
from store.errors import Conflict, NotFound
from store.models import Group, GroupSpend

DEFAULT_GROUP_ID = "default"


def month_key(at=None) -> str:
    """The calendar month (UTC) spend is counted in: 'YYYY-MM'."""
    return (at or utcnow()).strftime("%Y-%m")


_DEFAULT = Compiled(lambda: scope.scoped(Group, "?").where(Group.is_default))
_BY_PK = Compiled(lambda: scope.scoped(Group, "?").where(Group.id == "?"))


def default(*, org_id: str) -> Group:
    row = _DEFAULT.instance(org_id)
    if row is None:
        raise NotFound("default group not found")
    return row


def by_pk(*, org_id: str, pk) -> Group | None:
    """The group of primary key pk in org_id, or None."""
    return _BY_PK.instance(org_id, pk)


_BY_GROUP_ID = Compiled(lambda: scope.scoped(Group, "?").where(Group.group_id == "?"))


def find(*, org_id: str, group_id: str) -> Group:
    row = _BY_GROUP_ID.instance(org_id, group_id)
    if row is None:
        raise NotFound(f"group {group_id!r} not found", code="group_not_found")
    return row


def ensure(*, org_id: str, group_id: str) -> Group:
    """The group named group_id, created (name = group_id, no cap) if the org has none yet.
    Safe under concurrency: the insert is idempotent on the (org, group_id) unique index."""
    row = scope.scoped(Group, org_id).where(Group.group_id == group_id).first()
    if row is not None:
        return row
    now = utcnow()
    Group.insert(id=new_id(), org=org_id, group_id=group_id, name=group_id, is_default=False,
                 created_at=now, updated_at=now).on_conflict_ignore().execute()
    return find(org_id=org_id, group_id=group_id)


def _cap(value) -> Decimal | None:
    return None if value is None else Decimal(str(value))


def create(*, org_id: str, group_id: str, display_name: str | None = None,
           spend_cap_usd: float | None = None) -> dict:
    now = utcnow()
    try:
        with atomic():
            row = Group.create(id=new_id(), org=org_id, group_id=group_id,
                               name=display_name or group_id, is_default=False, spend_cap_usd=_cap(spend_cap_usd),
                               created_at=now, updated_at=now)
    except Conflict as exc:
        raise Conflict(f"group {group_id!r} already exists", code="group_exists") from exc
    return to_dict(row, 0)


def get(*, org_id: str, group_id: str) -> dict:
    row = find(org_id=org_id, group_id=group_id)
    return to_dict(row, spent_micro(org_id=org_id, group_pks=[row.id]).get(row.id, 0))


def list(*, org_id: str, limit: int = 50, cursor: str | None = None) -> dict:
    rows, following = pages.page(scope.scoped(Group, org_id), (Group.created_at, Group.id),
                                 limit=limit, cursor=cursor)
    spent = spent_micro(org_id=org_id, group_pks=[r.id for r in rows])
    return {"groups": [to_dict(r, spent.get(r.id, 0)) for r in rows], "next_cursor": following}


def update(*, org_id: str, group_id: str, fields: dict) -> dict:
    row = find(org_id=org_id, group_id=group_id)
    values = {}
    if "display_name" in fields:
        values[Group.name] = fields["display_name"]
    if "spend_cap_usd" in fields:
        values[Group.spend_cap_usd] = _cap(fields["spend_cap_usd"])
    if values:
        values[Group.updated_at] = utcnow()
        scope.update(Group, org_id, values, Group.id == row.id)
    return get(org_id=org_id, group_id=group_id)


def spent_micro(*, org_id: str, group_pks, month: str | None = None) -> dict[str, int]:
    """Spend (micro-USD) of each group in a month (default: the current one)."""
    if not group_pks:
        return {}
    rows = (scope.scoped(GroupSpend, org_id, GroupSpend.group, GroupSpend.amount_micro_usd)
            .where(GroupSpend.group.in_(group_pks), GroupSpend.month == (month or month_key()))
            .tuples())
    return {pk: amount for pk, amount in rows}


def to_dict(row: Group, spent: int) -> dict:
    cap = row.spend_cap_usd
    return {
        "group_id": row.group_id,
        "display_name": row.name,
        "is_default": bool(row.is_default),
        "spend_cap_usd": None if cap is None else float(cap),
        "spend_usd_month": round(spent / 1_000_000, 6),
        "created_at": iso(row.created_at),
        "updated_at": iso(row.updated_at or row.created_at),
    }

