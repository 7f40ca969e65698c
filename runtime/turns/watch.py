"""Turns executing in this process: their cancel events and their heartbeat.

An executing turn registers its run id and cancel event here. One watcher thread (alive only
while turns run) does two light things:

- every ``POLL_S`` it reads, in one indexed query, which of the held runs have
  ``cancel_requested`` set (a cancel asked through any process) and sets their events; a cancel
  asked in this process sets the event at once (``cancel_local``);
- every ``heartbeat_s`` it refreshes ``updated_at`` of the held running runs in one statement,
  so that recovery (jobs/recovery.py) can tell a turn whose process died (its heartbeat stops)
  from a long one, and mark it failed with ``run_interrupted``.

The model stream checks the event between chunks, the agent loop between steps and while
waiting on tool calls, so a cancelled turn stops within about POLL_S plus one chunk.
"""
from __future__ import annotations

import logging
import threading
import time

from core import concurrency
from core import db
from core.db import utcnow

log = logging.getLogger("agent_platform.turns")
POLL_S = 0.2
_CHUNK = 500


class _Watcher:
    def __init__(self):
        self.held: dict[str, threading.Event] = {}
        self.lock = threading.Lock()
        self.thread: threading.Thread | None = None
        self.heartbeat_s = 5.0
        self.last_beat = 0.0

    def hold(self, run_id: str, event: threading.Event, stale_ms: int) -> threading.Event:
        with self.lock:
            self.held[run_id] = event
            self.heartbeat_s = max(0.05, min(5.0, stale_ms / 4000))
            if self.thread is None or not self.thread.is_alive():
                self.thread = concurrency.thread("turn-watch", self._loop)
        return event

    def release(self, run_id: str) -> None:
        with self.lock:
            self.held.pop(run_id, None)

    def cancel_local(self, run_id: str) -> bool:
        with self.lock:
            event = self.held.get(run_id)
        if event is not None:
            event.set()
        return event is not None

    def check(self) -> None:
        with self.lock:
            held = dict(self.held)
        if not held:
            return
        ids = [*held]
        flagged = []
        with db.connection():
            for start in range(0, len(ids), _CHUNK):  # statements written here: a thousand
                part = ids[start:start + _CHUNK]       # held turns are polled five times a second
                marks = ", ".join(["%s"] * len(part))
                flagged += [row[0] for row in db.run_sql(
                    f'SELECT "id" FROM "agent_run" WHERE "id" IN ({marks}) '
                    'AND "cancel_requested"', part).fetchall()]
            now = time.monotonic()
            if now - self.last_beat >= self.heartbeat_s:
                self.last_beat = now
                for start in range(0, len(ids), _CHUNK):
                    part = ids[start:start + _CHUNK]
                    marks = ", ".join(["%s"] * len(part))
                    db.run_sql(f'UPDATE "agent_run" SET "updated_at" = %s WHERE "id" IN '
                               f"({marks}) AND \"status\" = 'running'", [utcnow(), *part])
        for run_id in flagged:
            held[run_id].set()

    def _loop(self) -> None:
        while True:
            with self.lock:
                if not self.held:
                    self.thread = None
                    return
            time.sleep(POLL_S)
            try:
                self.check()
            except Exception as exc:  # database down: recovery handles what cannot beat
                log.warning("turn watch failed: %s", type(exc).__name__)


watcher = _Watcher()
