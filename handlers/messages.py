"""Messages of the calling end user's threads, and their votes."""
from __future__ import annotations

from handlers import ok
from store import messages


def list_messages(caller, thread_id, cursor=None, limit=50, order="asc"):
    rows, following = messages.list(org_id=caller.org_id, user_id=caller.user_id,
                                    thread_id=thread_id, cursor=cursor, limit=limit, order=order)
    did = messages.activity(org_id=caller.org_id, rows=rows)
    shown = [{**messages.to_dict(r), **({"activity": did[r.id]} if r.id in did else {})}
             for r in rows]
    return ok({"messages": shown, "next_cursor": following})


def vote_message(caller, body):
    row = messages.vote(org_id=caller.org_id, user_id=caller.user_id, **body)
    return ok({"vote": messages.vote_to_dict(row, body["message_id"])})
