"""Background work of knowledge bases and semantic memory, on the rebuild queue (in-process
threads on the embedded default, RQ workers with Redis):

- ``ingest_document``: a document's text, its chunks, their vectors in every embedding space
  of the organization, then ``knowledge.publish`` (atomic replacement of the same name),
  then the knowledge base's full vector segments sealed (their HNSW indexes built in bulk,
  store/vectors.py); job id `kb-doc-{id}`, unique. A document that cannot be read, or whose
  embedding fails after the client's retries, is marked failed with the reason; any other
  failure marks it failed too and reaches the queue's failed registry.
- ``embed_memory``: a new memory's vector in every space (`memory-vec-{id}`).
- ``build_space``: every chunk and memory of the organization embedded into a new space (a
  new or changed embeddings model), its full vector segments sealed as it goes, then the
  space made active in place of the old one (`space-{id}`). The active space answers
  searches meanwhile.
"""
from __future__ import annotations

import logging

from jobs import context, queue
from runtime import embeddings
from runtime.knowledge import documents
from store import knowledge, vectors
from core import db
from store import embeddings as spaces
from store.errors import DomainError
from store.models_blocks import Memory

log = logging.getLogger("agent_platform.knowledge")
BUILD_BATCH = 256
JOB_TIMEOUT_S = 3600


def _settings():
    return context.ensure_ready(None)


def _enqueue(settings, func, job_id: str, **kwargs):
    return queue.enqueue(settings, func, kwargs=kwargs, queue=settings.rebuild_queue,
                         job_id=job_id, unique=True, timeout=JOB_TIMEOUT_S, replace_done=True)


def queue_document(settings, *, org_id: str, document_id: str):
    return _enqueue(settings, ingest_document, f"kb-doc-{document_id}", org_id=org_id,
                    document_id=document_id)


def queue_memory(settings, *, org_id: str, memory_id: str):
    if not vectors.available():
        return None
    with db.connection():
        if not spaces.spaces(org_id=org_id):
            return None
    return _enqueue(settings, embed_memory, f"memory-vec-{memory_id}", org_id=org_id,
                    memory_id=memory_id)


def queue_build(settings, *, org_id: str, space_id: str | None):
    if space_id is None or not vectors.available():
        return None
    return _enqueue(settings, build_space, f"space-{space_id}", org_id=org_id,
                    space_id=space_id)


def _embed_chunks(settings, org_id: str, document, chunks: list[tuple[int, str]]) -> None:
    """Vectors of the document's chunks in every space that lacks them (spaces may appear
    while this runs: looked up again until none is missing)."""
    done: set[str] = set()
    while True:
        with db.connection():
            todo = [s for s in spaces.spaces(org_id=org_id) if s.id not in done]
        if not todo:
            return
        for space in todo:
            for start in range(0, len(chunks), embeddings.BATCH):
                batch = chunks[start:start + embeddings.BATCH]
                found = embeddings.embed(settings, space, [text for _, text in batch])
                with db.connection(), db.atomic():
                    vectors.write_chunks(org_id=org_id, space_id=space.id,
                                         dims=space.dimensions,
                                         rows=[(seq, document.kb_id, vector) for (seq, _), vector
                                               in zip(batch, found)])
                    knowledge.set_status(org_id, document.id, "processing",
                                         embedded_count=min(len(chunks), start + len(batch)))
            done.add(space.id)


