"""An organization's embeddings model: the `embeddings` entry of its model configuration.

    {"base_url": "https://api.openai.com/v1", "model": "text-embedding-3-small",
     "dimensions": 1536, "api_key": "..."}      (api_key write-only, as for the providers)

Each configuration is an embedding space (store/models_knowledge.py). The first one, and
every change of base URL, model or dimensions, is a new space in state `building`: jobs
embed every chunk and memory of the organization into it (jobs/knowledge.py) while the
active space, if any, keeps answering searches; when it is complete it becomes the active
one and the old space is deleted with its vectors. Changing only the key keeps the space.
Removing the entry (``null``) deletes every space and vector of the organization.
"""
from __future__ import annotations

from rules import ssrf
from store import scope, vectors
from core import crypto
from core.db import atomic, iso, utcnow
from store.models_knowledge import EmbeddingSpace

MAX_DIMENSIONS = 2000  # pgvector's HNSW index takes up to 2,000 dimensions


def _spaces(org_id: str) -> list[EmbeddingSpace]:
    return [*scope.scoped(EmbeddingSpace, org_id).order_by(EmbeddingSpace.created_at)]


def active(*, org_id: str) -> EmbeddingSpace | None:
    return scope.scoped(EmbeddingSpace, org_id).where(
        EmbeddingSpace.state == "active").first()


def latest(*, org_id: str) -> EmbeddingSpace | None:
    found = _spaces(org_id)
    return found[-1] if found else None


def spaces(*, org_id: str) -> list[EmbeddingSpace]:
    """The org's spaces: the active one first, then the one being built."""
    return sorted(_spaces(org_id), key=lambda s: s.state != "active")


def get(*, org_id: str, space_id: str) -> EmbeddingSpace | None:
    return scope.scoped(EmbeddingSpace, org_id).where(EmbeddingSpace.id == space_id).first()


def api_key(space: EmbeddingSpace) -> str | None:
    """The space's API key, decrypted for a call only (never return or log it)."""
    return crypto.decrypt(space.secrets).get("api_key") if space.secrets else None


def to_dict(*, org_id: str) -> dict | None:
    """The `embeddings` entry of the model configuration (null when none is configured)."""
    space = latest(org_id=org_id)
    if space is None:
        return None
    current = active(org_id=org_id)
    error = space.error
    if space.state == "building" and error is None and not vectors.available():
        error = {"code": "vector_search_unavailable", "message": "the database cannot compare "
                 "vectors: pgvector on Postgres, sqlite-vec on SQLite"}
    return {"base_url": space.base_url, "model": space.model, "dimensions": space.dimensions,
            "has_api_key": bool(space.secrets),
            "status": "ready" if space.state == "active" else (
                "failed" if error else "embedding"),
            "error": error,
            "active_model": current.model if current is not None else None,
            "ready_at": iso(space.ready_at)}


def configure(*, org_id: str, entry: dict | None) -> EmbeddingSpace | None:
    """Apply the `embeddings` entry; returns the space that needs building (or None)."""
    if entry is None:
        with atomic():
            scope.delete(EmbeddingSpace, org_id)
        return None
    dims = int(entry["dimensions"])  # 1 to MAX_DIMENSIONS (openapi.yaml)
    ssrf.check_url(entry["base_url"])
    space = latest(org_id=org_id)
    same = space is not None and (space.base_url, space.model, space.dimensions) == (
        entry["base_url"], entry["model"], dims)
    if "api_key" in entry:
        secrets = crypto.encrypt({"api_key": entry["api_key"]}) if entry["api_key"] else None
    else:
        secrets = space.secrets if space is not None else None
    with atomic():
        if same:
            scope.update(EmbeddingSpace, org_id, {"secrets": secrets, "error": None},
                         EmbeddingSpace.id == space.id)
            return space if space.state == "building" else None
        # a newer space replaces a space still being built; the active one keeps answering
        scope.delete(EmbeddingSpace, org_id, EmbeddingSpace.state == "building")
        return EmbeddingSpace.create(org=org_id, base_url=entry["base_url"],
                                     model=entry["model"], dimensions=dims, secrets=secrets,
                                     state="building", created_at=utcnow())


def fail(*, org_id: str, space_id: str, error: dict) -> None:
    scope.update(EmbeddingSpace, org_id, {"error": error}, EmbeddingSpace.id == space_id)


def activate(*, org_id: str, space_id: str) -> bool:
    """Make the built space the active one, deleting the older one with its vectors (one
    transaction); False when the space is gone (replaced meanwhile)."""
    with atomic():
        if get(org_id=org_id, space_id=space_id) is None:
            return False
        scope.delete(EmbeddingSpace, org_id, EmbeddingSpace.id != space_id,
                     EmbeddingSpace.state == "active")
        scope.update(EmbeddingSpace, org_id, {"state": "active", "error": None,
                                              "ready_at": utcnow()}, EmbeddingSpace.id == space_id)
    return True
