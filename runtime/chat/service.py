"""Chat turns: ``POST /v1/chat`` runs one turn of an agent (or network) in a thread of the
calling end user, as a job; ``DELETE /v1/chat/stream`` cancels it.

``post`` creates the thread on first use (titled from the message), stores the user's
message, starts the run (runtime.turns.service.start) and makes it the thread's current turn
(``last_run_id``: the one turn whose events the thread logs), all in one transaction (the
thread row is locked on Postgres, SQLite transactions are serialized). The turn's job is
recorded in that transaction too (store/outbox.py); after the commit it is dispatched
(runtime.dispatch: the job ``jobs.tasks.run_turn``) and the answer does not wait for the
model. When the queue is down the turn stays queued and the outbox relay dispatches it later.

A message while the current turn is queued or running follows ``multitask_strategy``:
``reject`` (409 ``turn_in_progress``); ``enqueue``: its run is queued but waits, without a
job, behind the current turn and those already waiting; ``interrupt``: the current turn and
those waiting are cancelled and the new one waits for the current one's end. A turn's end
hands over (``_advance``, in one transaction with the thread locked): at the end of its job
(``_close``), at the thread's next POST, from a stream waiting on it (``settle``) or from
recovery (``held``), the oldest waiting turn becomes current and its job is queued. A job of a
waiting turn that runs early does nothing (``_history``).

``execute`` (the job, a coroutine of the process's turn loop) loads the turn's history
(store.messages.conversation) and awaits ``turns.aexecute`` with an ``Emitter``
(runtime.chat.log): events are logged in the thread's event log in batches
(store.run_events, each with the thread's next seq) and published to live readers
(runtime.chat.events). On ``message.completed`` the assistant's message is stored first
(unread for the user; ``interrupted`` for the partial answer of a cancelled turn) and the
event carries its ``message_id``. A turn whose run ended
without a logged final event (an unexpected error, or its process died and recovery marked
it interrupted) gets its final event from the run record (``_settle``), so readers always
see the end of a turn.
"""
from __future__ import annotations

import datetime as dt
import logging

from runtime import dispatch
from runtime.chat import events as chat_events
from runtime.turns import service as turns
from runtime.chat.log import Emitter, log_events  # noqa: F401 (callers use chat.log_events)
from runtime.models import Message as ModelMessage
from runtime.turns.watch import watcher
from store import messages, outbox, run_events, runs, threads
from core import concurrency
from core.db import atomic, utcnow
from store.errors import Conflict

log = logging.getLogger("agent_platform.chat")
SETTLE_AFTER = dt.timedelta(seconds=5)


def post(*, settings, org_id: str, user_id: str | None, group_id: str | None, message: str,
         agent_id: str | None = None, copilot_id: str | None = None,
         thread_id: str | None = None, multitask_strategy: str = "reject",
         trigger_id: str | None = None) -> dict:
    """Start one turn; returns {thread, message, run} (the run queued). While the thread's
    current turn is queued or running, ``multitask_strategy`` says what happens: ``reject``
    (409 ``turn_in_progress``), ``enqueue`` (the turn waits behind the current one and those
    already waiting) or ``interrupt`` (the current turn and those waiting are cancelled; the
    new one starts once the current one has ended)."""
    user_id = threads.need_user(user_id)
    now = utcnow()
    ended, entries, stopped, refused = [], [], None, False
    with atomic():
        busy = None
        if thread_id is not None:
            thread = threads.get(org_id=org_id, user_id=user_id, thread_id=thread_id, lock=True)
            busy = run_events.active_run(thread)
            if busy is not None and _stale(settings, busy, now):
                runs.finish(run_id=busy.id, status="failed", output=None, steps=busy.steps,
                            usage=busy.usage, cost_micro_usd=busy.cost_micro_usd,
                            error={"code": "run_interrupted", "message": "the process "
                                   "executing the run stopped before it finished"})
                busy = None
            if busy is None:  # the current turn ended: a turn waiting behind it goes first
                ended, entries = _advance(settings, org_id, thread, force=True)
                busy = run_events.active_run(thread)
            if busy is not None and multitask_strategy == "reject":
                refused = True
            elif busy is not None and multitask_strategy == "interrupt":
                stopped = _cancel_turns(org_id, thread, busy)
                if runs.get(org_id=org_id, run_id=busy.id).status in run_events.FINAL_STATUSES:
                    ended += _settle(settings, org_id, thread, force=True)
                    busy = None  # it was queued or waiting for approvals: ended at once
        else:
            thread = threads.create(org_id=org_id, user_id=user_id,
                                    title=threads.title_from(message), agent_id=agent_id,
                                    copilot_id=copilot_id, now=now)
        if not refused:
            said = threads.add_message(thread_id=thread.id, role="user", content=message,
                                       now=now)
            run = turns.start(settings=settings, org_id=org_id, input=message,
                              agent_id=agent_id, copilot_id=copilot_id, user_id=user_id,
                              group_id=group_id, thread_id=thread.id, trigger_id=trigger_id)
            if busy is None:
                threads.begin_turn(thread_id=thread.id, run_id=run.id, message_id=said.id,
                                   agent_id=agent_id, copilot_id=copilot_id, now=now)
                entries.append(_turn_entry(org_id, thread.id, run.id))
            else:  # it waits: promoted (made current, its job queued) when its turn comes
                threads.tie_message(message_id=said.id, run_id=run.id)
    _after(settings, thread.id, ended, entries)
    if stopped is not None:
        watcher.cancel_local(stopped)
    if refused:
        raise Conflict("a turn is already running in this thread; wait for its end, cancel "
                       "it, or send the message with multitask_strategy enqueue or interrupt",
                       code="turn_in_progress")
    said.run_id = run.id
    return {"thread": threads.to_dict(threads.get(org_id=org_id, user_id=user_id,
                                                  thread_id=thread.id)),
            "message": messages.to_dict(said), "run": runs.to_dict(run)}


