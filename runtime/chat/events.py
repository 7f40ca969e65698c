"""Live delivery of a thread's turn events to the streams reading it.

A turn logs each event in the database first (store.run_events, the record), then publishes
it here. Readers subscribe to a thread and receive ``{"seq", "kind", "data"}`` dicts on their
event loop; what live delivery misses (a reader subscribing late, a full queue, Redis
hiccups) the reader reads from the log, noticing gaps by ``seq``.

- Without Redis, turns run in this process: ``LocalHub`` hands events from the job threads
  to the subscribed streams (``loop.call_soon_threadsafe``).
- With ``REDIS_URL``, turns run on RQ workers and publish on the channel
  ``{prefix}:chat:{thread_id}``; every API process keeps ONE pub/sub connection per event loop
  (``RedisHub``) shared by all its open streams, subscribed to the channels they read.
"""
from __future__ import annotations

import asyncio
import json
import logging
import threading

from core import redis_client

log = logging.getLogger("agent_platform.chat")
QUEUE_MAX = 2000
READY_TIMEOUT_S = 2.0


def channel(settings, thread_id: str) -> str:
    return f"{settings.redis_prefix}:chat:{thread_id}"


class Subscription:
    """One reader's queue of live events of one thread (lives on the reader's loop)."""

    def __init__(self, thread_id: str, key: str):
        self.thread_id, self.key = thread_id, key
        self.loop = asyncio.get_running_loop()
        self.queue: asyncio.Queue = asyncio.Queue(QUEUE_MAX)

    def deliver(self, event: dict) -> None:
        try:
            self.queue.put_nowait(event)
        except asyncio.QueueFull:  # the reader sees the gap in seq and reads the log
            pass

    def ready(self) -> dict | None:
        """The next event already queued, or None (without waiting)."""
        return None if self.queue.empty() else self.queue.get_nowait()

    async def get(self, timeout: float) -> dict | None:
        if not self.queue.empty():  # no timer, no task: most events are already here
            return self.queue.get_nowait()
        try:
            return await asyncio.wait_for(self.queue.get(), timeout)
        except asyncio.TimeoutError:
            return None


def _deliver_all(deliveries: list) -> None:
    for sub, event in deliveries:
        sub.deliver(event)


class LocalHub:
    """Process-wide fan-out from job threads to the streams of this process."""

    def __init__(self):
        self._subs: dict[str, set[Subscription]] = {}
        self._lock = threading.Lock()

    async def subscribe(self, thread_id: str) -> Subscription:
        sub = Subscription(thread_id, thread_id)
        with self._lock:
            self._subs.setdefault(thread_id, set()).add(sub)
        return sub

    async def unsubscribe(self, sub: Subscription) -> None:
        with self._lock:
            subs = self._subs.get(sub.key)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[sub.key]

    def publish(self, thread_id: str, event: dict) -> None:
        with self._lock:
            subs = [*self._subs.get(thread_id, ())]
        for sub in subs:
            try:
                sub.loop.call_soon_threadsafe(sub.deliver, event)
            except RuntimeError:  # that loop has closed
                pass

    def publish_many(self, items: list[tuple[str, dict]]) -> None:
        """Several events, one wake-up of each reader's loop."""
        by_loop: dict = {}
        with self._lock:
            for thread_id, event in items:
                for sub in self._subs.get(thread_id, ()):
                    by_loop.setdefault(sub.loop, []).append((sub, event))
        for loop, deliveries in by_loop.items():
            try:
                loop.call_soon_threadsafe(_deliver_all, deliveries)
            except RuntimeError:  # that loop has closed
                pass

    def subscribers(self, thread_id: str) -> int:
        with self._lock:
            return len(self._subs.get(thread_id, ()))


