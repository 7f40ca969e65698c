"""Knowledge bases of an organization: documents, their text in chunks, and the chunks'
vectors (store/vectors.py) that semantic search compares.

A document is uploaded (``add_document``: queued), then chunked and embedded by a job
(jobs/knowledge.py: processing); when every chunk has its vector in each embedding space of
the organization, ``publish`` makes it the current document of its name in one transaction,
deleting the one it replaces (with its chunks and vectors): a search sees the old document
or the new one, never a part of either. A failure marks the document failed and removes its
chunks; a document it was to replace stays current.
"""
from __future__ import annotations

from store import pages, scope
from core.db import atomic, iso, utcnow
from store.errors import Conflict, NotFound
from store.models_knowledge import KbChunk, KbDocument, KnowledgeBase

DEFAULT_CHUNKING = {"size": 1000, "overlap": 200}
MAX_DOCUMENT_BYTES = 4 * 1024 * 1024
MAX_CHUNKS = 5000  # per document
TOP_K = 5
MAX_TOP_K = 50
CONTENT_TYPES = ("text/plain", "text/markdown", "text/html", "application/pdf",
                 "application/vnd.openxmlformats-officedocument.wordprocessingml.document")


# ---- knowledge bases ---------------------------------------------------------------------

def _chunking(given: dict | None) -> dict:
    chunking = {**DEFAULT_CHUNKING, **(given or {})}
    if chunking["overlap"] >= chunking["size"]:
        raise Conflict("chunking.overlap must be smaller than chunking.size",
                       code="invalid_chunking")
    return {"size": int(chunking["size"]), "overlap": int(chunking["overlap"])}


def create(*, org_id: str, fields: dict) -> KnowledgeBase:
    now = utcnow()
    with atomic():
        if scope.scoped(KnowledgeBase, org_id).where(
                KnowledgeBase.name == fields["name"]).exists():
            raise Conflict(f"a knowledge base named {fields['name']!r} exists",
                           code="knowledge_base_name_taken")
        row = KnowledgeBase.create(org=org_id, name=fields["name"],
                                   description=fields.get("description"),
                                   chunking=_chunking(fields.get("chunking")),
                                   created_at=now, updated_at=now)
    return row


def get(*, org_id: str, kb_id: str) -> KnowledgeBase:
    return scope.get(KnowledgeBase, org_id, KnowledgeBase.id == kb_id, what="knowledge base")


def list(*, org_id: str, limit: int = 50, cursor: str | None = None):
    return pages.page(scope.scoped(KnowledgeBase, org_id),
                      (KnowledgeBase.created_at, KnowledgeBase.id), limit=limit, cursor=cursor)


def update(*, org_id: str, kb_id: str, fields: dict) -> KnowledgeBase:
    row = get(org_id=org_id, kb_id=kb_id)
    values = {k: fields[k] for k in ("name", "description") if k in fields}
    if "chunking" in fields:  # applies to documents uploaded from now on
        values["chunking"] = _chunking({**row.chunking, **(fields["chunking"] or {})})
    with atomic():
        if "name" in values and values["name"] != row.name and scope.scoped(
                KnowledgeBase, org_id).where(KnowledgeBase.name == values["name"]).exists():
            raise Conflict(f"a knowledge base named {values['name']!r} exists",
                           code="knowledge_base_name_taken")
        scope.update(KnowledgeBase, org_id, {**values, "updated_at": utcnow()},
                     KnowledgeBase.id == kb_id)
    return get(org_id=org_id, kb_id=kb_id)


def delete(*, org_id: str, kb_id: str) -> None:
    """The knowledge base with its documents, chunks and vectors (cascades)."""
    get(org_id=org_id, kb_id=kb_id)
    with atomic():
        scope.delete(KnowledgeBase, org_id, KnowledgeBase.id == kb_id)


def existing(org_id: str, kb_ids: list[str]) -> list[str]:
    """Those of kb_ids that are knowledge bases of org_id."""
    if not kb_ids:
        return []
    return [r.id for r in scope.scoped(KnowledgeBase, org_id, KnowledgeBase.id).where(
        KnowledgeBase.id.in_(kb_ids))]


