"""Exposures: the networks (their staging or prod deployment), agents and workflows an
organization offers to other agent systems, each as an MCP tool of `/mcp` and (networks and
agents) an A2A agent at `/a2a/{id}`. Nothing is exposed by default. The tool name is unique in
the organization (409 `exposure_name_conflict`); a network is exposed by the id of its staging
or prod network (a dev network: 400 `exposure_target_invalid`). An exposure whose target was
deleted is no longer listed nor callable."""
from __future__ import annotations

from store import pages, scope
from core.db import iso, new_id, utcnow
from store.errors import Conflict, Invalid, NotFound
from store.models import Agent, Copilot, Workflow
from store.models_exposures import Exposure

TYPES = ("copilot", "agent", "workflow")
_MODELS = {"copilot": Copilot, "agent": Agent, "workflow": Workflow}


def _target(org_id: str, target_type: str, target_id: str):
    """The target's row in org_id, or 404 `exposure_target_not_found`."""
    model = _MODELS[target_type]
    row = scope.scoped(model, org_id).where(model.id == target_id).first()
    if row is None:
        raise NotFound(f"{'network' if target_type == 'copilot' else target_type} "
                       f"{target_id} not found", code="exposure_target_not_found")
    if target_type == "copilot" and row.environment not in ("staging", "prod"):
        raise Invalid("a network is exposed by its staging or prod deployment: use the id "
                      "of the network that POST /v1/copilots/{id}/deploy answered",
                      code="exposure_target_invalid")
    return row


def target(*, org_id: str, exposure: Exposure):
    """The exposure's target row, or None when it was deleted."""
    model = _MODELS[exposure.target_type]
    return scope.scoped(model, org_id).where(model.id == exposure.target_id).first()


def _name_free(org_id: str, name: str, exclude: str | None = None) -> None:
    query = scope.scoped(Exposure, org_id, Exposure.id).where(Exposure.name == name)
    if exclude:
        query = query.where(Exposure.id != exclude)
    if query.exists():
        raise Conflict(f"an exposure named {name!r} already exists",
                       code="exposure_name_conflict")


def create(*, org_id: str, fields: dict) -> Exposure:
    kind, target_id = fields["target"]["type"], fields["target"]["id"]
    _target(org_id, kind, target_id)
    _name_free(org_id, fields["name"])
    now = utcnow()
    try:
        return Exposure.create(id=new_id(), org=org_id, name=fields["name"],
                               description=fields.get("description"), target_type=kind,
                               target_id=target_id, created_at=now, updated_at=now)
    except Conflict:  # the unique index: a concurrent create took the name
        raise Conflict(f"an exposure named {fields['name']!r} already exists",
                       code="exposure_name_conflict") from None


def get(*, org_id: str, exposure_id: str) -> Exposure:
    return scope.get(Exposure, org_id, Exposure.id == exposure_id, what="exposure")


def named(*, org_id: str, name: str) -> Exposure | None:
    """The exposure called name (an MCP tool name), or None."""
    return scope.scoped(Exposure, org_id).where(Exposure.name == name).first()


def list(*, org_id: str, limit: int = 50, cursor: str | None = None) -> tuple[list, str | None]:
    """Exposures, oldest first; (rows, next_cursor)."""
    return pages.page(scope.scoped(Exposure, org_id), (Exposure.created_at, Exposure.id),
                      limit=limit, cursor=cursor)


def live(*, org_id: str) -> list[tuple[Exposure, object]]:
    """Every exposure of org_id whose target still exists, with the target, oldest first
    (what `tools/list` offers)."""
    rows = [*scope.scoped(Exposure, org_id).order_by(Exposure.created_at, Exposure.id)]
    found = []
    for kind in TYPES:
        ids = [r.target_id for r in rows if r.target_type == kind]
        if ids:
            model = _MODELS[kind]
            targets = {t.id: t for t in scope.scoped(model, org_id).where(model.id.in_(ids))}
            found += [(r, targets[r.target_id]) for r in rows
                      if r.target_type == kind and r.target_id in targets]
    order = {r.id: i for i, r in enumerate(rows)}
    return sorted(found, key=lambda pair: order[pair[0].id])


def update(*, org_id: str, exposure_id: str, fields: dict) -> Exposure:
    row = get(org_id=org_id, exposure_id=exposure_id)
    values = {}
    if "name" in fields and fields["name"] != row.name:
        _name_free(org_id, fields["name"], exclude=row.id)
        values["name"] = fields["name"]
    if "description" in fields:
        values["description"] = fields["description"]
    if "target" in fields:
        _target(org_id, fields["target"]["type"], fields["target"]["id"])
        values["target_type"] = fields["target"]["type"]
        values["target_id"] = fields["target"]["id"]
    if values:
        values["updated_at"] = utcnow()
        try:
            scope.update(Exposure, org_id, values, Exposure.id == row.id)
        except Conflict:
            raise Conflict(f"an exposure named {fields['name']!r} already exists",
                           code="exposure_name_conflict") from None
    return get(org_id=org_id, exposure_id=exposure_id)


def delete(*, org_id: str, exposure_id: str) -> None:
    get(org_id=org_id, exposure_id=exposure_id)
    scope.delete(Exposure, org_id, Exposure.id == exposure_id)


def to_dict(row: Exposure) -> dict:
    return {"id": row.id, "name": row.name, "description": row.description,
            "target": {"type": row.target_type, "id": row.target_id},
            "mcp_tool": row.name,
            "a2a_url": f"/a2a/{row.id}" if row.target_type != "workflow" else None,
            "created_at": iso(row.created_at), "updated_at": iso(row.updated_at)}
