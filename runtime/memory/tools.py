"""Built-in memory of an agent with `memory: true`: three tools that save, search and forget
memories of the turn's end user (store/memories.py), and a bounded digest of that user's
newest memories appended to the agent's instructions.

The tools are offered only when the turn has an end user (a session token, or X-User-Id with
the API key): memories always belong to one user. Every write (save, forget) is a `memory`
step of the run and a `memory.saved` / `memory.deleted` event of its stream.
"""
from __future__ import annotations

from runtime.memory import search as memory_search
from core import db
from store import memories
from store.errors import DomainError

SAVE, SEARCH, FORGET = "memory_save", "memory_search", "memory_forget"
TOOLS = (
    (SAVE, "Remember one fact about the user for later conversations (a short sentence).",
     {"type": "object", "required": ["text"], "properties": {
         "text": {"type": "string", "maxLength": memories.MAX_TEXT,
                  "description": "What to remember, as a short self-contained sentence."}}}),
    (SEARCH, "Search what you remember about the user; answers the matching memories with "
             "their ids.",
     {"type": "object", "required": ["query"], "properties": {
         "query": {"type": "string", "description": "Words to look for."}}}),
    (FORGET, "Forget one memory of the user (by its id from memory_search or the context).",
     {"type": "object", "required": ["memory_id"], "properties": {
         "memory_id": {"type": "string", "description": "The id of the memory to forget."}}}),
)
DIGEST_HEADER = "What you remember about this user (newest first; ids in brackets):"
DIGEST_RELEVANT = ("What you remember about this user (most relevant to this message first; "
                   "ids in brackets):")


def offered(runtime: dict, user_id: str | None) -> bool:
    return bool(runtime.get("memory")) and bool(user_id)


def digest(org_id: str, user_id: str | None, *, query: str | None = None,
           embedded=None) -> str | None:
    """The context block of the user's memories, or None when there are none: those most
    relevant to the turn's input by hybrid search when the organization has embeddings (at
    most memories.DIGEST_ITEMS, DIGEST_CHARS characters; ``embedded``: the input's (space,
    vector), from ``memory_search.query_vector`` before the hop), else the newest."""
    found = memory_search.relevant(org_id, user_id, query, memories.DIGEST_ITEMS, embedded)
    if found:
        rows, used = [], 0
        for m in found:
            if used + len(m.text) > memories.DIGEST_CHARS:
                break
            rows.append({"id": m.id, "text": m.text})
            used += len(m.text)
        header = DIGEST_RELEVANT
    else:
        with db.connection():
            rows = memories.digest(org_id=org_id, user_id=user_id)
        header = DIGEST_HEADER
    if not rows:
        return None
    return "\n".join([header, *(f"- [{m['id']}] {m['text']}" for m in rows)])


def _failed(code: str, message: str) -> dict:
    return {"status": "failed", "output": None, "error": {"code": code, "message": message}}


async def embed_digest_query(turn, runtime: dict | None) -> None:
    """Embed the turn's input for the memory digest of an agent with memory, before the hop
    that reads the digest (once per turn: every agent of it shares the input)."""
    if "digest_query" in turn.cache or not offered(runtime or {}, turn.run.user_id):
        return
    turn.cache["digest_query"] = await memory_search.query_vector(
        turn.settings, turn.org_id, turn.run.user_id, getattr(turn.run, "input", None))


def digest_ready(turn, runtime: dict | None) -> bool:
    """Whether the agent's digest can be read without embedding the turn's input first."""
    return "digest_query" in turn.cache or not offered(runtime or {}, turn.run.user_id)


async def search(turn, arguments: dict) -> dict:
    """Run one memory_search call (on the turn loop: the query's embedding awaited with no
    database connection held, the search in a hop)."""
    query = arguments.get("query")
    if not isinstance(query, str):
        return _failed("invalid_arguments", "query must be a string")
    try:
        _, rows = await memory_search.search_async(turn.settings, org_id=turn.org_id,
                                                   user_id=turn.run.user_id, query=query)
    except DomainError as exc:
        return _failed(exc.code, exc.detail)
    return {"status": "succeeded", "error": None,
            "output": {"memories": [{"id": r.id, "text": r.text} for r, _ in rows]}}


def call(turn, agent_id: str, name: str, arguments: dict) -> dict:
    """Run one memory write (save, forget; memory_search is ``search``); a write's result carries ``memory_event`` (kind, data) and
    ``memory_step`` for the caller to emit and record on the turn's thread."""
    user_id = turn.run.user_id
    try:
        with db.connection():
            if name == SAVE:
                text = arguments.get("text")
                if not isinstance(text, str) or not text.strip():
                    return _failed("invalid_arguments", "text must be a non-empty string")
                row = memories.create(org_id=turn.org_id, user_id=user_id, text=text.strip(),
                                      agent_id=agent_id, run_id=turn.run.id)
                saved = memories.to_dict(row)
                memory_search.after_save(turn.settings, turn.org_id, saved["id"])
                return {"status": "succeeded", "output": {"saved": saved["id"]}, "error": None,
                        "memory_event": ("memory.saved", {"memory": saved}),
                        "memory_step": {"action": "save", "memory_id": saved["id"]}}
            memory_id = arguments.get("memory_id")
            if not isinstance(memory_id, str):
                return _failed("invalid_arguments", "memory_id must be a string")
            memories.delete(org_id=turn.org_id, user_id=user_id, memory_id=memory_id)
            return {"status": "succeeded", "output": {"forgotten": memory_id}, "error": None,
                    "memory_event": ("memory.deleted", {"memory_id": memory_id}),
                    "memory_step": {"action": "forget", "memory_id": memory_id}}
    except DomainError as exc:
        return _failed("memory_not_found" if exc.status == 404 else exc.code, exc.detail)
