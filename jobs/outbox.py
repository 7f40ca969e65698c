"""Delivering outbox entries (store/outbox.py): right after the commit that recorded them,
and later by a relay thread for those the queue could not take (Redis down) or whose process
died in between.

Kinds and their delivery:

- ``rebuild``: the registry reload + dependent rebuild (jobs.rebuild.dispatch; when the queue
  does not answer it runs in this process instead);
- ``workflow_run``: the job of a queued workflow run (runtime.dispatch.workflow_run), also
  when it continues after its approvals were decided (``round``);
- ``chat_turn``: the job of a queued chat turn (runtime.dispatch.turn); a turn that waited
  behind another replaces a finished job of its id (one that ran early and left it waiting);
- ``turn_resume``: the continuation of a turn whose approvals were all decided
  (runtime.dispatch.resume).

Every job is idempotent, so a delivery repeated after a crash does no harm. The relay runs in
`serve` and in every `agent-platform worker`.
"""
from __future__ import annotations

import asyncio
import logging
import threading

from runtime import dispatch
from core import concurrency
from core import db
from store import outbox as store

log = logging.getLogger("agent_platform.outbox")
RELAY_INTERVAL_S = 1.0
LEASE_S = 120


def _rebuild(settings, payload: dict, *, relay: bool = False):
    from jobs import rebuild

    if relay:  # a late delivery: no caller waits for it, so the rebuild runs here
        return rebuild.run(**payload)
    return rebuild.dispatch(settings, **payload)


def _workflow_run(settings, payload: dict, *, relay: bool = False):
    return dispatch.workflow_run(settings, run_id=payload["run_id"],
                                 attempt=payload.get("attempt", 0),
                                 steps=payload.get("steps") or [],
                                 round=payload.get("round", 0))


def _chat_turn(settings, payload: dict, *, relay: bool = False):
    return dispatch.turn(settings, org_id=payload["org_id"], thread_id=payload["thread_id"],
                         run_id=payload["run_id"],
                         replace_done=bool(payload.get("replace_done")))


def _turn_resume(settings, payload: dict, *, relay: bool = False):
    return dispatch.resume(settings, org_id=payload["org_id"], run_id=payload["run_id"],
                           thread_id=payload.get("thread_id"), round=payload.get("round", 0))


DELIVER = {"rebuild": _rebuild, "workflow_run": _workflow_run, "chat_turn": _chat_turn,
           "turn_resume": _turn_resume}


def after_commit(settings, entry):
    """Deliver an entry its own request recorded (runtime.dispatch.after_commit). Returns the
    delivery's result; on failure the entry stays for the relay and the result says what is
    true (a rebuild's dependents `skipped`, None otherwise)."""
    delivered, result = deliver_now(settings, entry)
    if not delivered and entry.kind == "rebuild":
        from jobs import rebuild

        return rebuild.pending(**entry.payload)
    return result


def deliver_now(settings, entry) -> tuple[bool, object]:
    """(delivered, result) of delivering an entry at once."""
    try:
        result = DELIVER[entry.kind](settings, entry.payload)
    except Exception as exc:
        log.warning("work after commit not dispatched yet; the outbox relay will",
                    extra={"fields": {"kind": entry.kind, "outbox_id": entry.id,
                                      "error": type(exc).__name__}})
        try:
            with db.connection():
                store.postpone(entry.id, error=type(exc).__name__, attempts=0)
        except Exception:  # the database is down too: the entry's own timer still holds
            pass
        return False, None
    _delivered.add(entry.id)
    return True, result


class _Delivered:
    """Entries delivered by their own request, deleted in batches (one statement for those of
    FLUSH_S, a hop of the turn loop): a request does not pay a second write for its entry.
    Until deleted an entry is not due (store.outbox.OWN_DELIVERY_S); one whose deletion was
    lost (the process stopped) is delivered again by a relay, and every job is idempotent."""

    FLUSH_S = 0.05

    def __init__(self):
        self.ids: list[int] = []
        self.lock = threading.Lock()
        self.scheduled = False

    def add(self, entry_id: int) -> None:
        with self.lock:
            self.ids.append(entry_id)
            if self.scheduled:
                return
            self.scheduled = True
        concurrency.loop().call_soon_threadsafe(self._later)

    def _later(self) -> None:
        asyncio.get_running_loop().call_later(
            self.FLUSH_S, lambda: asyncio.ensure_future(self._flush()))

    async def _flush(self) -> None:
        with self.lock:
            ids, self.ids, self.scheduled = self.ids, [], False
        try:
            await concurrency.hop(store.done_many, ids)
        except Exception as exc:  # the relay delivers them again, and deletes them
            log.warning("outbox entries not deleted yet", extra={"fields": {
                "entries": len(ids), "error": type(exc).__name__}})


_delivered = _Delivered()


def relay_once(settings, now=None, created_before=None) -> int:
    """Deliver every due entry once (with ``created_before``: every entry created before
    then, due or not); returns how many were delivered."""
    delivered = 0
    with db.connection():
        entries = store.due(now=now, created_before=created_before)
    for entry in entries:
        with db.connection():
            if not store.claim(entry, lease_s=LEASE_S):
                continue
        try:
            DELIVER[entry.kind](settings, entry.payload, relay=True)
        except Exception as exc:
            level = logging.ERROR if entry.attempts >= 10 else logging.WARNING
            log.log(level, "outbox delivery failed; retried later", extra={"fields": {
                "kind": entry.kind, "outbox_id": entry.id, "attempts": entry.attempts + 1,
                "error": type(exc).__name__}})
            with db.connection():
                store.postpone(entry.id, error=type(exc).__name__, attempts=entry.attempts)
            continue
        with db.connection():
            store.done(entry.id)
        delivered += 1
    if delivered:
        log.info("outbox relayed", extra={"fields": {"delivered": delivered}})
    return delivered


class Relay:
    """The relay thread of a process: delivers due entries every RELAY_INTERVAL_S."""

    def __init__(self, settings, interval_s: float = RELAY_INTERVAL_S):
        self.settings = settings
        self.interval_s = interval_s
        self.stop = threading.Event()
        self.thread = concurrency.thread("outbox-relay", self._loop, start=False)

    def start(self) -> "Relay":
        self.thread.start()
        return self

    def close(self, timeout: float = 10) -> None:
        self.stop.set()
        self.thread.join(timeout)

    def _loop(self) -> None:
        import datetime as dt

        from core.db import utcnow

        try:  # at start, entries made before this process started are due at once (their
            # process may have died); those made just now are left to their own request
            relay_once(self.settings, created_before=utcnow() - dt.timedelta(seconds=2))
        except Exception as exc:
            log.warning("outbox relay failed: %s", type(exc).__name__)
        while not self.stop.wait(self.interval_s):
            try:
                relay_once(self.settings)
            except Exception as exc:  # the database is restarting: try again next time
                log.warning("outbox relay failed: %s", type(exc).__name__)
