"""Memories of the calling end user (a session token's user, or X-User-Id with the API key)."""
from __future__ import annotations

from handlers import created, ok
from runtime.memory import search as memory_search
from store import memories


async def _found(search):
    """The answer once the query is searched (awaited on the server's loop: no thread or
    database connection waits on the embeddings model)."""
    used, found = await search
    return ok({"memories": [{**memories.to_dict(r), "score": score} for r, score in found],
               "mode": used, "next_cursor": None})


def list_memories(caller, settings, q=None, mode=None, limit=50, cursor=None):
    if q is not None:
        return _found(memory_search.search_async(settings, org_id=caller.org_id,
                                                 user_id=caller.user_id, query=q, mode=mode,
                                                 limit=limit))
    rows, following = memories.list(org_id=caller.org_id, user_id=caller.user_id,
                                    limit=limit, cursor=cursor)
    return ok({"memories": [memories.to_dict(r) for r in rows], "next_cursor": following})


def create_memory(caller, settings, body):
    memory = memories.to_dict(memories.create(org_id=caller.org_id, user_id=caller.user_id,
                                              text=body["text"]))
    memory_search.after_save(settings, caller.org_id, memory["id"])
    return created({"memory": memory}, f"/v1/memories/{memory['id']}")


def get_memory(caller, id):
    return ok({"memory": memories.to_dict(memories.get(
        org_id=caller.org_id, user_id=caller.user_id, memory_id=id))})


def delete_memory(caller, id):
    memories.delete(org_id=caller.org_id, user_id=caller.user_id, memory_id=id)
    return ok({"deleted": id})
