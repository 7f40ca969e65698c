"""Knowledge-base search, for `GET /v1/knowledge-bases/{id}/search` and for agents: an agent
whose version lists `knowledge_base_ids` has the built-in tool `search_knowledge`, whose
result carries the passages found with their citations (document, position, score); the
turn's `tool.result` event carries them as `citations`.

The query is embedded before the search (``embeddings.embed_query_async``: no database
connection is held while the model answers), then the search runs in one hop.
"""
from __future__ import annotations

from runtime import embeddings
from store import knowledge, vectors
from core import concurrency
from store.errors import Conflict, DomainError

SEARCH = "search_knowledge"
TOOL = (SEARCH, "Search the knowledge bases of this agent for passages about a question; "
                "answers the passages with their sources. Cite the sources you use.",
        {"type": "object", "required": ["query"], "properties": {
            "query": {"type": "string", "description": "What to look for, in your own words."},
            "top_k": {"type": "integer", "minimum": 1, "maximum": 20,
                      "description": "How many passages (default 5)."}}})


def _not_configured() -> Conflict:
    return Conflict("the organization has no embeddings model ready (PUT /v1/model-config "
                    "with `embeddings`)", code="embeddings_not_configured")


def _nearest(org_id: str, kb_ids: list[str], space, vector, top_k: int) -> list[dict]:
    top_k = max(1, min(int(top_k), knowledge.MAX_TOP_K))
    scored = vectors.search_chunks(org_id=org_id, space_id=space.id, dims=space.dimensions,
                                   kb_ids=kb_ids, vector=vector, top_k=top_k)
    return knowledge.chunks_by_seq(org_id, scored)


async def search_async(settings, *, org_id: str, kb_ids: list[str], query: str,
                       top_k: int = knowledge.TOP_K, user_id: str | None = None) -> list[dict]:
    """The live chunks of kb_ids nearest to query, best first: the query embedded with no
    database connection held, then one hop for the search."""
    await concurrency.hop(vectors.require)
    space, vector = await embeddings.embed_query_async(settings, org_id, query,
                                                       user_id=user_id)
    if space is None:
        raise _not_configured()
    return await concurrency.hop(_nearest, org_id, kb_ids, space, vector, top_k)


def offered(runtime: dict) -> list[str]:
    return list((runtime or {}).get("knowledgeBaseIds") or [])


def citation(result: dict) -> dict:
    return {"document_id": result["document"]["id"], "document_name": result["document"]["name"],
            "knowledge_base_id": result["knowledge_base"]["id"],
            "position": result["position"], "score": result["score"]}


async def call(turn, kb_ids: list[str], arguments: dict) -> dict:
    """Run one search_knowledge call (on the turn loop: the query's embedding awaited, the
    database read in hops)."""
    query = arguments.get("query")
    if not isinstance(query, str) or not query.strip():
        return {"status": "failed", "output": None,
                "error": {"code": "invalid_arguments", "message": "query must be a non-empty "
                                                                  "string"}}
    top_k = arguments.get("top_k") or knowledge.TOP_K
    try:
        live = await concurrency.hop(knowledge.existing, turn.org_id, kb_ids)
        found = await search_async(turn.settings, org_id=turn.org_id, kb_ids=live, query=query,
                                   top_k=top_k if isinstance(top_k, int) else knowledge.TOP_K,
                                   user_id=turn.run.user_id)
    except DomainError as exc:
        return {"status": "failed", "output": None,
                "error": {"code": exc.code, "message": exc.detail}}
    passages = [{"source": i + 1, "text": r["text"], "document": r["document"]["name"],
                 "position": r["position"], "score": r["score"]} for i, r in enumerate(found)]
    return {"status": "succeeded", "error": None, "output": {"passages": passages},
            "citations": [{"source": i + 1, **citation(r)} for i, r in enumerate(found)]}
