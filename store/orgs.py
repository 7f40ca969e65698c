"""Organizations."""
from __future__ import annotations

from core.db import Compiled, atomic, iso, new_id, utcnow
from store.errors import NotFound
from store.models import Group, Organization


def create(*, name: str) -> Organization:
    """Create an organization together with its Default group."""
    with atomic():
        org = Organization.create(id=new_id(), name=name, created_at=utcnow())
        Group.create(org=org.id, group_id="default", name="Default", is_default=True)
    return org

_BY_ID = Compiled(lambda: Organization.select().where(Organization.id == "?"))


def get(*, org_id: str) -> Organization:
    row = _BY_ID.first(org_id)
    if row is None:
        raise NotFound("organization not found", code="organization_not_found")
    return Organization(**row)

def list() -> list[Organization]:
    """Every organization, oldest first (the operator's view: the command line)."""
    return [*Organization.select().order_by(Organization.created_at, Organization.id)]


def exists(org_id: str) -> bool:
    return Organization.select(Organization.id).where(Organization.id == org_id).exists()

def to_dict(org: Organization) -> dict:
    return {"id": org.id, "name": org.name, "created_at": iso(org.created_at)}
