"""Queue connection: Redis when REDIS_URL is set, in-process otherwise."""
from __future__ import annotations

import functools

import redis

CONNECT_TIMEOUT_S = 2.0


@functools.lru_cache(maxsize=8)
def redis_connection(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_connect_timeout=CONNECT_TIMEOUT_S,
                                socket_timeout=CONNECT_TIMEOUT_S)


def ping(redis_url: str | None) -> str:
    """'inline' when jobs run in-process, 'ok' when Redis answers; raises when it does not."""
    if not redis_url:
        return "inline"
    redis_connection(redis_url).ping()
    return "ok"
