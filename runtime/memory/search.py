"""Search of an end user's memories in three modes, each memory with its score:

- ``keyword``: the database's full-text index (store/memories.py); the score is the number
  of occurrences of the query's words.
- ``semantic``: the memories whose vectors (the organization's active embeddings model) are
  nearest to the query's; the score is the cosine similarity.
- ``hybrid``: both rankings fused by reciprocal rank fusion (score: the sum over the two
  rankings of 1 / (RRF_K + rank)), so a memory found both ways comes first, and one found
  only by meaning ("diet" for "I don't eat meat") is still found.

The default is ``hybrid`` when the organization has an active embeddings model and the
database compares vectors, else ``keyword``. Asking for ``semantic`` or ``hybrid`` without
them is 409 ``vector_search_unavailable`` (no vector engine) or ``embeddings_not_configured``
(no embeddings model ready).

The query's embedding is awaited before the search with no database connection held
(``search_async``, ``query_vector``: embeddings.embed_query_async); the search then runs in
one hop with the vector given.
"""
from __future__ import annotations

from runtime import dispatch, embeddings
from store import memories, vectors
from core import concurrency
from core import db
from store import embeddings as spaces
from store.errors import Conflict
from store.threads import need_user

MODES = ("keyword", "semantic", "hybrid")
RRF_K = 60
POOL = 50  # candidates of each ranking fused


def default_mode(org_id: str) -> str:
    if not vectors.available():
        return "keyword"
    with db.connection():
        return "hybrid" if spaces.active(org_id=org_id) is not None else "keyword"


def _not_configured() -> Conflict:
    return Conflict("the organization has no embeddings model ready (PUT /v1/model-config "
                    "with `embeddings`)", code="embeddings_not_configured")


def _nearest(org_id: str, user_id: str, space, vector, limit: int):
    scored = vectors.search_memories(org_id=org_id, space_id=space.id, dims=space.dimensions,
                                     owner=memories.owner_of(org_id, user_id), vector=vector,
                                     limit=limit)
    rows = memories.by_seq(org_id=org_id, user_id=user_id, seqs=[s for s, _ in scored])
    return [(rows[seq], score) for seq, score in scored if seq in rows]


def _fuse(typed, meant, limit: int) -> list[tuple]:
    fused: dict[str, list] = {}
    for ranking in (typed, meant):
        for rank, (memory, _) in enumerate(ranking, 1):
            entry = fused.setdefault(memory.id, [memory, 0.0])
            entry[1] += 1.0 / (RRF_K + rank)
    ranked = sorted(fused.values(), key=lambda e: (-e[1], -e[0].seq))[:limit]
    return [(memory, round(score, 6)) for memory, score in ranked]


def _with_vector(org_id: str, user_id: str, query: str, mode: str, limit: int,
                 embedded) -> list[tuple]:
    """The search of a semantic or hybrid mode once the query's (space, vector) is known."""
    space, vector = embedded
    if mode == "semantic":
        return _nearest(org_id, user_id, space, vector, limit)
    meant = _nearest(org_id, user_id, space, vector, POOL)
    typed = memories.search_scored(org_id=org_id, user_id=user_id, query=query, limit=POOL)
    return _fuse(typed, meant, limit)


def _plan(org_id: str, user_id: str | None, query: str, mode: str | None,
          limit: int) -> tuple[str, str, int, list | None]:
    """(user, mode, limit, the answer when no embedding is needed, else None)."""
    user_id = need_user(user_id)
    mode = mode or default_mode(org_id)
    limit = max(1, min(limit, memories.SEARCH_LIMIT))
    if mode == "keyword":
        return user_id, mode, limit, memories.search_scored(org_id=org_id, user_id=user_id,
                                                            query=query, limit=limit)
    if not query.strip():
        return user_id, mode, limit, []
    vectors.require()
    return user_id, mode, limit, None


async def search_async(settings, *, org_id: str, user_id: str | None, query: str,
                       mode: str | None = None, limit: int = 10) -> tuple[str, list[tuple]]:
    """(the mode used, [(Memory, score)] best first): a hop to plan, the query embedded with
    no database connection held, one hop for the search."""
    user_id, mode, limit, found = await concurrency.hop(_plan, org_id, user_id, query, mode,
                                                        limit)
    if found is not None:
        return mode, found
    embedded = await embeddings.embed_query_async(settings, org_id, query, user_id=user_id)
    if embedded[0] is None:
        raise _not_configured()
    return mode, await concurrency.hop(_with_vector, org_id, user_id, query, mode, limit,
                                       embedded)


async def query_vector(settings, org_id: str, user_id: str | None, query: str | None):
    """The (space, vector) of a turn's input for the memory digest's hybrid search, embedded
    before the hop that reads the digest; None when hybrid search is not available or the
    provider failed (the digest then shows the newest memories)."""
    if not user_id or not query:
        return None
    try:
        if await concurrency.hop(default_mode, org_id) != "hybrid":
            return None
        embedded = await embeddings.embed_query_async(settings, org_id, query,
                                                      user_id=user_id)
    except Exception:  # the provider is down: the newest memories still give context
        return None
    return embedded if embedded[0] is not None else None


def relevant(org_id: str, user_id: str | None, query: str | None, limit: int,
             embedded) -> list | None:
    """The user's memories most relevant to query by hybrid search, for an agent's context,
    with the query's (space, vector) from ``query_vector``; None without it (the caller
    shows the newest instead)."""
    if not user_id or not query or embedded is None:
        return None
    try:
        return [m for m, _ in _with_vector(org_id, user_id, query, "hybrid", limit, embedded)]
    except Exception:
        return None


def after_save(settings, org_id: str, memory_id: str) -> None:
    """Queue the new memory's vectors (when the organization has embeddings); a failure to
    queue leaves the memory found by keyword only, never fails the save."""
    try:
        dispatch.embed_memory(settings, org_id=org_id, memory_id=memory_id)
    except Exception:
        import logging
        logging.getLogger("agent_platform.knowledge").warning(
            "could not queue a memory's embedding", exc_info=True)
