"""The event log of a thread's turns: what ``GET /v1/chat/stream`` replays and resumes from.

Each event gets the thread's next ``seq`` (1, 2, 3, ... per thread; unique on (thread, seq)),
which is the Server-Sent Events id. Only the thread's current turn (``last_run_id``) may
append: an event of a turn the thread has moved past is dropped, so a turn's log never grows
after its final event, and a turn has one final event at most. These are system operations: the caller was authorized on the thread.
"""
from __future__ import annotations

import datetime as dt

from peewee import fn

from core.db import atomic, utcnow
from store.models import AgentRun, RunEvent, Thread

E, T = RunEvent, Thread
FINAL_KINDS = ("run.completed", "run.failed", "run.cancelled")
FINAL_STATUSES = ("succeeded", "failed", "cancelled")
FINAL_OF_STATUS = {"succeeded": "run.completed", "failed": "run.failed",
                   "cancelled": "run.cancelled"}


def append(*, org_id: str, thread_id: str, run_id: str, kind: str, data: dict,
           now: dt.datetime | None = None) -> RunEvent | None:
    """Log one event of run_id; None when run_id is not the thread's current turn, or when
    it is a final event and the turn already has one (one final event per turn)."""
    now = now or utcnow()
    try:
        with atomic():
            moved = (T.update(last_seq=T.last_seq + 1, last_event_at=now)
                     .where(T.id == thread_id, T.last_run_id == run_id).execute())
            if not moved:
                return None
            # the UPDATE holds the thread row: appends of one thread are serialized here
            if kind in FINAL_KINDS and has_final(thread_id=thread_id, run_id=run_id):
                raise _Ended()
            seq = T.select(T.last_seq).where(T.id == thread_id).scalar()
            return E.create(org=org_id, thread=thread_id, seq=seq, run_id=run_id, kind=kind,
                            data=data, created_at=now)
    except _Ended:
        return None


class _Ended(Exception):
    pass


def append_many(*, org_id: str, thread_id: str, run_id: str, events: list[tuple[str, dict]],
                now: dt.datetime | None = None) -> list[tuple[int, str, dict]] | None:
    """Log several events of run_id in order, in one transaction (one UPDATE of the thread,
    one INSERT); returns (seq, kind, data) of those logged, or None when run_id is not the
    thread's current turn (nothing is logged). A final event beyond the turn's first is
    dropped. The caller holds the transaction (atomic) when other writes go with it."""
    with atomic():
        return append_in(org_id=org_id, thread_id=thread_id, run_id=run_id, events=events,
                         now=now)


def append_in(*, org_id: str, thread_id: str, run_id: str, events: list[tuple[str, dict]],
              now: dt.datetime | None = None) -> list[tuple[int, str, dict]] | None:
    """``append_many`` inside the caller's transaction (no savepoint of its own): nothing is
    written when it returns None."""
    now = now or utcnow()
    if any(kind in FINAL_KINDS for kind, _ in events) and \
            has_final(thread_id=thread_id, run_id=run_id):
        events = [(k, d) for k, d in events if k not in FINAL_KINDS]
    kept, final_seen = [], False
    for kind, data in events:
        if kind in FINAL_KINDS:
            if final_seen:
                continue
            final_seen = True
        kept.append((kind, data))
    # the UPDATE holds the thread row and says where the seqs end (RETURNING: one statement)
    moved = [*T.update(last_seq=T.last_seq + len(kept), last_event_at=now)
             .where(T.id == thread_id, T.last_run_id == run_id).returning(T.last_seq)
             .tuples().execute()]
    if not moved:
        return None
    if not kept:
        return []
    first = moved[0][0] - len(kept) + 1
    logged = [(first + i, kind, data) for i, (kind, data) in enumerate(kept)]
    E.insert_many([{"org": org_id, "thread": thread_id, "seq": seq, "run_id": run_id,
                    "kind": kind, "data": data, "created_at": now}
                   for seq, kind, data in logged]).execute()
    return logged


def after(*, thread_id: str, seq: int, limit: int = 500) -> list[RunEvent]:
    """Events of the thread with a seq above ``seq``, in order."""
    return [*E.select(E.seq, E.kind, E.data, E.run_id)
            .where(E.thread == thread_id, E.seq > seq).order_by(E.seq).limit(limit)]


def replay_start(*, thread_id: str) -> int:
    """The seq after which the thread's latest turn begins: a stream without Last-Event-ID
    starts there (its first event, or the next event when it has none yet)."""
    thread = T.select(T.last_seq, T.last_run_id).where(T.id == thread_id).get()
    if thread.last_run_id is None:
        return thread.last_seq
    first = (E.select(fn.MIN(E.seq)).where(E.thread == thread_id, E.run_id == thread.last_run_id)
             .scalar())
    return first - 1 if first is not None else thread.last_seq


def has_final(*, thread_id: str, run_id: str) -> bool:
    return E.select().where(E.thread == thread_id, E.run_id == run_id,
                            E.kind.in_(FINAL_KINDS)).exists()


def active_run(thread: Thread) -> AgentRun | None:
    """The thread's latest turn while it is queued or running, else None."""
    if thread.last_run_id is None:
        return None
    run = AgentRun.get_or_none(AgentRun.id == thread.last_run_id)
    return run if run is not None and run.status not in FINAL_STATUSES else None