def ingest_document(org_id: str, document_id: str) -> str:
    settings = _settings()
    with db.connection():
        document = knowledge.find_document(org_id, document_id)
        if document is None or document.status not in ("queued", "processing"):
            return "gone"
        base = knowledge.get(org_id=org_id, kb_id=document.kb_id)
        knowledge.set_status(org_id, document_id, "processing")
    try:
        if document.source is None:  # chunked by an earlier attempt
            with db.connection():
                chunks = knowledge.existing_chunks(org_id, document_id)
        else:
            text = documents.extract(document.content_type, bytes(document.source))
            texts = documents.chunk(text, **base.chunking)
            if not texts:
                raise documents.DocumentError("document_empty", "the document holds no text")
            if len(texts) > knowledge.MAX_CHUNKS:
                raise documents.DocumentError(
                    "document_too_large", f"the document makes {len(texts)} chunks; at most "
                    f"{knowledge.MAX_CHUNKS}")
            with db.connection():
                chunks = knowledge.write_chunks(org_id, document, texts)
        if vectors.available():
            _embed_chunks(settings, org_id, document, chunks)
        with db.connection():
            knowledge.publish(org_id, document_id)
    except documents.DocumentError as exc:
        with db.connection():
            knowledge.fail(org_id, document_id, exc.code, exc.message)
        return "failed"
    except DomainError as exc:  # the provider failed after retries, a spend cap
        with db.connection():
            knowledge.fail(org_id, document_id, exc.code, exc.detail)
        return "failed"
    except Exception as exc:
        with db.connection():
            knowledge.fail(org_id, document_id, "internal_error", type(exc).__name__)
        raise
    _seal(org_id, document.kb_id)
    return "ready"


def _seal(org_id: str, kb_id: str) -> None:
    """The base's full segments indexed (their chunks are searchable already, in the open
    segment). A failure leaves the document as it is: the next seal finishes the work."""
    if not vectors.available():
        return
    try:
        with db.connection():
            for space in spaces.spaces(org_id=org_id):
                vectors.seal(space_id=space.id, kb_id=kb_id)
    except Exception:
        log.exception("sealing vector segments failed", extra={"org_id": org_id})


def embed_memory(org_id: str, memory_id: str) -> str:
    settings = _settings()
    with db.connection():
        memory = Memory.select().where(Memory.org == org_id, Memory.id == memory_id).first()
        todo = spaces.spaces(org_id=org_id)
    if memory is None:
        return "gone"
    for space in todo:
        vector = embeddings.embed(settings, space, [memory.text], user_id=memory.user_id)[0]
        with db.connection(), db.atomic():
            if Memory.select().where(Memory.seq == memory.seq).exists():
                vectors.write_memories(org_id=org_id, space_id=space.id,
                                       dims=space.dimensions,
                                       rows=[(memory.seq, memory.owner, vector)])
    return "embedded"


PROBE_TEXT = "embeddings model check"


def build_space(org_id: str, space_id: str) -> str:
    settings = _settings()
    with db.connection():
        space = spaces.get(org_id=org_id, space_id=space_id)
        if space is None or space.state != "building":
            return "gone"
    try:
        # one call before anything is stored: a model that cannot be reached, or answers
        # vectors of other dimensions, fails its build at once, and the active one goes on
        embeddings.embed(settings, space, [PROBE_TEXT])
        while True:
            with db.connection():
                rows = vectors.missing_chunks(org_id=org_id, space_id=space_id,
                                              limit=BUILD_BATCH)
            if not rows:
                break
            found = embeddings.embed(settings, space, [text for _, _, text in rows])
            with db.connection(), db.atomic():
                if spaces.get(org_id=org_id, space_id=space_id) is None:
                    return "replaced"
                vectors.write_chunks(org_id=org_id, space_id=space_id, dims=space.dimensions,
                                     rows=[(seq, kb_id, v) for (seq, kb_id, _), v
                                           in zip(rows, found)])
            with db.connection():
                vectors.seal(space_id=space_id)
        while True:
            with db.connection():
                rows = vectors.missing_memories(org_id=org_id, space_id=space_id,
                                                limit=BUILD_BATCH)
            if not rows:
                break
            found = embeddings.embed(settings, space, [text for _, _, text in rows])
            with db.connection(), db.atomic():
                if spaces.get(org_id=org_id, space_id=space_id) is None:
                    return "replaced"
                vectors.write_memories(org_id=org_id, space_id=space_id,
                                       dims=space.dimensions,
                                       rows=[(seq, owner, v) for (seq, owner, _), v
                                             in zip(rows, found)])
        with db.connection():
            return "active" if spaces.activate(org_id=org_id, space_id=space_id) else "replaced"
    except DomainError as exc:
        with db.connection():
            spaces.fail(org_id=org_id, space_id=space_id,
                        error={"code": exc.code, "message": exc.detail})
        log.warning("embedding space build failed", extra={"org_id": org_id, "code": exc.code})
        return "failed"
