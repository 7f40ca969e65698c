"""Models of exposures: what an organization offers over MCP (`/mcp`) and A2A (`/a2a/{id}`)."""
from __future__ import annotations

import peewee

from core.db import new_id, utcnow
from store.models import OrgOwned


class Exposure(OrgOwned):
    """One exposed network (a staging or prod copilot), agent or workflow: ``target_type``
    is copilot, agent or workflow, ``target_id`` its id; ``name`` is the MCP tool name
    (unique in the organization)."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    name = peewee.CharField(max_length=64)
    description = peewee.TextField(null=True)
    target_type = peewee.CharField(max_length=16)
    target_id = peewee.CharField(max_length=36)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "exposure"
        indexes = ((("org", "name"), True), (("org", "created_at"), False),
                   (("org", "target_id"), False))