def to_dict(row: KnowledgeBase, counts: dict | None = None) -> dict:
    counts = counts if counts is not None else document_counts(row.org_id, row.id)
    return {"id": row.id, "name": row.name, "description": row.description,
            "chunking": row.chunking, "documents": counts["documents"],
            "chunks": counts["chunks"], "created_at": iso(row.created_at),
            "updated_at": iso(row.updated_at)}


def document_counts(org_id: str, kb_id: str) -> dict:
    from peewee import fn
    documents, chunks = scope.scoped(
        KbDocument, org_id, fn.COUNT(KbDocument.id), fn.COALESCE(fn.SUM(KbDocument.chunk_count), 0)
    ).where(KbDocument.kb == kb_id, KbDocument.current == True).tuples().get()  # noqa: E712
    return {"documents": int(documents or 0), "chunks": int(chunks or 0)}


# ---- documents ---------------------------------------------------------------------------

def add_document(*, org_id: str, kb_id: str, name: str, content_type: str,
                 data: bytes) -> KbDocument:
    """Record an upload (queued); the caller queues its processing."""
    get(org_id=org_id, kb_id=kb_id)
    if content_type not in CONTENT_TYPES:
        raise Conflict(f"content type {content_type!r} is not supported; one of "
                       f"{', '.join(CONTENT_TYPES)}", code="unsupported_content_type")
    if len(data) > MAX_DOCUMENT_BYTES:
        from store.errors import TooLarge
        raise TooLarge(f"a document holds at most {MAX_DOCUMENT_BYTES} bytes",
                       code="document_too_large")
    now = utcnow()
    with atomic():
        return KbDocument.create(org=org_id, kb=kb_id, name=name, content_type=content_type,
                                 size_bytes=len(data), source=data, status="queued",
                                 created_at=now, updated_at=now)


def get_document(*, org_id: str, kb_id: str, document_id: str) -> KbDocument:
    return scope.get(KbDocument, org_id, KbDocument.kb == kb_id, KbDocument.id == document_id,
                     what="document")


def find_document(org_id: str, document_id: str) -> KbDocument | None:
    return scope.scoped(KbDocument, org_id).where(KbDocument.id == document_id).first()


def list_documents(*, org_id: str, kb_id: str, limit: int = 50, cursor: str | None = None):
    get(org_id=org_id, kb_id=kb_id)
    query = scope.scoped(KbDocument, org_id, *_DOCUMENT_COLUMNS).where(KbDocument.kb == kb_id)
    return pages.page(query, (KbDocument.created_at, KbDocument.id), limit=limit, cursor=cursor)


_DOCUMENT_COLUMNS = [f for f in KbDocument._meta.sorted_fields if f.name != "source"]


def delete_document(*, org_id: str, kb_id: str, document_id: str) -> None:
    get_document(org_id=org_id, kb_id=kb_id, document_id=document_id)
    with atomic():
        scope.delete(KbDocument, org_id, KbDocument.id == document_id)
        _revise(org_id, kb_id)


def _revise(org_id: str, kb_id: str) -> None:
    """Count up the revision: what searches see of the knowledge base changed."""
    scope.update(KnowledgeBase, org_id, {"revision": KnowledgeBase.revision + 1},
                 KnowledgeBase.id == kb_id)


def set_status(org_id: str, document_id: str, status: str, **values) -> None:
    scope.update(KbDocument, org_id, {"status": status, "updated_at": utcnow(), **values},
                 KbDocument.id == document_id)


