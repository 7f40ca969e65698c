"""Knowledge bases and semantic memory: embedding spaces, knowledge bases, their documents
and chunks (the vectors live in `kb_vector` and `memory_vector`, reached with SQL by
store/vectors.py: their column type depends on the engine)."""
from __future__ import annotations

import peewee

from core.db import new_id, utcnow
from store.models import OrgOwned


class EmbeddingSpace(OrgOwned):
    """An organization's embeddings model as configured at one time (`base_url`, `model`,
    `dimensions`, the API key encrypted in `secrets`). `state` is `active` (its vectors
    answer searches) or `building` (a newer model whose vectors are being made: it replaces
    the active one when every chunk and memory has its vector)."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    base_url = peewee.TextField()
    model = peewee.CharField(max_length=200)
    dimensions = peewee.IntegerField()
    secrets = peewee.TextField(null=True)
    state = peewee.CharField(max_length=16)
    error = peewee.JSONField(null=True)
    created_at = peewee.DateTimeField(default=utcnow)
    ready_at = peewee.DateTimeField(null=True)

    class Meta:
        table_name = "embedding_space"


class KnowledgeBase(OrgOwned):
    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    name = peewee.CharField(max_length=200)
    description = peewee.TextField(null=True)
    chunking = peewee.JSONField()
    revision = peewee.BigIntegerField(default=0)  # counts changes of what searches see
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "knowledge_base"


class KbDocument(OrgOwned):
    """A document of a knowledge base. `current`: the version searches see (a re-upload of
    the same name is a new row that becomes current, in one transaction with the old one's
    removal, when all its chunks have their vectors)."""

    id = peewee.CharField(max_length=36, primary_key=True, default=new_id)
    kb = peewee.ForeignKeyField(KnowledgeBase, column_name="kb_id", on_delete="CASCADE")
    name = peewee.CharField(max_length=255)
    content_type = peewee.CharField(max_length=100)
    size_bytes = peewee.IntegerField()
    source = peewee.BlobField(null=True)
    status = peewee.CharField(max_length=16)
    error = peewee.JSONField(null=True)
    current = peewee.BooleanField(default=False)
    chunk_count = peewee.IntegerField(default=0)
    embedded_count = peewee.IntegerField(default=0)
    created_at = peewee.DateTimeField(default=utcnow)
    updated_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        table_name = "kb_document"


class KbChunk(OrgOwned):
    seq = peewee.BigAutoField()
    kb = peewee.ForeignKeyField(KnowledgeBase, column_name="kb_id", on_delete="CASCADE")
    document = peewee.ForeignKeyField(KbDocument, column_name="document_id", on_delete="CASCADE")
    position = peewee.IntegerField()
    text = peewee.TextField()
    live = peewee.BooleanField(default=False)

    class Meta:
        table_name = "kb_chunk"
