"""Models of the protocol edges (OpenAI-compatible API, AG-UI)."""
from __future__ import annotations

import peewee

from core.db import new_id, utcnow
from store.models import OrgOwned, Thread


class ProtocolThread(OrgOwned):
    """A thread a protocol client names with an id of its own (an AG-UI ``threadId``): one
    per organization, end user, protocol and external id."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    user_id = peewee.CharField(max_length=200)
    protocol = peewee.CharField(max_length=16)
    external_id = peewee.CharField(max_length=200)
    thread = peewee.ForeignKeyField(Thread, column_name="thread_id", on_delete="CASCADE")
    created_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "protocol_thread"
        indexes = ((("org", "user_id", "protocol", "external_id"), True),)
