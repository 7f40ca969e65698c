"""Models of prompt blocks (and their versions) and of end users' memories."""
from __future__ import annotations

import peewee

from core.db import new_id, utcnow
from store.models import OrgOwned


class PromptBlock(OrgOwned):
    """A named text agent instructions reference as `{{block:name}}`; `version` counts its
    saves and `current_version_id` names the version agents build with."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    name = peewee.CharField(max_length=64)
    description = peewee.TextField(null=True)
    text = peewee.TextField()
    version = peewee.IntegerField(default=1)
    current_version_id = peewee.CharField(max_length=36, null=True)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "prompt_block"
        indexes = ((("org", "name"), True), (("org", "created_at"), False))


class PromptBlockVersion(OrgOwned):
    """One immutable save of a block (what a deployment pins)."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    block = peewee.ForeignKeyField(PromptBlock, column_name="block_id", on_delete="CASCADE")
    version = peewee.IntegerField()
    name = peewee.CharField(max_length=64)
    description = peewee.TextField(null=True)
    text = peewee.TextField()
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "prompt_block_version"
        indexes = ((("block", "version"), True),)


class Memory(OrgOwned):
    """One thing remembered about an end user (`user_id`). `owner` is a digest of the
    user's key `{orgId}_{userId}`, a single token the full-text index filters on; `seq` is the
    row number the index refers to (SQLite FTS5 `memory_fts`, Postgres column `search`)."""

    seq = peewee.BigAutoField()
    id = peewee.CharField(max_length=36, unique=True, default=new_id)
    user_id = peewee.CharField(max_length=200)
    owner = peewee.CharField(max_length=32)
    text = peewee.TextField()
    agent_id = peewee.CharField(max_length=36, null=True)
    run_id = peewee.CharField(max_length=36, null=True)
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "memory"
        indexes = ((("org", "user_id", "created_at"), False),)
