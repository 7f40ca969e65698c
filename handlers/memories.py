"""Memories of the calling end user (a session token's user, or X-User-Id with the API key)."""
from __future__ import annotations

from handlers import ok
from store import memories


def list_memories(caller, q=None, limit=50, cursor=None):
    if q is not None:
        rows, following = memories.search(org_id=caller.org_id, user_id=caller.user_id,
                                          query=q, limit=limit), None
    else:
        rows, following = memories.list(org_id=caller.org_id, user_id=caller.user_id,
                                        limit=limit, cursor=cursor)
    return ok({"memories": [memories.to_dict(r) for r in rows], "next_cursor": following})


def create_memory(caller, body):
    return ok({"memory": memories.to_dict(memories.create(
        org_id=caller.org_id, user_id=caller.user_id, text=body["text"]))}, 201)


def get_memory(caller, id):
    return ok({"memory": memories.to_dict(memories.get(
        org_id=caller.org_id, user_id=caller.user_id, memory_id=id))})


def delete_memory(caller, id):
    memories.delete(org_id=caller.org_id, user_id=caller.user_id, memory_id=id)
    return ok({"deleted": id})
