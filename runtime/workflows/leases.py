"""Run leases held by this process, kept alive by one heartbeat thread.

An executor registers its (run id, lease token) while it works. About once a second (or a
third of the lease, if shorter) the heartbeat extends every held lease in one statement and
reads back whether each is still held and whether a cancel was requested; the executor sees
that through two events. A process that dies stops renewing, its leases expire, and recovery
(jobs.recovery) hands the runs to another worker.
"""
from __future__ import annotations

import logging
import threading

from core import concurrency
from core import db
from store import workflow_run_state as run_state

log = logging.getLogger("agent_platform.workflows")


class Lease:
    def __init__(self, run_id: str, token: str):
        self.run_id, self.token = run_id, token
        self.cancelled = threading.Event()
        self.lost = threading.Event()

    @property
    def stop(self) -> bool:
        return self.cancelled.is_set() or self.lost.is_set()


class Heartbeat:
    def __init__(self):
        self.held: dict[str, Lease] = {}
        self.lock = threading.Lock()
        self.wake = threading.Event()
        self.thread: threading.Thread | None = None
        self.lease_ms = 60000

    def hold(self, run_id: str, token: str, lease_ms: int) -> Lease:
        lease = Lease(run_id, token)
        with self.lock:
            self.lease_ms = lease_ms
            self.held[run_id] = lease
            if self.thread is None or not self.thread.is_alive():
                self.thread = concurrency.thread("run-heartbeat", self._loop)
        return lease

    def release(self, lease: Lease) -> None:
        with self.lock:
            if self.held.get(lease.run_id) is lease:
                del self.held[lease.run_id]

    def cancel(self, run_id: str) -> None:
        """A cancel requested in this process reaches its executor at once."""
        with self.lock:
            lease = self.held.get(run_id)
        if lease is not None:
            lease.cancelled.set()

    def beat(self) -> None:
        with self.lock:
            held = dict(self.held)
        if not held:
            return
        with db.connection():
            state = run_state.heartbeat(leases={k: v.token for k, v in held.items()},
                                        lease_ms=self.lease_ms)
        for run_id, (still_held, cancel) in state.items():
            if not still_held:
                held[run_id].lost.set()
            if cancel:
                held[run_id].cancelled.set()

    def _loop(self) -> None:
        while True:
            with self.lock:
                if not self.held:
                    self.thread = None
                    return
                interval = min(1.0, self.lease_ms / 3000)
            self.wake.wait(interval)
            self.wake.clear()
            try:
                self.beat()
            except Exception as exc:  # the database is down: leases run out, recovery follows
                log.warning("run heartbeat failed: %s", type(exc).__name__)


heartbeat = Heartbeat()