class RedisHub:
    """One Redis pub/sub connection for every stream on one event loop."""

    def __init__(self, settings):
        import redis.asyncio as aioredis

        self.settings = settings
        self.loop = asyncio.get_running_loop()
        self._client = aioredis.Redis.from_url(settings.redis_url, socket_connect_timeout=2,
                                               health_check_interval=30)
        self._pubsub = None
        self._subs: dict[str, set[Subscription]] = {}
        self._confirmed: dict[str, asyncio.Event] = {}
        self._reader: asyncio.Task | None = None

    async def subscribe(self, thread_id: str) -> Subscription:
        key = channel(self.settings, thread_id)
        sub = Subscription(thread_id, key)
        self._subs.setdefault(key, set()).add(sub)
        confirmed = self._confirmed.get(key)
        if confirmed is None:
            confirmed = self._confirmed[key] = asyncio.Event()
            try:
                if self._pubsub is None:
                    self._pubsub = self._client.pubsub()
                await self._pubsub.subscribe(key)
            except Exception as exc:  # Redis away: the reader reads the log on each tick
                log.warning("chat stream could not subscribe: %s", type(exc).__name__)
                confirmed.set()
            if self._reader is None or self._reader.done():
                self._reader = asyncio.get_running_loop().create_task(self._read())
        try:  # events published from now on reach this subscription
            await asyncio.wait_for(confirmed.wait(), READY_TIMEOUT_S)
        except asyncio.TimeoutError:
            pass
        return sub

    async def unsubscribe(self, sub: Subscription) -> None:
        subs = self._subs.get(sub.key)
        if subs is None:
            return
        subs.discard(sub)
        if subs:
            return
        del self._subs[sub.key]
        self._confirmed.pop(sub.key, None)
        try:
            await self._pubsub.unsubscribe(sub.key)
        except Exception:  # a reconnect subscribes only to channels still read
            pass

    async def _read(self) -> None:
        while True:
            if self._pubsub is None or self._pubsub.connection is None:
                if self._subs:  # a subscribe failed (Redis away): try again each second
                    await asyncio.sleep(1.0)
                    await self._reconnect()
                else:  # nothing subscribed: the next subscribe connects
                    await asyncio.sleep(0.25)
                continue
            try:
                message = await self._pubsub.get_message(timeout=1.0)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("chat pub/sub connection lost: %s", type(exc).__name__)
                await asyncio.sleep(1.0)
                await self._reconnect()
                continue
            if message is None:
                continue
            key = message["channel"]
            key = key.decode() if isinstance(key, bytes) else key
            if message["type"] == "subscribe":
                confirmed = self._confirmed.get(key)
                if confirmed is not None:
                    confirmed.set()
            elif message["type"] == "message":
                try:
                    event = json.loads(message["data"])
                except ValueError:
                    continue
                for sub in [*self._subs.get(key, ())]:
                    sub.deliver(event)

    async def _reconnect(self) -> None:
        try:
            await self._pubsub.aclose()
        except Exception:
            pass
        self._pubsub = self._client.pubsub()
        keys = [*self._subs]
        try:
            if keys:
                await self._pubsub.subscribe(*keys)
        except Exception:
            return
        for sub in [s for k in keys for s in self._subs.get(k, ())]:
            sub.deliver({"resync": True})  # read the log: events may have passed meanwhile


_local = LocalHub()
_redis_hubs: dict[tuple[int, str], RedisHub] = {}


def local_hub() -> LocalHub:
    return _local


def hub(settings) -> LocalHub | RedisHub:
    """The hub streams of the running event loop subscribe with."""
    if not settings.redis_url:
        return _local
    loop = asyncio.get_running_loop()
    key = (id(loop), settings.redis_url)
    found = _redis_hubs.get(key)
    if found is None or found.loop is not loop:
        found = _redis_hubs[key] = RedisHub(settings)
    return found


def publish_many(settings, items: list[tuple[str, dict]]) -> None:
    """Hand logged events ((thread_id, event), in order) to live readers: one wake-up per
    reading loop without Redis, one pipelined round trip with it (never raises)."""
    if not items:
        return
    if not settings.redis_url:
        _local.publish_many(items)
        return
    try:
        pipe = redis_client.connection(settings.redis_url).pipeline(transaction=False)
        for thread_id, event in items:
            pipe.publish(channel(settings, thread_id),
                         json.dumps(event, separators=(",", ":")))
        pipe.execute()
    except Exception as exc:
        log.warning("chat events not published: %s", type(exc).__name__)


def publish(settings, thread_id: str, event: dict) -> None:
    """Hand a logged event to live readers (never raises: the log is the record)."""
    if not settings.redis_url:
        _local.publish(thread_id, event)
        return
    try:
        redis_client.connection(settings.redis_url).publish(
            channel(settings, thread_id), json.dumps(event, separators=(",", ":")))
    except Exception as exc:
        log.warning("chat event not published: %s", type(exc).__name__)
