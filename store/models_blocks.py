"""Models of prompt blocks (and their versions) and of end users' memories."""
from __future__ import annotations

import peewee

from store.db import new_id, utcnow
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
