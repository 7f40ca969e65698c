"""`python -m bench chat`: the chat runtime against a live `agent-platform serve` process.

(a) time to first event: POST /v1/chat (a new thread, the built-in echo model), then
    GET /v1/chat/stream until its first event arrives; p50/p95 over N turns (target p50
    < 50 ms).
(b) open streams: one serve process holds S open SSE streams (each waiting for its thread's
    next turn) while GET /v1/organization is timed (target p99 < 100 ms); then a turn is posted
    into one of the held threads and its events must arrive on its stream.

Prints one JSON report. Default: a new SQLite database; ``--database-url`` / ``--redis-url``
point it at Postgres / Redis (with Redis, start an `agent-platform worker` yourself or pass
``--worker`` to start one).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from bench._support import free_port
from bench._support import report as result_line

ROOT = Path(__file__).resolve().parent.parent
ADMIN_TOKEN = "bench-admin-token-0123456789"
SECRET_KEY = "bench-secret-key-0123456789"


def _note(text: str) -> None:
    print(f"[bench chat] {text}", file=sys.stderr, flush=True)


def _ms(values) -> dict:
    ordered = sorted(values)

    def pct(p):
        return round(ordered[min(len(ordered) - 1, int(len(ordered) * p))] * 1000, 2)

    return {"n": len(values), "p50_ms": round(statistics.median(values) * 1000, 2),
            "p95_ms": pct(0.95), "p99_ms": pct(0.99), "max_ms": round(ordered[-1] * 1000, 2)}


def _spawn(args: list[str], env: dict) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "server.cli", *args], cwd=ROOT,
                            env={**os.environ, **env}, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def _wait_ready(base: str, proc: subprocess.Popen) -> None:
    deadline = time.monotonic() + 180  # a busy 2-core machine starts serve slowly
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit("the bench server exited")
        try:
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise SystemExit("the bench server did not start")


def _bootstrap(base: str) -> dict:
    admin = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    org = httpx.post(f"{base}/v1/admin/orgs", json={"name": "bench"}, headers=admin).json()
    key = httpx.post(f"{base}/v1/admin/orgs/{org['id']}/api-keys", json={}, headers=admin).json()
    headers = {"Authorization": f"Bearer {key['key']}"}
    agent = httpx.post(f"{base}/v1/agents", headers=headers, json={
        "name": "bench", "model": {"provider": "echo", "name": "echo"}}).json()["agent"]
    return {"headers": headers, "agent_id": agent["id"]}


def _first_event(client: httpx.Client, headers: dict, thread_id: str) -> str:
    deadline = time.monotonic() + 30
    with client.stream("GET", "/v1/chat/stream", params={"thread_id": thread_id},
                       headers=headers) as resp:
        for line in resp.iter_lines():
            if line.startswith("event:"):
                return line.split(":", 1)[1].strip()
            if time.monotonic() > deadline:
                raise SystemExit("no event within 30 s: is a worker serving the chat queue?")
    raise RuntimeError("the stream ended without an event")


def first_event_latency(base: str, boot: dict, turns: int) -> dict:
    times = []
    with httpx.Client(base_url=base, timeout=30) as client:
        for i in range(turns + 10):
            headers = {**boot["headers"], "X-User-Id": f"bench-first-{i}"}
            started = time.perf_counter()
            resp = client.post("/v1/chat", headers=headers,
                               json={"agent_id": boot["agent_id"], "message": f"hello {i}"})
            assert resp.status_code == 202, resp.text
            kind = _first_event(client, headers, resp.json()["thread"]["id"])
            elapsed = time.perf_counter() - started
            assert kind == "run.started", kind
            if i >= 10:  # warm-up
                times.append(elapsed)
    return _ms(times)


def _finished_threads(base: str, boot: dict, count: int) -> list[tuple[dict, str, int]]:
    """count threads, each with one finished turn: (headers, thread_id, last event id)."""
    out = []
    with httpx.Client(base_url=base, timeout=30) as client:
        for i in range(count):
            headers = {**boot["headers"], "X-User-Id": f"bench-held-{i}"}
            resp = client.post("/v1/chat", headers=headers,
                               json={"agent_id": boot["agent_id"], "message": "hold"})
            assert resp.status_code == 202, resp.text
            tid, last = resp.json()["thread"]["id"], 0
            with client.stream("GET", "/v1/chat/stream", params={"thread_id": tid},
                               headers=headers) as stream:
                for line in stream.iter_lines():
                    if line.startswith("id:"):
                        last = int(line.split(":", 1)[1])
            out.append((headers, tid, last))
    return out


def rss_mb(pid: int) -> float:
    """Resident memory of a process and its children (MB), from /proc."""
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        try:
            with open(f"/proc/{current}/status") as fh:
                for line in fh:
                    if line.startswith("VmRSS:"):
                        total += int(line.split()[1])
            with open(f"/proc/{current}/task/{current}/children") as fh:
                todo += [int(c) for c in fh.read().split()]
        except OSError:
            continue
    return round(total / 1024, 1)


async def many_turns(base: str, boot: dict, pid: int, turns: int, concurrency: int = 8) -> dict:
    """turns chat turns (each a new thread: POST /v1/chat, then its stream to run.completed),
    concurrency at a time; serve's RSS before, after the first 1,000 and at the end."""
    done, marks = 0, {"before": rss_mb(pid)}
    checkpoint = min(1000, turns)

    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        async def one(i):
            headers = {**boot["headers"], "X-User-Id": f"bench-mem-{i}"}
            resp = await client.post("/v1/chat", headers=headers,
                                     json={"agent_id": boot["agent_id"], "message": f"turn {i}"})
            assert resp.status_code == 202, resp.text
            async with client.stream("GET", "/v1/chat/stream", headers=headers,
                                     params={"thread_id": resp.json()["thread"]["id"]}) as s:
                async for line in s.aiter_lines():
                    if line.startswith("event:") and line.endswith(("run.completed", "run.failed")):
                        return

        async def lane(start):
            nonlocal done
            for i in range(start, turns, concurrency):
                await one(i)
                done += 1
                if done == checkpoint:
                    marks["after_first_1000"] = rss_mb(pid)
                if done % 1000 == 0:
                    _note(f"{done} turns")

        started = time.perf_counter()
        await asyncio.gather(*(lane(k) for k in range(concurrency)))
        elapsed = time.perf_counter() - started
    marks["after_all"] = rss_mb(pid)
    return {"turns": turns, "seconds": round(elapsed, 1), "rss_mb": marks,
            "growth_mb": round(marks["after_all"] - marks["before"], 1),
            "growth_after_first_1000_mb": round(marks["after_all"] - marks["after_first_1000"], 1)}


