"""Job functions for tests/faults/test_worker_concurrency.py, imported by the worker process. Each takes
the Redis URL of the test and a key prefix and leaves its trace in Redis: events in order in the
list ``{prefix}:events``."""
from __future__ import annotations

import asyncio
import time

import redis
import redis.asyncio


def _sync(url: str) -> redis.Redis:
    return redis.Redis.from_url(url, socket_timeout=60)


async def nap(url: str, prefix: str, name: str, seconds: float) -> str:
    """Note its start, sleep, note its end."""
    client = redis.asyncio.Redis.from_url(url)
    try:
        await client.rpush(f"{prefix}:events", f"start:{name}")
        await asyncio.sleep(seconds)
        await client.rpush(f"{prefix}:events", f"end:{name}")
    finally:
        await client.aclose()
    return f"slept:{name}"


async def gather(url: str, prefix: str, name: str, total: int, within: float = 120) -> str:
    """Count itself in, then wait until `total` jobs have counted themselves in (all of them
    in flight at once), or give up after `within` seconds."""
    client = redis.asyncio.Redis.from_url(url)
    try:
        await client.incr(f"{prefix}:in")
        deadline = time.monotonic() + within
        while int(await client.get(f"{prefix}:in") or 0) < total:
            if time.monotonic() > deadline:
                return f"alone:{name}"
            await asyncio.sleep(0.2)
        return f"met:{name}"
    finally:
        await client.aclose()


async def crowd(url: str, prefix: str, name: str, seconds: float) -> str:
    """Note how many jobs run at its start (the highest count is kept), sleep, leave."""
    client = redis.asyncio.Redis.from_url(url)
    try:
        now_running = await client.incr(f"{prefix}:running")
        await client.rpush(f"{prefix}:seen", now_running)
        await asyncio.sleep(seconds)
        await client.decr(f"{prefix}:running")
    finally:
        await client.aclose()
    return f"left:{name}"


class Refused(RuntimeError):
    pass


async def refuse(url: str, prefix: str, reason: str) -> None:
    await asyncio.sleep(0)
    raise Refused(f"refused: {reason}")


async def fail_once(url: str, prefix: str) -> str:
    """Fails on its first attempt, succeeds on its second."""
    client = redis.asyncio.Redis.from_url(url)
    try:
        attempt = await client.incr(f"{prefix}:attempts")
    finally:
        await client.aclose()
    if attempt == 1:
        raise Refused("first attempt")
    return f"attempt:{attempt}"


async def count(url: str, prefix: str) -> int:
    client = redis.asyncio.Redis.from_url(url)
    try:
        return await client.incr(f"{prefix}:runs")
    finally:
        await client.aclose()


def blocking(url: str, prefix: str, wait_for: str) -> str:
    """A plain function (it runs on a worker thread): blocks until the key `wait_for` is
    pushed to, or 60 s."""
    client = _sync(url)
    client.rpush(f"{prefix}:events", "start:blocking")
    got = client.blpop([f"{prefix}:{wait_for}"], timeout=60)
    client.rpush(f"{prefix}:events", "end:blocking")
    return "released" if got else "timed out"


async def hold(url: str, prefix: str, key: str) -> str:
    """A coroutine job that waits (60 s at most) until the key `key` is pushed to."""
    client = redis.asyncio.Redis.from_url(url)
    try:
        await client.rpush(f"{prefix}:events", f"start:hold:{key}")
        got = await client.blpop([f"{prefix}:{key}"], timeout=60)
        await client.rpush(f"{prefix}:events", f"end:hold:{key}")
    finally:
        await client.aclose()
    return "released" if got else "timed out"


async def release(url: str, prefix: str, key: str) -> str:
    client = redis.asyncio.Redis.from_url(url)
    try:
        await client.rpush(f"{prefix}:events", "start:release")
        await client.rpush(f"{prefix}:{key}", "go")
    finally:
        await client.aclose()
    return "sent"


def add(a: int, b: int) -> int:
    return a + b
