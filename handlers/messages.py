"""Messages of the calling end user's threads, and their votes."""
from __future__ import annotations

from handlers import ok
from store import messages


def list_messages(caller, thread_id, cursor=None, limit=50, order="asc"):
    rows, following = messages.list(org_id=caller.org_id, user_id=caller.user_id,
                                    thread_id=thread_id, cursor=cursor, limit=limit, order=order)
    return ok({"messages": [messages.to_dict(r) for r in rows], "next_cursor": following})


def vote_message(caller, body):
    row = messages.vote(org_id=caller.org_id, user_id=caller.user_id, **body)
    return ok({"vote": messages.vote_to_dict(row, body["message_id"])})
