"""Chat turns: ``POST /v1/chat`` runs one turn of an agent (or network) in a thread of the
calling end user, as a job; ``DELETE /v1/chat/stream`` cancels it.

``post`` creates the thread on first use (titled from the message), stores the user's
message, starts the run (runtime.turns.start) and makes it the thread's current turn, all in
one transaction (the thread row is locked on Postgres, SQLite transactions are serialized),
so a second turn while one is queued or running is refused with 409 ``turn_in_progress``.
The turn's job is recorded in that transaction too (store/outbox.py); after the commit it is
dispatched (runtime.dispatch: the job ``jobs.tasks.run_turn``) and the answer does not wait
for the model. When the queue is down the turn stays queued and the outbox relay dispatches
it later.

``execute`` (the job, a coroutine of the process's turn loop) loads the thread's earlier
messages as history and awaits ``turns.aexecute`` with an ``Emitter``: events are logged in the
thread's event log in batches (store.run_events, each with the thread's next seq) and
published to live readers (runtime.chat_events). On ``message.completed`` the assistant's message is stored first
(unread for the user) and the event carries its ``message_id``. A turn whose run ended
without a logged final event (an unexpected error, or its process died and recovery marked
it interrupted) gets its final event from the run record (``settle``: at the end of its job,
at the thread's next POST, or from a stream waiting on it), so readers always see the end of
a turn.
"""
from __future__ import annotations

import asyncio
import datetime as dt
import logging

from runtime import chat_events, dispatch, turns
from runtime.models import Message as ModelMessage
from store import concurrency, messages, outbox, run_events, runs, threads
from store.db import atomic, utcnow
from store.errors import Conflict

log = logging.getLogger("agent_platform.chat")
SETTLE_AFTER = dt.timedelta(seconds=5)


def post(*, settings, org_id: str, user_id: str | None, group_id: str | None, message: str,
         agent_id: str | None = None, copilot_id: str | None = None,
         thread_id: str | None = None) -> dict:
    """Start one turn; returns {thread, message, run} (the run queued)."""
    user_id = threads.need_user(user_id)
    now = utcnow()
    ended = []
    with atomic():
        if thread_id is not None:
            thread = threads.get(org_id=org_id, user_id=user_id, thread_id=thread_id, lock=True)
            busy = run_events.active_run(thread)
            if busy is not None:
                if not _stale(settings, busy, now):
                    raise Conflict("a turn is already running in this thread; wait for its "
                                   "end or cancel it", code="turn_in_progress")
                runs.finish(run_id=busy.id, status="failed", output=None, steps=busy.steps,
                            usage=busy.usage, cost_micro_usd=busy.cost_micro_usd,
                            error={"code": "run_interrupted", "message": "the process "
                                   "executing the run stopped before it finished"})
            ended += _settle(settings, org_id, thread, force=True)
        else:
            thread = threads.create(org_id=org_id, user_id=user_id,
                                    title=threads.title_from(message), agent_id=agent_id,
                                    copilot_id=copilot_id, now=now)
        said = threads.add_message(thread_id=thread.id, role="user", content=message, now=now)
        run = turns.start(settings=settings, org_id=org_id, input=message, agent_id=agent_id,
                          copilot_id=copilot_id, user_id=user_id, group_id=group_id,
                          thread_id=thread.id)
        threads.begin_turn(thread_id=thread.id, run_id=run.id, message_id=said.id,
                           agent_id=agent_id, copilot_id=copilot_id, now=now)
        entry = outbox.add(kind="chat_turn", org_id=org_id, payload={
            "org_id": org_id, "thread_id": thread.id, "run_id": run.id})
    for event in ended:
        chat_events.publish(settings, thread.id, event)
    _dispatch(settings, entry)
    said.run_id = run.id
    return {"thread": threads.to_dict(threads.get(org_id=org_id, user_id=user_id,
                                                  thread_id=thread.id)),
            "message": messages.to_dict(said), "run": runs.to_dict(run)}


