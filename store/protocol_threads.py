"""Threads for the protocol edges (runtime/protocols/openai_compat.py, runtime/protocols/ag_ui.py): a thread
seeded with the conversation a client sent along, and the threads an AG-UI client names with
ids of its own (``protocol_thread``). Every operation takes the organization and the end user;
another user's thread is simply not found."""
from __future__ import annotations

from store import scope, threads
from core.db import atomic, utcnow
from store.models import Thread
from store.models_protocols import ProtocolThread

P = ProtocolThread


def seed(*, org_id: str, user_id: str, history: list[tuple[str, str]], title_text: str,
         agent_id: str | None = None, copilot_id: str | None = None,
         protocol: str | None = None, external_id: str | None = None) -> Thread:
    """A new thread of the user holding ``history`` ((role, text), role user or assistant,
    oldest first): the turn posted next sees it as its earlier messages. Read (the client
    wrote those answers itself). With ``external_id``, linked to the client's id for it in the
    same transaction (409 ``conflict`` when two requests link one id at once: the client
    retries and finds the first)."""
    now = utcnow()
    with atomic():
        thread = threads.create(org_id=org_id, user_id=user_id,
                                title=threads.title_from(title_text), agent_id=agent_id,
                                copilot_id=copilot_id, now=now)
        for role, text in history:
            threads.add_message(thread_id=thread.id, role=role, content=text, now=now)
        Thread.update(unread_count=0).where(Thread.id == thread.id).execute()
        if external_id is not None:
            P.create(org=org_id, user_id=user_id, protocol=protocol, external_id=external_id,
                     thread=thread.id)
    return thread


def find(*, org_id: str, user_id: str, protocol: str, external_id: str) -> Thread | None:
    """The user's thread the client calls ``external_id``: a thread linked to that id, or the
    user's own thread of that id; None when there is none yet."""
    row = (scope.scoped(P, org_id)
           .where(P.user_id == user_id, P.protocol == protocol, P.external_id == external_id)
           .first())
    if row is not None:
        return threads.find(org_id=org_id, thread_id=row.thread_id)
    found = threads.find(org_id=org_id, thread_id=external_id)
    return found if found is not None and found.user_id == user_id else None