def _turn_entry(org_id: str, thread_id: str, run_id: str, *, waited: bool = False):
    """The outbox entry of a turn's job (in the transaction that makes it current). A turn
    that ``waited`` replaces a finished job of its id: one that ran early did nothing."""
    payload = {"org_id": org_id, "thread_id": thread_id, "run_id": run_id}
    if waited:
        payload["replace_done"] = True
    return outbox.add(kind="chat_turn", org_id=org_id, payload=payload)


def _after(settings, thread_id: str, ended: list[dict], entries: list) -> None:
    """After the commit: publish the events logged and queue the jobs of turns made current.
    When the queue is down a turn stays queued (the answer says so) and the outbox relay
    queues it once the queue answers."""
    for event in ended:
        chat_events.publish(settings, thread_id, event)
    for entry in entries:
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


def _ended(org_id: str, thread) -> bool:
    """Whether the thread's current turn has ended, its final event logged."""
    if thread.last_run_id is None:
        return True
    run = runs.get(org_id=org_id, run_id=thread.last_run_id)
    return run.status in run_events.FINAL_STATUSES and \
        run_events.has_final(thread_id=thread.id, run_id=run.id)


def _advance(settings, org_id: str, thread, *, force: bool = False) -> tuple[list, list]:
    """In the caller's transaction, the thread's row locked: settle its current turn
    (``_settle``), then, once that turn has ended with its final event logged, make the oldest
    turn waiting behind it current and record its job. Returns (the events logged, the outbox
    entries to deliver after the commit)."""
    ended = _settle(settings, org_id, thread, force=force)
    if not _ended(org_id, thread):
        return ended, []
    waiting = threads.waiting_turns(org_id=org_id, thread=thread)
    if not waiting:
        return ended, []
    run = runs.get(org_id=org_id, run_id=waiting[0])
    threads.begin_turn(thread_id=thread.id, run_id=run.id, message_id=None,
                       agent_id=run.agent_id, copilot_id=run.copilot_id)
    thread.last_run_id = run.id
    return ended, [_turn_entry(org_id, thread.id, run.id, waited=True)]


def _due(settings, org_id: str, thread, *, force: bool = False) -> bool:
    """Whether ``_advance`` has anything to do (read only: most calls find nothing)."""
    if thread.last_run_id is not None:
        run = runs.get(org_id=org_id, run_id=thread.last_run_id)
        if run.status not in run_events.FINAL_STATUSES:
            return False
        if not run_events.has_final(thread_id=thread.id, run_id=run.id):
            return force or (run.finished_at is not None
                             and run.finished_at <= utcnow() - SETTLE_AFTER)
    return bool(threads.waiting_turns(org_id=org_id, thread=thread))


def _advance_now(settings, org_id: str, thread_id: str, *, force: bool = False,
                 run_id: str | None = None) -> None:
    """``_advance`` in its own transaction, then publish and dispatch; with ``run_id``, only
    while that turn is the thread's current one."""
    with atomic():
        thread = threads.find(org_id=org_id, thread_id=thread_id, lock=True)
        if thread is None or (run_id is not None and thread.last_run_id != run_id):
            return
        ended, entries = _advance(settings, org_id, thread, force=force)
    _after(settings, thread_id, ended, entries)


