"""Peewee models of the current schema. Migrations in store/migrations create and evolve them."""
from __future__ import annotations

import peewee

from store.db import database, new_id, utcnow


class BaseModel(peewee.Model):
    class Meta:
        database = database
        legacy_table_names = False


class Organization(BaseModel):
    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    name = peewee.CharField(max_length=200)
    created_at = peewee.DateTimeField(default=utcnow)


class OrgOwned(BaseModel):
    """Base of every org-owned table: the org column that store.scope filters on."""

    org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")


class ApiKey(OrgOwned):
    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    name = peewee.CharField(max_length=200, default="default")
    prefix = peewee.CharField(max_length=16)
    key_hash = peewee.CharField(max_length=64, unique=True)
    created_at = peewee.DateTimeField(default=utcnow)
    last_used_at = peewee.DateTimeField(null=True)
    revoked_at = peewee.DateTimeField(null=True)


class Group(OrgOwned):
    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    group_id = peewee.CharField(max_length=200)
    name = peewee.CharField(max_length=200)
    is_default = peewee.BooleanField(default=False)
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        indexes = ((("org", "group_id"), True),)


class ToolProvider(OrgOwned):
    """A source of tools: `api` (tools made by hand) or `mcp` (tools discovered from a server).

    `auth` holds the non-secret part of the auth config (type, header/query name, OAuth URLs,
    client id, scopes); every secret value (tokens, passwords, client secrets, MCP headers)
    lives encrypted in `secrets` (store.crypto) and is never returned.
    """

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    name = peewee.CharField(max_length=200)
    type = peewee.CharField(max_length=8)
    description = peewee.TextField(null=True)
    base_url = peewee.TextField(null=True)
    auth = peewee.JSONField(default=dict)
    mcp = peewee.JSONField(null=True)
    secrets = peewee.TextField(null=True)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        indexes = ((("org", "name"), True),)
