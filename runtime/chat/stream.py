"""``GET /v1/chat/stream``: a thread's turn events as Server-Sent Events (docs/events.md).

Each event is ``id: <seq>`` / ``event: <kind>`` / ``data: <json>``. The reader subscribes to
live delivery first (runtime.chat.events), then reads the thread's event log from its
starting point and follows live events, deduplicating by seq; a gap in seq (a late
subscription, a full queue, a Redis reconnect) sends it back to the log, so nothing is lost
and nothing repeats. It also re-reads the log on every idle tick. The stream ends after a
turn's final event (run.completed, run.failed, run.cancelled).

Starting point: after ``Last-Event-ID`` when given; otherwise the thread's latest turn from
its first event (store.run_events.replay_start), so a client that posts a message and then
opens the stream never misses the start of a fast turn.

Events ready together (one read of the log, live events already queued) go out in one write,
so a burst is a few chunks on the wire, not one per event.

No thread is held per open stream: the generator runs on the event loop and awaits its
queue; database reads are short hops to a small thread pool.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import json
import time

import anyio
from starlette.responses import StreamingResponse

from runtime.chat import service as chat
from runtime.chat import events as chat_events
from store import run_events, threads
from core import concurrency
from core import db
from core import metrics

KEEPALIVE = b": keep-alive\n\n"
MULTI_PROCESS_POLL_S = 1.0
_pool: concurrent.futures.ThreadPoolExecutor | None = None


def _executor() -> concurrent.futures.ThreadPoolExecutor:
    global _pool
    if _pool is None:
        _pool = concurrency.pool("chat-stream", 16)
    return _pool


def _with_connection(fn, kwargs):
    with db.connection():
        return fn(**kwargs)


async def _db(fn, **kwargs):
    context = contextvars.copy_context()
    return await asyncio.get_running_loop().run_in_executor(
        _executor(), context.run, _with_connection, fn, kwargs)


def frame(seq: int, kind: str, data: dict) -> bytes:
    return (f"id: {seq}\nevent: {kind}\ndata: "
            f"{json.dumps(data, separators=(',', ':'), ensure_ascii=False)}\n\n").encode()


class EventStream(StreamingResponse):
    media_type = "text/event-stream"


def _poll_s(settings) -> float:
    """How often an idle stream re-reads the log. Without Redis, turns of another server
    process reach this one only through the database: re-read every second then."""
    if settings.redis_url or settings.workers <= 1:
        return settings.chat_keepalive_s
    return min(settings.chat_keepalive_s, MULTI_PROCESS_POLL_S)


async def open(*, settings, org_id: str, user_id: str | None, thread_id: str,
               last_event_id: int | None = None) -> EventStream:
    """The stream of the user's thread (404 for anyone else's), after last_event_id."""
    await _db(threads.get, org_id=org_id, user_id=user_id, thread_id=thread_id)
    return EventStream(_events(settings, org_id, thread_id, last_event_id),
                       headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})


async def _events(settings, org_id: str, thread_id: str, after: int | None):
    """One write per batch of events: a burst (a replay, a fast model) goes out in a few
    chunks, not one per event."""
    async for batch in follow_batches(settings, org_id, thread_id, after):
        yield b"".join(KEEPALIVE if item is KEEP_ALIVE else frame(*item) for item in batch)


KEEP_ALIVE, IDLE = object(), object()


async def follow(settings, org_id: str, thread_id: str, after: int | None = None, *,
                 tick_s=None, sub=None, read_first: bool = True):
    """``follow_batches``, one item at a time."""
    async for batch in follow_batches(settings, org_id, thread_id, after, tick_s=tick_s,
                                      sub=sub, read_first=read_first):
        for item in batch:
            yield item


async def follow_batches(settings, org_id: str, thread_id: str, after: int | None = None, *,
                         tick_s=None, sub=None, read_first: bool = True):
    """Lists of what ``follow`` gives: the rows of one read of the log, or a live event and
    those already queued behind it. The thread's events after seq ``after`` (default: from
    its latest turn's first event) as ``(seq, kind, data)``, in order, none lost and none repeated, until a turn's final
    event. ``KEEP_ALIVE`` when nothing came for AGENT_PLATFORM_CHAT_KEEPALIVE_S; with
    ``tick_s`` (a function: seconds, or None for none now), ``IDLE`` after each quiet
    ``tick_s()`` too. The stream of ``GET
    /v1/chat/stream`` and of the protocol edges (OpenAI-compatible, AG-UI). ``sub``: the
    thread's subscription when the caller took it before starting the turn (it is ended here
    too); then ``read_first=False`` waits for live events at once (all of the turn's events
    reach the subscription; a gap in seq still reads the log)."""
    hub = chat_events.hub(settings)
    if sub is None:  # first: whatever is logged later also arrives live
        sub = await hub.subscribe(thread_id)
    keepalive, poll = settings.chat_keepalive_s, _poll_s(settings)
    metrics.sse_stream(1)
    try:
        last = after if after is not None else await _db(run_events.replay_start,
                                                         thread_id=thread_id)
        written = time.monotonic()
        while True:
            rows = await _db(run_events.after, thread_id=thread_id, seq=last) \
                if read_first else []
            read_first = True
            batch = []
            for row in rows:
                batch.append((row.seq, row.kind, row.data))
                last, written = row.seq, time.monotonic()
                if row.kind in run_events.FINAL_KINDS:
                    yield batch
                    return
            if batch:
                yield batch
            if len(rows) == 500:
                continue
            while True:
                quick = tick_s() if tick_s is not None else None
                tick = poll if quick is None else min(poll, quick)
                wait = min(tick, max(0.0, written + keepalive - time.monotonic()))
                event = await sub.get(wait)
                if event is None:
                    if time.monotonic() - written >= keepalive:
                        yield [KEEP_ALIVE]
                        written = time.monotonic()
                        # a turn whose executor died ends in the log too
                        await _db(chat.settle, settings=settings, org_id=org_id,
                                  thread_id=thread_id)
                    elif quick is not None:
                        yield [IDLE]
                    break  # idle tick: re-read the log
                batch, gap = [], False
                while event is not None:
                    seq = event.get("seq")
                    if not isinstance(seq, int) or seq > last + 1:
                        gap = True  # a gap (or a resync request): read the log
                        break
                    if seq > last:  # else already sent
                        batch.append((seq, event["kind"], event["data"]))
                        last, written = seq, time.monotonic()
                        if event["kind"] in run_events.FINAL_KINDS:
                            yield batch
                            return
                    event = sub.ready()
                if batch:
                    yield batch
                if gap:
                    break
    finally:
        metrics.sse_stream(-1)
        with anyio.CancelScope(shield=True):
            await hub.unsubscribe(sub)
