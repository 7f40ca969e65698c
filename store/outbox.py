"""The outbox: work that must follow a commit (a registry rebuild, a queued run's job, a chat
turn's job), recorded in the same transaction as the change that needs it.

``add`` is called inside the change's transaction. After the commit the caller delivers the
entry at once (``jobs/outbox.py``) and ``done`` deletes it; if the queue is down, or the
process dies between the commit and the delivery, the entry stays and a relay delivers it
later (``due`` + ``claim``, at least once: every job it dispatches is idempotent). A new
entry is left to its own request for ``OWN_DELIVERY_S`` before a relay may take it.
"""
from __future__ import annotations

import datetime as dt

from core.db import utcnow
from store.models import OutboxEntry

OWN_DELIVERY_S = 30
MAX_BACKOFF_S = 10.0


def add(*, kind: str, payload: dict, org_id: str | None = None) -> OutboxEntry:
    now = utcnow()
    return OutboxEntry.create(kind=kind, payload=payload, org_id=org_id, created_at=now,
                              available_at=now + dt.timedelta(seconds=OWN_DELIVERY_S))


def done(entry_id: int) -> None:
    OutboxEntry.delete().where(OutboxEntry.id == entry_id).execute()


def done_many(entry_ids: list[int]) -> None:
    if entry_ids:
        OutboxEntry.delete().where(OutboxEntry.id.in_(entry_ids)).execute()


def due(*, limit: int = 100, now: dt.datetime | None = None,
        created_before: dt.datetime | None = None) -> list[OutboxEntry]:
    """Entries due now, or (``created_before``) every entry created before that time."""
    when = (OutboxEntry.created_at < created_before) if created_before is not None else \
        (OutboxEntry.available_at <= (now or utcnow()))
    return [*OutboxEntry.select().where(when).order_by(OutboxEntry.id).limit(limit)]


def claim(entry: OutboxEntry, *, lease_s: float) -> bool:
    """Take a due entry for ``lease_s`` seconds (one relay at a time delivers it)."""
    now = utcnow()
    return bool(OutboxEntry.update(available_at=now + dt.timedelta(seconds=lease_s))
                .where(OutboxEntry.id == entry.id,
                       OutboxEntry.available_at == entry.available_at).execute())


def postpone(entry_id: int, *, error: str, attempts: int) -> None:
    """A failed delivery: try again after a backoff (1 s doubling, at most MAX_BACKOFF_S).
    An entry is never dropped: it is work a client was told would happen."""
    delay = min(MAX_BACKOFF_S, 2.0 ** min(attempts, 6))
    (OutboxEntry.update(available_at=utcnow() + dt.timedelta(seconds=delay),
                        attempts=attempts + 1, last_error=error[:200])
     .where(OutboxEntry.id == entry_id).execute())


def pending_count() -> int:
    return OutboxEntry.select().count()