def _dispatch(settings, entry) -> None:
    """After the commit: queue the turn's job. When the queue is down the turn stays queued
    (the answer says so) and the outbox relay queues it once the queue answers."""
    dispatch.after_commit(settings, entry)


def _stale(settings, run, now: dt.datetime) -> bool:
    """A running turn whose executor stopped (its heartbeat, ``updated_at``, fell silent):
    recovery would mark it interrupted; the thread need not wait. A queued turn waits for a
    free slot (or for recovery to queue its lost job again), and one awaiting approval for a
    person: neither is stale."""
    if run.status != "running":
        return False
    return run.updated_at < now - dt.timedelta(milliseconds=settings.turn_stale_ms)


def _settle(settings, org_id: str, thread, *, force: bool = False) -> list[dict]:
    """Log the final event of the thread's latest turn when its run ended without one
    (recovery marked it interrupted, or it was failed above); returns the events logged.
    Unless ``force``, only for a run that ended a while ago (its executor may be about to
    log the event itself)."""
    if thread.last_run_id is None:
        return []
    run = runs.get(org_id=org_id, run_id=thread.last_run_id)
    if run.status not in run_events.FINAL_STATUSES:
        return []
    if not force and (run.finished_at is None or run.finished_at > utcnow() - SETTLE_AFTER):
        return []
    if run_events.has_final(thread_id=thread.id, run_id=run.id):
        return []
    data = {"run": runs.to_dict(run)}
    if run.status == "failed":
        data["error"] = run.error
    kind = run_events.FINAL_OF_STATUS[run.status]
    row = run_events.append(org_id=org_id, thread_id=thread.id, run_id=run.id, kind=kind,
                            data=data)
    return [{"seq": row.seq, "kind": kind, "data": data}] if row else []


def settle(settings, *, org_id: str, thread_id: str) -> None:
    """Close out a thread whose latest turn ended without its final event (a stream waiting
    on it calls this while idle), and publish that event."""
    thread = threads.find(org_id=org_id, thread_id=thread_id)
    if thread is None:
        return
    for event in _settle(settings, org_id, thread):
        chat_events.publish(settings, thread_id, event)


def cancel(*, org_id: str, user_id: str | None, thread_id: str):
    """Ask the thread's running turn to stop (in whichever process runs it); 409
    ``no_active_turn`` when none is queued or running."""
    thread = threads.get(org_id=org_id, user_id=user_id, thread_id=thread_id)
    active = run_events.active_run(thread)
    if active is None:
        raise Conflict("no turn is running in this thread", code="no_active_turn")
    return turns.cancel(org_id=org_id, run_id=active.id, user_id=thread.user_id)


class _Superseded(Exception):
    """The turn is no longer its thread's current one (it was abandoned)."""


def log_events(settings, *, org_id: str, thread_id: str, run_id: str,
               events: list[tuple[str, dict]]) -> None:
    """Log events of the thread's current turn run_id in one transaction, then publish them
    (nothing when the thread moved on to another turn)."""
    try:
        with atomic():
            events = [(kind, _completed(run_id, thread_id, data)
                       if kind == "message.completed" else data) for kind, data in events]
            logged = run_events.append_many(org_id=org_id, thread_id=thread_id, run_id=run_id,
                                            events=events)
            if logged is None:
                raise _Superseded()
    except _Superseded:  # the thread moved on: no answer is posted either
        return
    for seq, kind, data in logged:
        chat_events.publish(settings, thread_id, {"seq": seq, "kind": kind, "data": data})


def _completed(run_id: str, thread_id: str, data: dict) -> dict:
    """The assistant's message is stored with its event (it names the message)."""
    said = threads.add_message(
        thread_id=thread_id, role="assistant", content=data.get("content") or "",
        run_id=run_id, agent_id=data.get("agent_id"), followups=data.get("followups") or [],
        source=f"run:{run_id}")
    return {**data, "message_id": said.id}


