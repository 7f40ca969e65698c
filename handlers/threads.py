"""Chat threads of the calling end user: list (latest activity first), mark read."""
from __future__ import annotations

from handlers import ok
from store import threads


def list_threads(caller, cursor=None, limit=50):
    rows, following = threads.list(org_id=caller.org_id, user_id=caller.user_id, cursor=cursor,
                                   limit=limit)
    return ok({"threads": [threads.to_dict(r) for r in rows], "next_cursor": following})


def read_thread(caller, id):
    return ok({"thread": threads.to_dict(threads.mark_read(
        org_id=caller.org_id, user_id=caller.user_id, thread_id=id))})
