"""Chat threads of end users: create, get, list (newest activity first), read marks, the
messages they hold, and the notification threads of workflow schedules.

Every thread belongs to one end user of one organization; every operation takes that user
(``user_id``) and another user's or organization's thread is simply not found. A thread
numbers its messages (``position``) and its turns' events (``last_seq``) itself: both
counters are advanced by an UPDATE of the thread row, which serializes writers of one thread.
"""
from __future__ import annotations

import datetime as dt
import re

from store import pages, scope
from core import db
from core.db import atomic, iso, new_id, utcnow
from store.errors import Conflict, Invalid, NotFound
from store.models import AgentRun, Message, Thread

T = Thread
TITLE_MAX = 80


def need_user(user_id: str | None) -> str:
    """User-scoped data needs an end user: a session token's, or X-User-Id with an API key."""
    if not user_id:
        raise Invalid("this operation acts for an end user: use a session token, or send "
                      "X-User-Id with the API key", code="user_required")
    return user_id


def title_from(message: str) -> str:
    """A thread title from its first message: the first line, spaces collapsed, shortened."""
    line = next((ln for ln in message.splitlines() if ln.strip()), message)
    text = re.sub(r"\s+", " ", line).strip() or "New chat"
    return text if len(text) <= TITLE_MAX else text[:TITLE_MAX - 1].rstrip() + "…"


def _mine(org_id: str, user_id: str | None):
    return scope.scoped(T, org_id).where(T.user_id == need_user(user_id))


def get(*, org_id: str, user_id: str | None, thread_id: str, lock: bool = False) -> Thread:
    """The user's thread; ``lock`` holds its row until the transaction ends (Postgres)."""
    query = _mine(org_id, user_id).where(T.id == thread_id)
    if lock and db.is_postgres():
        query = query.for_update()
    row = query.first()
    if row is None:
        raise NotFound("thread not found", code="thread_not_found")
    return row


def create(*, org_id: str, user_id: str, title: str, agent_id: str | None = None,
           copilot_id: str | None = None, notify_title: str | None = None,
           now: dt.datetime | None = None) -> Thread:
    now = now or utcnow()
    with atomic():
        return T.create(id=new_id(), org=org_id, user_id=user_id, title=title,
                        agent_id=agent_id, copilot_id=copilot_id, notify_title=notify_title,
                        unread_count=0, message_count=0, last_seq=0, last_message_at=now,
                        created_at=now, updated_at=now)


def list(*, org_id: str, user_id: str | None, cursor: str | None = None,
         limit: int = 50) -> tuple[list[Thread], str | None]:
    """The user's threads, latest activity (last message) first; (rows, next_cursor)."""
    return pages.page(_mine(org_id, user_id), (T.last_message_at, T.id), limit=limit,
                      cursor=cursor, desc=True)


def mark_read(*, org_id: str, user_id: str | None, thread_id: str) -> Thread:
    row = get(org_id=org_id, user_id=user_id, thread_id=thread_id)
    with atomic():
        scope.update(T, org_id, {"unread_count": 0, "updated_at": utcnow()}, T.id == row.id)
    return T.get_by_id(row.id)


def add_message(*, thread_id: str, role: str, content: str, run_id: str | None = None,
                agent_id: str | None = None, followups: list | None = None,
                source: str | None = None, interrupted: bool = False,
                now: dt.datetime | None = None) -> Message:
    """Append a message (the next position). An assistant message counts as unread. With a
    ``source``, posting twice returns the first message (idempotent). ``interrupted``: the
    partial answer of a cancelled turn."""
    now = now or utcnow()
    if source is not None:
        existing = Message.get_or_none(Message.source == source)
        if existing is not None:
            return existing
    try:
        with atomic():
            values = {T.message_count: T.message_count + 1, T.last_message_at: now,
                      T.updated_at: now}
            if role == "assistant":
                values[T.unread_count] = T.unread_count + 1
            T.update(values).where(T.id == thread_id).execute()
            thread = T.select(T.org, T.user_id, T.message_count).where(T.id == thread_id).get()
            return Message.create(id=new_id(), org=thread.org_id, thread=thread_id,
                                  user_id=thread.user_id, position=thread.message_count,
                                  role=role, content=content, run_id=run_id, agent_id=agent_id,
                                  followups=followups, source=source,
                                  interrupted=interrupted, created_at=now)
    except Conflict:
        if source is not None:
            existing = Message.get_or_none(Message.source == source)
            if existing is not None:
                return existing
        raise


def notification_thread(*, org_id: str, user_id: str, title: str) -> Thread:
    """The user's thread that notifications titled ``title`` go to, created on first use."""
    query = scope.scoped(T, org_id).where(T.user_id == user_id, T.notify_title == title)
    row = query.first()
    if row is not None:
        return row
    try:
        return create(org_id=org_id, user_id=user_id, title=title, notify_title=title)
    except Conflict:  # created concurrently
        return query.get()


def to_dict(row: Thread) -> dict:
    return {
        "id": row.id, "title": row.title, "user_id": row.user_id, "agent_id": row.agent_id,
        "copilot_id": row.copilot_id, "unread_count": row.unread_count,
        "message_count": row.message_count, "last_run_id": row.last_run_id,
        "last_message_at": iso(row.last_message_at), "created_at": iso(row.created_at),
        "updated_at": iso(row.updated_at),
    }


def begin_turn(*, thread_id: str, run_id: str, message_id: str | None, agent_id: str | None,
               copilot_id: str | None, now: dt.datetime | None = None) -> None:
    """Make run_id the thread's current turn (whose events it logs) and tie the user's message
    to it (``message_id``; None: tied already, when it waited); the thread remembers the agent
    or network it last talked to."""
    now = now or utcnow()
    with atomic():
        T.update(last_run_id=run_id, agent_id=agent_id, copilot_id=copilot_id,
                 updated_at=now).where(T.id == thread_id).execute()
        if message_id is not None:
            tie_message(message_id=message_id, run_id=run_id)


def tie_message(*, message_id: str, run_id: str) -> None:
    """The user's message starts the turn run_id (which may wait behind the current one)."""
    Message.update(run_id=run_id).where(Message.id == message_id).execute()


def waiting_turns(*, org_id: str, thread: Thread) -> list[str]:
    """Ids of the thread's turns waiting behind its current one (queued runs that are not
    ``last_run_id``), in the order their messages were posted."""
    queued = [r.id for r in AgentRun.select(AgentRun.id).where(
        AgentRun.org == org_id, AgentRun.thread_id == thread.id, AgentRun.status == "queued",
        AgentRun.id != (thread.last_run_id or ""))]
    if not queued:
        return []
    return [m.run_id for m in Message.select(Message.run_id).where(
        Message.thread == thread.id, Message.role == "user", Message.run_id.in_(queued))
        .order_by(Message.position)]


def turn_message(*, thread_id: str, run_id: str) -> Message | None:
    """The user's message that started the turn run_id."""
    return Message.get_or_none(Message.thread == thread_id, Message.run_id == run_id,
                               Message.role == "user")


def find(*, org_id: str, thread_id: str, lock: bool = False) -> Thread | None:
    """A thread by id within the organization, whoever owns it (jobs acting for its user);
    ``lock`` holds its row until the transaction ends (Postgres)."""
    query = scope.scoped(T, org_id).where(T.id == thread_id)
    if lock and db.is_postgres():
        query = query.for_update()
    return query.first()
