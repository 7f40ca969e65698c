"""Sending webhook deliveries (store/webhooks.py records them, store/webhook_deliveries.py
keeps their state).

A ``Dispatcher`` thread claims due deliveries every AGENT_PLATFORM_WEBHOOK_POLL_MS and queues
``deliver`` jobs for them: on the embedded default in `serve` (the in-process pool, on the
turn loop), with Redis in every `agent-platform worker` (RQ jobs on the `webhooks` queue, which
the workers serve). It claims only while the jobs it queued are few, so a burst waits in the
database, not in memory.

``deliver`` sends each of its deliveries concurrently on the turn loop: one POST of the
recorded body with the Standard Webhooks headers, AGENT_PLATFORM_WEBHOOK_TIMEOUT_S (10 s) for
the whole attempt, no redirects followed, the connection pinned to addresses the SSRF policy
allows (runtime/ssrf_connect.py), at most 1 KB of the answer read. Each outcome is recorded as
its attempt ends: a slow or dead receiver holds only its own deliveries. The HTTP exchange is
jobs/webhook_http.py's.
"""
from __future__ import annotations

import asyncio
import logging
import threading
import time
import uuid
from urllib.parse import urlsplit

from jobs import webhook_http
from store import webhooks
from core import concurrency
from core import db
from store import webhook_signing as signing
from store import webhook_deliveries as deliveries

log = logging.getLogger("agent_platform.webhooks")
LEASE_S = 120  # a claim not settled by then (its process died) is taken again
JOBS_IN_FLIGHT = 8  # deliver jobs waiting in the RQ queue at most (with Redis)
MAX_IN_FLIGHT = 2000  # deliveries claimed and not yet attempted, per process (embedded)
PER_RECEIVER = 32  # attempts in flight to one receiver (scheme, host, port) per process
BACKLOG = 8 * PER_RECEIVER  # attempts waiting for one receiver before more are put back
PUT_BACK_S = 1.0
SWEEP_EVERY_S = 3600  # how often a dispatcher forgets old delivery logs
USER_AGENT = "agent-platform-webhooks/1"
_slots: dict[str, asyncio.Semaphore] = {}
_waiting: dict[str, int] = {}


class _Open:
    """Deliveries this process claimed and has not attempted yet (the embedded default's
    dispatcher claims only while they are fewer than MAX_IN_FLIGHT)."""

    def __init__(self):
        self.value = 0
        self.lock = threading.Lock()

    def add(self, n: int) -> None:
        with self.lock:
            self.value += n


_open = _Open()


async def deliver(ids: list[str], owner: str) -> int:
    """The job: send the deliveries among ids that this claim (owner) still holds; returns
    how many succeeded."""
    from jobs import tasks

    settings = tasks.ready()
    return await concurrency.on_turn_loop(_deliver(settings, ids, owner))


async def _deliver(settings, ids: list[str], owner: str) -> int:
    local = not settings.redis_url  # claimed by this process's dispatcher (counted in _open)
    left = len(ids)

    async def attempt(delivery, endpoint, secrets):
        nonlocal left
        try:
            return await _attempt(settings, delivery, endpoint, secrets, owner, sink)
        finally:
            left -= 1
            if local:
                _open.add(-1)

    try:
        held = await concurrency.hop(deliveries.claimed, ids=ids, owner=owner, lease_s=LEASE_S,
                                     secrets_of=webhooks.signing_secrets)
        sink = _Successes(owner)
        results = await asyncio.gather(*(attempt(d, e, s) for d, e, s in held),
                                       return_exceptions=True)
        await sink.close()
    finally:
        if local and left > 0:  # those no longer held, or an attempt that never started
            _open.add(-left)
    for result in results:
        if isinstance(result, BaseException):
            log.error("webhook delivery failed unexpectedly: %s", type(result).__name__)
    return sum(1 for r in results if r is True)


class _Successes:
    """Successful attempts of a job, recorded together every FLUSH_S (one transaction for
    those of the moment, not one per delivery)."""

    FLUSH_S = 0.1

    def __init__(self, owner: str):
        self.owner = owner
        self.pending: list = []
        self.flusher: asyncio.Task | None = None

    def add(self, delivery, status: int, text: str) -> None:
        self.pending.append((delivery, status, text))
        if self.flusher is None or self.flusher.done():
            self.flusher = asyncio.ensure_future(self._later())

    async def _later(self) -> None:
        await asyncio.sleep(self.FLUSH_S)
        await self._flush()

    async def _flush(self) -> None:
        results, self.pending = self.pending, []
        if results:
            await concurrency.hop(deliveries.succeeded, owner=self.owner, results=results)

    async def close(self) -> None:
        if self.flusher is not None:
            await self.flusher
        await self._flush()