async def held_streams(base: str, boot: dict, streams: int, requests: int,
                       pid: int | None = None) -> dict:
    threads = await asyncio.to_thread(_finished_threads, base, boot, streams)
    limits = httpx.Limits(max_connections=streams + 20, max_keepalive_connections=streams + 20)
    opened, received, stop = asyncio.Event(), {}, asyncio.Event()
    open_count = 0

    async with httpx.AsyncClient(base_url=base, timeout=httpx.Timeout(60, read=None),
                                 limits=limits) as client:
        async def hold(headers, tid, last):
            nonlocal open_count
            async with client.stream("GET", "/v1/chat/stream", params={"thread_id": tid},
                                     headers={**headers, "Last-Event-ID": str(last)}) as resp:
                assert resp.status_code == 200
                open_count += 1
                if open_count == streams:
                    opened.set()
                async for line in resp.aiter_lines():
                    if line.startswith("event:"):
                        received.setdefault(tid, []).append(line.split(":", 1)[1].strip())
                        if line.endswith("run.completed"):
                            return
                    if stop.is_set():
                        return

        tasks = [asyncio.create_task(hold(*t)) for t in threads]
        _note(f"{len(threads)} threads ready; opening the streams")
        rss_before = rss_mb(pid) if pid else None
        await asyncio.wait_for(opened.wait(), 60)
        await asyncio.sleep(0.5)
        rss_open = rss_mb(pid) if pid else None
        _note(f"{open_count} streams open; timing GET /v1/organization")
        times = []
        async with httpx.AsyncClient(base_url=base, timeout=30) as other:
            for _ in range(50):  # warm-up
                await other.get("/v1/organization", headers=boot["headers"])
            for _ in range(requests):
                started = time.perf_counter()
                resp = await other.get("/v1/organization", headers=boot["headers"])
                times.append(time.perf_counter() - started)
                assert resp.status_code == 200
            _note("a turn on one held stream")
            # a turn in one of the held threads reaches its stream
            headers, tid, _ = threads[len(threads) // 2]
            started = time.perf_counter()
            resp = await other.post("/v1/chat", headers=headers, json={
                "agent_id": boot["agent_id"], "message": "still there?", "thread_id": tid})
            assert resp.status_code == 202, resp.text
            while "run.completed" not in received.get(tid, []):
                await asyncio.sleep(0.005)
                assert time.perf_counter() - started < 10, "the held stream got no events"
            turn_ms = round((time.perf_counter() - started) * 1000, 2)
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return {"open_streams": open_count, "get_organization": _ms(times),
            "rss_mb": {"before_streams": rss_before, "streams_open": rss_open},
            "streams_growth_mb": round(rss_open - rss_before, 1) if pid else None,
            "turn_on_a_held_stream_ms": turn_ms, "held_stream_events": received.get(tid)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench chat")
    parser.add_argument("--database-url", help="default: a new SQLite file")
    parser.add_argument("--redis-url", help="default: none (turns run inside serve)")
    parser.add_argument("--worker", action="store_true", help="start an agent-platform worker")
    parser.add_argument("--turns", type=int, default=200)
    parser.add_argument("--streams", type=int, default=200)
    parser.add_argument("--requests", type=int, default=1000)
    parser.add_argument("--memory-turns", type=int, default=10000,
                        help="turns run to watch serve's memory (0: skip)")
    args = parser.parse_args(argv)
    data_dir = Path(tempfile.mkdtemp(prefix="bench-chat-"))
    port = free_port()
    env = {
        "DATABASE_URL": args.database_url or f"sqlite:///{data_dir / 'bench.db'}",
        "AGENT_PLATFORM_DATA_DIR": str(data_dir), "AGENT_PLATFORM_SECRET_KEY": SECRET_KEY,
        "AGENT_PLATFORM_ADMIN_TOKEN": ADMIN_TOKEN, "AGENT_PLATFORM_LOG_LEVEL": "WARNING",
        "AGENT_PLATFORM_PORT": str(port), "AGENT_PLATFORM_CHAT_KEEPALIVE_S": "5",
    }
    if args.redis_url:
        env.update(REDIS_URL=args.redis_url, AGENT_PLATFORM_CHAT_QUEUE=f"bench-chat-{port}")
    server = _spawn(["serve", "--migrate"], env)
    worker = None
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_ready(base, server)
        if args.redis_url and args.worker:  # after the migration: a worker checks the schema
            worker = _spawn(["worker"], env)
        boot = _bootstrap(base)
        _note(f"serving on {base}; timing POST /v1/chat to the first event")
        report = {"database": env["DATABASE_URL"].split(":")[0],
                  "jobs": "rq" if args.redis_url else "in-process",
                  "post_to_first_event": first_event_latency(base, boot, args.turns),
                  "held_streams": asyncio.run(held_streams(base, boot, args.streams,
                                                           args.requests, server.pid))}
        if args.memory_turns:
            _note(f"{args.memory_turns} turns for serve's memory")
            report["memory_turns"] = asyncio.run(many_turns(base, boot, server.pid,
                                                            args.memory_turns))
    finally:
        for proc in (worker, server):
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=30)
    report["targets"] = {
        "post_to_first_event_p50_under_50ms":
            report["post_to_first_event"]["p50_ms"] < 50,
        "get_p99_under_100ms_with_streams_open":
            report["held_streams"]["get_organization"]["p99_ms"] < 100
            and report["held_streams"]["open_streams"] == args.streams,
        "streams_rss_growth_under_30mb": report["held_streams"]["streams_growth_mb"] < 30,
    }
    if args.memory_turns:
        memory = report["memory_turns"]
        report["targets"]["turns_rss_growth_under_30mb"] = memory["growth_mb"] < 30
        # no growth after the first 1,000 turns: within 3 MB (allocator and cache noise)
        report["targets"]["no_rss_growth_after_first_1000_turns"] = \
            memory["growth_after_first_1000_mb"] <= 3
    targets = report.pop("targets")
    print(json.dumps(report, indent=2))
    result_line("chat", report, targets)
    return 0