def settle(settings, *, org_id: str, thread_id: str) -> None:
    """Close out a thread whose latest turn ended without its final event (a stream waiting
    on it calls this while idle), publish that event, and start the turn waiting behind it."""
    thread = threads.find(org_id=org_id, thread_id=thread_id)
    if thread is not None and _due(settings, org_id, thread):
        _advance_now(settings, org_id, thread_id)


def settle_now(settings, *, org_id: str, thread_id: str, run_id: str) -> None:
    """Log at once the final event of run_id, the thread's current turn, which has just ended
    without one (jobs/orphans.py), and start the turn waiting behind it."""
    _advance_now(settings, org_id, thread_id, force=True, run_id=run_id)


def held(settings, *, org_id: str, thread_id: str, run_id: str) -> bool:
    """Whether the queued turn run_id waits behind its thread's current turn: its job must not
    run it (recovery asks before queueing a turn's job again). A waiting turn whose
    predecessor ended without handing over (its process died) gets its turn here: the oldest
    one waiting is made current and its job queued."""
    thread = threads.find(org_id=org_id, thread_id=thread_id)
    if thread is None or thread.last_run_id == run_id:
        return False
    if _due(settings, org_id, thread):
        _advance_now(settings, org_id, thread_id)
    return True


def _cancel_turns(org_id: str, thread, active) -> str | None:
    """Cancel the turns waiting behind the thread's current one, then the current one (in the
    caller's transaction, the thread's row locked); returns the id of the current turn to
    stop in this process after the commit (None: none)."""
    for run_id in threads.waiting_turns(org_id=org_id, thread=thread):
        runs.request_cancel(run_id=run_id)
    if active is None:
        return None
    runs.request_cancel(run_id=active.id)
    return active.id


def cancel(*, org_id: str, user_id: str | None, thread_id: str):
    """Ask the thread's current turn to stop (in whichever process runs it) and cancel the
    turns waiting behind it; 409 ``no_active_turn`` when none is queued, running or waiting.
    Returns the current turn's run (the first waiting one when the current one has ended)."""
    with atomic():
        thread = threads.get(org_id=org_id, user_id=user_id, thread_id=thread_id, lock=True)
        active = run_events.active_run(thread)
        waiting = threads.waiting_turns(org_id=org_id, thread=thread)
        if active is None and not waiting:
            raise Conflict("no turn is running in this thread", code="no_active_turn")
        stopped = _cancel_turns(org_id, thread, active)
    if stopped is not None:
        watcher.cancel_local(stopped)
    return runs.get(org_id=org_id, run_id=active.id if active is not None else waiting[0],
                    user_id=thread.user_id)


def _history(org_id: str, thread_id: str, run_id: str) -> list | None:
    """The turn's history as model messages (runtime.models.Message, messages.conversation);
    None when run_id is not the thread's current turn (a turn waiting behind another is
    started by its promotion, never by a job that runs early)."""
    thread = threads.find(org_id=org_id, thread_id=thread_id)
    if thread is None or thread.last_run_id != run_id:
        return None
    said = threads.turn_message(thread_id=thread_id, run_id=run_id)
    if said is None:
        return None
    return [ModelMessage.assistant(m.content) if m.role == "assistant"
            else ModelMessage.user(m.content)
            for m in messages.conversation(org_id=org_id, thread_id=thread_id, turn=said)]


def _failed(run_id: str) -> None:
    runs.finish(run_id=run_id, status="failed", output=None, steps=[], usage={},
                cost_micro_usd=0, error={"code": "internal_error",
                                         "message": "the turn failed unexpectedly"})


def _close(settings, org_id: str, thread_id: str, run_id: str, final: bool) -> str:
    """The turn's end: its final event logged from the run record when it emitted none (an
    unexpected error), and the turn waiting behind it made current, its job queued.
    ``final``: the turn emitted its final event itself (a missing one is then not this
    executor's to make up: a stream waiting on the thread settles it)."""
    thread = threads.find(org_id=org_id, thread_id=thread_id)
    if thread is not None and thread.last_run_id == run_id and \
            _due(settings, org_id, thread, force=not final):  # read first: most end alone
        _advance_now(settings, org_id, thread_id, force=not final, run_id=run_id)
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