class Emitter:
    """``emit(kind, data)`` of one turn on the turn loop: events queue in order and are logged
    in batches (one transaction per batch: what a turn emitted while the previous batch was
    being written), then published. A turn streaming fast writes a statement per batch, not
    per delta. ``drain()`` waits until every event is logged. Safe to call from a hop's
    thread (the event is handed to the loop, in order)."""

    RETRY_S = (0.1, 0.3, 1.0, 2.0, 5.0)

    def __init__(self, settings, org_id: str, thread_id: str, run_id: str):
        self.settings, self.org_id = settings, org_id
        self.thread_id, self.run_id = thread_id, run_id
        self.final = False
        self.loop = asyncio.get_running_loop()
        self.pending: list[tuple[str, dict]] = []
        self.writing: asyncio.Task | None = None

    def __call__(self, kind: str, data: dict) -> None:
        if concurrency.on_loop():
            self._add(kind, data)
        else:
            self.loop.call_soon_threadsafe(self._add, kind, data)

    def _add(self, kind: str, data: dict) -> None:
        if kind in run_events.FINAL_KINDS:
            self.final = True
        self.pending.append((kind, data))
        if self.writing is None or self.writing.done():
            self.writing = self.loop.create_task(self._write_all())

    async def _write_all(self) -> None:
        while self.pending:
            batch, self.pending = self.pending, []
            for attempt, pause in enumerate((*self.RETRY_S, None)):
                try:
                    await concurrency.hop(self._write, batch)
                    break
                except Exception as exc:  # the database is away: the events wait, in order
                    if pause is None:
                        log.error("chat events could not be logged",
                                  extra={"fields": {"run_id": self.run_id,
                                                    "events": len(batch),
                                                    "error": type(exc).__name__}})
                        break
                    await asyncio.sleep(pause)

    def _write(self, batch: list[tuple[str, dict]]) -> None:
        log_events(self.settings, org_id=self.org_id, thread_id=self.thread_id,
                   run_id=self.run_id, events=batch)

    async def drain(self) -> None:
        while self.writing is not None and not self.writing.done():
            await asyncio.shield(self.writing)


def _log_final(settings, org_id: str, thread_id: str, run_id: str) -> None:
    """Log (and publish) the final event of a finished run that has none."""
    thread = threads.find(org_id=org_id, thread_id=thread_id)
    if thread is not None and thread.last_run_id == run_id:
        for event in _settle(settings, org_id, thread, force=True):
            chat_events.publish(settings, thread_id, event)


def _history(org_id: str, thread_id: str, run_id: str) -> list | None:
    """The thread's messages before the turn's own, as model messages (None: no such turn)."""
    thread = threads.find(org_id=org_id, thread_id=thread_id)
    said = threads.turn_message(thread_id=thread_id, run_id=run_id) if thread else None
    if said is None:
        return None
    return [ModelMessage.assistant(m.content) if m.role == "assistant"
            else ModelMessage.user(m.content)
            for m in messages.history(org_id=org_id, thread_id=thread_id, before=said.position)]


def _failed(run_id: str) -> None:
    runs.finish(run_id=run_id, status="failed", output=None, steps=[], usage={},
                cost_micro_usd=0, error={"code": "internal_error",
                                         "message": "the turn failed unexpectedly"})


def _close(settings, org_id: str, thread_id: str, run_id: str, final: bool) -> str:
    if not final:
        _log_final(settings, org_id, thread_id, run_id)
    return runs.get(org_id=org_id, run_id=run_id).status


async def execute(settings, *, org_id: str, thread_id: str, run_id: str) -> str | None:
    """Run the turn run_id of the thread (the job, a coroutine of the turn loop); returns the
    run's final status."""
    hop = concurrency.hop
    history = await hop(_history, org_id, thread_id, run_id)
    if history is None:
        return None
    emit = Emitter(settings, org_id, thread_id, run_id)
    try:
        await turns.aexecute(settings=settings, org_id=org_id, run_id=run_id, history=history,
                             emit=emit)
    except Exception:
        log.exception("chat turn failed")
        await hop(_failed, run_id)
    await emit.drain()
    return await hop(_close, settings, org_id, thread_id, run_id, emit.final)
