"""A chat turn's events on their way to the thread's event log and to live readers.

``Emitter`` is one turn's ``emit(kind, data)``: events queue in order and are logged in
batches, then published (runtime.chat.events). The batches of every turn of the process go
through one ``GroupWriter`` per event loop: what all turns emitted while the previous group
was being written is logged in ONE transaction (a hop of core.concurrency), so a thousand
turns streaming at once cost a transaction per group, not one per turn and delta. A group
that fails is written again batch by batch, each in its own transaction, so one bad batch
fails alone. A batch is logged once: publishing it may fail afterwards (readers notice the
gap by seq and read the log), it is never logged again.

On ``message.completed`` the assistant's message is stored with its event (the event names
it); when the thread moved on to another turn nothing of the batch is logged and no answer is
posted.
"""
from __future__ import annotations

import asyncio
import logging
import weakref

from runtime.chat import events as chat_events
from store import run_events, threads
from core import concurrency
from core.db import atomic

log = logging.getLogger("agent_platform.chat")


class _Superseded(Exception):
    """The turn is no longer its thread's current one (it was abandoned)."""


def log_events(settings, *, org_id: str, thread_id: str, run_id: str,
               events: list[tuple[str, dict]]) -> None:
    """Log events of the thread's current turn run_id in one transaction, then publish them
    (nothing when the thread moved on to another turn)."""
    with atomic():
        logged = _log(org_id, thread_id, run_id, events)
    _publish(settings, [(thread_id, logged)] if logged else [])


def _log(org_id: str, thread_id: str, run_id: str, events: list[tuple[str, dict]]):
    """Inside the caller's transaction: the events logged, or None (nothing written)."""
    if not any(kind == "message.completed" for kind, _ in events):
        return run_events.append_in(org_id=org_id, thread_id=thread_id, run_id=run_id,
                                    events=events)
    try:  # the answer is stored only with its event: undone when the turn was superseded
        with atomic():
            events = [(kind, _completed(run_id, thread_id, data)
                       if kind == "message.completed" else data) for kind, data in events]
            logged = run_events.append_in(org_id=org_id, thread_id=thread_id, run_id=run_id,
                                          events=events)
            if logged is None:
                raise _Superseded()
            return logged
    except _Superseded:
        return None


def _completed(run_id: str, thread_id: str, data: dict) -> dict:
    """The assistant's message is stored with its event (it names the message)."""
    said = threads.add_message(
        thread_id=thread_id, role="assistant", content=data.get("content") or "",
        run_id=run_id, agent_id=data.get("agent_id"), followups=data.get("followups") or [],
        source=f"run:{run_id}", interrupted=bool(data.get("interrupted")))
    return {**data, "message_id": said.id}


def _publish(settings, logged: list[tuple[str, list]]) -> None:
    try:  # logged: never again (a retry of the batch would log it twice)
        chat_events.publish_many(settings, [
            (thread_id, {"seq": seq, "kind": kind, "data": data})
            for thread_id, rows in logged for seq, kind, data in rows])
    except Exception as exc:  # live readers notice the gap by seq and read the log
        log.warning("chat events logged, not published", extra={"fields": {
            "threads": len(logged), "error": type(exc).__name__}})


def _write_group(settings, group: list[tuple]) -> None:
    """Every batch of the group in one transaction (threads in id order: concurrent groups
    of several processes lock thread rows in the same order), then published."""
    logged = []
    with atomic():
        for org_id, thread_id, run_id, events in sorted(group, key=lambda b: b[1]):
            rows = _log(org_id, thread_id, run_id, events)
            if rows:
                logged.append((thread_id, rows))
    _publish(settings, logged)


class GroupWriter:
    """The batches of every turn on one event loop, written a group at a time."""

    def __init__(self, settings):
        self.settings = settings
        self.waiting: list[tuple[tuple, asyncio.Future]] = []
        self.task: asyncio.Task | None = None

    async def write(self, org_id: str, thread_id: str, run_id: str,
                    events: list[tuple[str, dict]]) -> None:
        future = asyncio.get_running_loop().create_future()
        self.waiting.append(((org_id, thread_id, run_id, events), future))
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())
        await future

    async def _run(self) -> None:
        while self.waiting:
            group, self.waiting = self.waiting, []
            try:
                await concurrency.hop(_write_group, self.settings, [b for b, _ in group])
            except Exception:  # batch by batch: a bad one fails alone, the others are logged
                for batch, future in group:
                    try:
                        await concurrency.hop(log_events, self.settings, org_id=batch[0],
                                              thread_id=batch[1], run_id=batch[2],
                                              events=batch[3])
                    except Exception as exc:
                        _settle(future, exc)
                    else:
                        _settle(future, None)
                continue
            for _, future in group:
                _settle(future, None)


def _settle(future: asyncio.Future, exc: BaseException | None) -> None:
    if future.done():
        return
    if exc is None:
        future.set_result(None)
    else:
        future.set_exception(exc)


_writers: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def writer(settings) -> GroupWriter:
    """The group writer of the running event loop."""
    loop = asyncio.get_running_loop()
    found = _writers.get(loop)
    if found is None or found.settings is not settings:
        found = _writers[loop] = GroupWriter(settings)
    return found


class Emitter:
    """``emit(kind, data)`` of one turn on the turn loop: events queue in order and are logged
    in batches (what a turn emitted while its previous batch was being written), through the
    loop's group writer, then published. ``drain()`` waits until every event is logged. Safe
    to call from a hop's thread (the event is handed to the loop, in order)."""

    RETRY_S = (0.1, 0.3, 1.0, 2.0, 5.0)

    def __init__(self, settings, org_id: str, thread_id: str, run_id: str):
        self.settings, self.org_id = settings, org_id
        self.thread_id, self.run_id = thread_id, run_id
        self.loop = asyncio.get_running_loop()
        self.pending: list[tuple[str, dict]] = []
        self.writing: asyncio.Task | None = None
        self.final = False  # the turn emitted its final event

    def __call__(self, kind: str, data: dict) -> None:
        if concurrency.on_loop():
            self._add(kind, data)
        else:
            self.loop.call_soon_threadsafe(self._add, kind, data)

    def _add(self, kind: str, data: dict) -> None:
        self.final = self.final or kind in run_events.FINAL_KINDS
        self.pending.append((kind, data))
        if self.writing is None or self.writing.done():
            self.writing = self.loop.create_task(self._write_all())

    async def _write_all(self) -> None:
        while self.pending:
            batch, self.pending = self.pending, []
            for pause in (*self.RETRY_S, None):
                try:
                    await writer(self.settings).write(self.org_id, self.thread_id,
                                                      self.run_id, batch)
                    break
                except Exception as exc:  # the database is away: the events wait, in order
                    if pause is None:
                        log.error("chat events could not be logged",
                                  extra={"fields": {"run_id": self.run_id,
                                                    "events": len(batch),
                                                    "error": type(exc).__name__}})
                        break
                    await asyncio.sleep(pause)

    async def drain(self) -> None:
        while self.writing is not None and not self.writing.done():
            await asyncio.shield(self.writing)
