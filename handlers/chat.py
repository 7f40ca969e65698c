"""Chat: run a turn in a thread, stream its events (Server-Sent Events), cancel it. The end
user is the session's, or X-User-Id with an API key."""
from __future__ import annotations

import connexion

from handlers import ok
from runtime.chat import service as chat
from runtime.chat import stream as chat_stream
from store import runs


def post_chat(caller, settings, body):
    return ok(chat.post(settings=settings, org_id=caller.org_id, user_id=caller.user_id,
                        group_id=caller.group_id, **body), 202)


async def stream_chat(caller, settings, thread_id, last_event_id=None):
    header = connexion.request.headers.get("last-event-id")
    return await chat_stream.open(settings=settings, org_id=caller.org_id,
                                  user_id=caller.user_id, thread_id=thread_id,
                                  last_event_id=int(header) if header else last_event_id)


def cancel_chat(caller, thread_id):
    run = chat.cancel(org_id=caller.org_id, user_id=caller.user_id, thread_id=thread_id)
    return ok({"run": runs.to_dict(run)}, 202)
