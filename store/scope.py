"""The one org-scoping helper: every query of an org-owned table starts here."""
from __future__ import annotations

from store.errors import NotFound
from store.models import OrgOwned


def scoped(model: type[OrgOwned], org_id: str, *fields):
    """SELECT of model restricted to rows of org_id."""
    return model.select(*fields).where(model.org == org_id)


def get(model: type[OrgOwned], org_id: str, *where, what: str | None = None):
    """One row of org_id matching where, or NotFound (another org's row is simply not found)."""
    row = scoped(model, org_id).where(*where).first() if where else None
    if row is None:
        raise NotFound(f"{what or model.__name__.lower()} not found")
    return row


def update(model: type[OrgOwned], org_id: str, values: dict, *where) -> int:
    return model.update(values).where(model.org == org_id, *where).execute()


def delete(model: type[OrgOwned], org_id: str, *where) -> int:
    return model.delete().where(model.org == org_id, *where).execute()