async def _attempt(settings, delivery, endpoint, secrets, owner: str, sink) -> bool:
    if endpoint is not None and endpoint.status != "enabled":
        await concurrency.hop(deliveries.skip_disabled, delivery=delivery, owner=owner)
        return False
    url = endpoint.url if endpoint is not None else delivery.url
    body = delivery.body.encode()
    stamp = int(time.time())
    headers = {"content-type": "application/json", "user-agent": USER_AGENT}
    if endpoint is not None:
        headers.update(signing.headers(secrets, delivery.event_id, stamp, body))
    else:  # a run's own URL: no secret of its own to sign with (docs/webhooks.md)
        headers.update({"webhook-id": delivery.event_id, "webhook-timestamp": str(stamp)})
    key = _origin(url)
    if _waiting.get(key, 0) >= BACKLOG:  # a slow receiver's queue is full: this one waits
        await concurrency.hop(deliveries.put_back, delivery=delivery, owner=owner,
                              delay_s=PUT_BACK_S)
        return False
    _waiting[key] = _waiting.get(key, 0) + 1
    status, text, error = None, None, None
    try:
        async with _slot(key):  # the attempt's time starts once it has its connection slot
            status, text = await asyncio.wait_for(_post(url, headers, body),
                                                  settings.webhook_timeout_s)
    except asyncio.TimeoutError:
        error = f"timeout: no answer within {settings.webhook_timeout_s:g} s"
    except (OSError, asyncio.IncompleteReadError, webhook_http.Broken, ValueError) as exc:
        error = f"connection_failed: {type(exc).__name__}"
    except Exception as exc:  # the SSRF policy refused the address, ...
        code = getattr(exc, "code", None) or type(exc).__name__
        error = f"{code}: {getattr(exc, 'detail', None) or exc}"
    finally:
        _waiting[key] -= 1
        if not _waiting[key]:
            del _waiting[key]
    if status is not None and 200 <= status < 300:
        sink.add(delivery, status, text or "")
        return True
    if error is None:
        error = f"http_status: the receiver answered {status}"
    state = await concurrency.hop(deliveries.failed, settings, delivery=delivery, owner=owner,
                                  status_code=status, error=error, response=text)
    log.info("webhook delivery failed", extra={"fields": {
        "delivery_id": delivery.id, "event_type": delivery.event_type, "status_code": status,
        "error": error.split(":")[0], "attempts": delivery.attempts + 1, "state": state}})
    return False


def _origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def _slot(key: str) -> asyncio.Semaphore:
    """The receiver's share of this process's connections: a burst to one receiver reuses
    PER_RECEIVER kept-alive connections instead of opening one per delivery, and a slow
    receiver's queue (at most BACKLOG, the rest put back for PUT_BACK_S) holds only its own
    deliveries."""
    found = _slots.get(key)
    if found is None:
        if len(_slots) > 10_000:  # receivers come and go: forget the idle ones
            for name in [k for k, v in _slots.items() if not v.locked() and k not in _waiting]:
                del _slots[name]
        found = _slots[key] = asyncio.Semaphore(PER_RECEIVER)
    return found


async def _post(url: str, headers: dict, body: bytes) -> tuple[int, str]:
    """(status, the first KB of the answer as text)."""
    return await webhook_http.post(url, headers, body, keep=deliveries.RESPONSE_KEPT)


class Dispatcher:
    """The dispatcher thread of a process (`serve` on the embedded default, each worker with
    Redis)."""

    def __init__(self, settings):
        self.settings = settings
        self.stop = threading.Event()
        self.thread = concurrency.thread("webhook-dispatch", self._loop, start=False)

    def start(self) -> "Dispatcher":
        self.thread.start()
        return self

    def close(self, timeout: float = 10) -> None:
        self.stop.set()
        self.thread.join(timeout)

    def _room(self) -> int:
        """How many deliveries to claim now: with Redis while few jobs wait in the queue
        (started jobs do not count: a slow receiver's job holds no one else back), embedded
        while the deliveries this process holds unsent are fewer than MAX_IN_FLIGHT."""
        if self.settings.redis_url:
            from jobs import queue

            waiting = queue.rq_queue(self.settings, self.settings.webhook_queue).count
            return self.settings.webhook_batch if waiting < JOBS_IN_FLIGHT else 0
        return max(0, min(self.settings.webhook_batch, MAX_IN_FLIGHT - _open.value))

    def _once(self) -> int:
        from jobs import queue

        room = self._room()
        if not room:
            return 0
        owner = str(uuid.uuid4())
        with db.connection():
            ids = deliveries.claim_due(owner=owner, limit=room, lease_s=LEASE_S)
        if not ids:
            return 0
        if not self.settings.redis_url:
            _open.add(len(ids))
        try:
            queue.enqueue(self.settings, deliver, kwargs={"ids": ids, "owner": owner},
                          queue=self.settings.webhook_queue, timeout=LEASE_S)
        except Exception:
            if not self.settings.redis_url:
                _open.add(-len(ids))
            raise  # the claim's lease runs out and the deliveries are claimed again
        return len(ids)

    def _sweep(self) -> None:
        """The delivery log kept AGENT_PLATFORM_WEBHOOK_LOG_DAYS (30), in batches."""
        import datetime as dt

        cutoff = db.utcnow() - dt.timedelta(days=self.settings.webhook_log_days)
        with db.connection():
            while deliveries.sweep(older_than=cutoff) and not self.stop.is_set():
                pass

    def _loop(self) -> None:
        interval = self.settings.webhook_poll_ms / 1000
        swept = 0.0
        while not self.stop.is_set():
            if time.monotonic() - swept >= SWEEP_EVERY_S:
                swept = time.monotonic()
                try:
                    self._sweep()
                except Exception as exc:  # next time
                    log.warning("webhook log sweep failed: %s", type(exc).__name__)
            try:
                claimed = self._once()
            except Exception as exc:  # the database or Redis is restarting: next time
                log.warning("webhook dispatch failed: %s", type(exc).__name__)
                claimed = 0
            if claimed < self.settings.webhook_batch:  # a full batch: more may be due
                self.stop.wait(interval)

