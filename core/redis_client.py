"""Connections to Redis (REDIS_URL): one client per URL in a process, with short timeouts.

Redis carries work in flight (the job queue, jobs/queue.py), the usage counters of the limits
(store/limits.py) and live chat events (runtime/chat/events.py). It keeps nothing durable: the
database is the record.
"""
from __future__ import annotations

import functools

import redis

CONNECT_TIMEOUT_S = 2.0


@functools.lru_cache(maxsize=8)
def connection(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_connect_timeout=CONNECT_TIMEOUT_S,
                                socket_timeout=CONNECT_TIMEOUT_S)


def ping(redis_url: str | None) -> str:
    """'inline' when jobs run in-process, 'ok' when Redis answers; raises when it does not."""
    if not redis_url:
        return "inline"
    connection(redis_url).ping()
    return "ok"