def write_chunks(org_id: str, document: KbDocument, texts: list[str]) -> list[tuple[int, str]]:
    """The document's chunks (not yet live), replacing any of an earlier attempt; returns
    [(seq, text)] in order. The upload itself is dropped: the chunks hold its text."""
    with atomic():
        scope.delete(KbChunk, org_id, KbChunk.document == document.id)
        if texts:
            KbChunk.insert_many([{"org": org_id, "kb": document.kb_id, "document": document.id,
                                  "position": i, "text": t, "live": False}
                                 for i, t in enumerate(texts)]).execute()
        set_status(org_id, document.id, "processing", chunk_count=len(texts), embedded_count=0,
                   source=None)
    return [(r.seq, r.text) for r in scope.scoped(KbChunk, org_id, KbChunk.seq, KbChunk.text)
            .where(KbChunk.document == document.id).order_by(KbChunk.position)]


def publish(org_id: str, document_id: str) -> bool:
    """Make the document current and live, deleting the current one of the same name (one
    transaction). False when the document was deleted meanwhile, or when a later upload of
    the same name is current already (this one is then deleted: the latest upload wins)."""
    with atomic():
        doc = find_document(org_id, document_id)
        if doc is None:
            return False
        same = scope.scoped(KbDocument, org_id).where(
            KbDocument.kb == doc.kb_id, KbDocument.name == doc.name, KbDocument.id != doc.id,
            KbDocument.current == True).first()  # noqa: E712
        if same is not None and (same.created_at, same.id) > (doc.created_at, doc.id):
            # a later upload of the same name was published first: this one is outdated
            scope.delete(KbDocument, org_id, KbDocument.id == doc.id)
            return False
        if same is not None:
            scope.delete(KbDocument, org_id, KbDocument.id == same.id)
        scope.update(KbChunk, org_id, {"live": True}, KbChunk.document == doc.id)
        set_status(org_id, doc.id, "ready", current=True, error=None)
        _revise(org_id, doc.kb_id)
    return True


def fail(org_id: str, document_id: str, code: str, message: str) -> None:
    with atomic():
        scope.delete(KbChunk, org_id, KbChunk.document == document_id)
        set_status(org_id, document_id, "failed", source=None,
                   error={"code": code, "message": message[:500]})


def document_dict(row: KbDocument) -> dict:
    return {"id": row.id, "knowledge_base_id": row.kb_id, "name": row.name,
            "content_type": row.content_type, "size_bytes": row.size_bytes,
            "status": row.status, "current": row.current, "error": row.error,
            "progress": {"chunks": row.chunk_count, "embedded": row.embedded_count},
            "created_at": iso(row.created_at), "updated_at": iso(row.updated_at)}


# ---- search results ----------------------------------------------------------------------

def chunks_by_seq(org_id: str, scored: list[tuple[int, float]]) -> list[dict]:
    """Search results of (chunk seq, score), in that order, with their document."""
    if not scored:
        return []
    rows = {r[0]: r for r in scope.scoped(KbChunk, org_id, KbChunk.seq, KbChunk.kb,
                                          KbChunk.document, KbChunk.position, KbChunk.text,
                                          KbDocument.name, KnowledgeBase.name)
            .join(KbDocument, on=(KbChunk.document == KbDocument.id))
            .join(KnowledgeBase, on=(KbChunk.kb == KnowledgeBase.id), src=KbChunk)
            .where(KbChunk.seq.in_([seq for seq, _ in scored])).tuples()}
    out = []
    for seq, score in scored:
        row = rows.get(seq)
        if row is None:
            continue
        _, kb_id, document_id, position, text, document_name, kb_name = row
        out.append({"text": text, "score": round(score, 6), "position": position,
                    "document": {"id": document_id, "name": document_name},
                    "knowledge_base": {"id": kb_id, "name": kb_name}})
    return out


def require_ids(org_id: str, kb_ids: list[str]) -> None:
    found = set(existing(org_id, kb_ids))
    for kb_id in kb_ids:
        if kb_id not in found:
            raise NotFound(f"knowledge base {kb_id} not found", code="knowledge_base_not_found")


def existing_chunks(org_id: str, document_id: str) -> list[tuple[int, str]]:
    return [(seq, text) for seq, text in scope.scoped(KbChunk, org_id, KbChunk.seq, KbChunk.text)
            .where(KbChunk.document == document_id).order_by(KbChunk.position).tuples()]
