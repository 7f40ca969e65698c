"""`python -m bench openai_compat`: the OpenAI-compatible edge against a live
`agent-platform serve` process.

For each of N turns, in one thread of one end user (the built-in echo model): a reader of
`GET /v1/chat/stream` waits for the thread's next turn (`Last-Event-ID` at the previous turn's
final event), then a streamed `POST /openai/v1/chat/completions` with `thread_id` starts the
turn. Both streams are read in one event loop; the figure is, per turn, the arrival of the
completion's first token minus the arrival of the same turn's first `message.delta` on the
chat stream (target: p95 within 10 ms). Also shown: the request to first token.

Prints one JSON report. Default: a new SQLite database; ``--database-url`` / ``--redis-url``
point it at Postgres / Redis (with Redis, ``--worker`` starts an `agent-platform worker`).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import tempfile
import time
from pathlib import Path

import httpx

from bench._support import free_port
from bench._support import report as result_line
from bench.chat import ADMIN_TOKEN, SECRET_KEY, _bootstrap, _ms, _note, _spawn, _wait_ready

TARGET_MS = 10.0


async def _chat_stream(client, headers, thread_id, last, opened, out):
    """The chat stream's first message.delta and final event of the next turn."""
    async with client.stream("GET", "/v1/chat/stream", params={"thread_id": thread_id},
                             headers={**headers, "Last-Event-ID": str(last)}) as resp:
        assert resp.status_code == 200
        opened.set()
        seq = None
        async for line in resp.aiter_lines():
            if line.startswith("id:"):
                seq = int(line[3:])
            elif line == "event: message.delta" and "delta" not in out:
                out["delta"] = time.perf_counter()
            elif line.startswith("event: run.") and line != "event: run.started":
                out["last"] = seq
                return


async def _completion(client, headers, body, out):
    started = time.perf_counter()
    async with client.stream("POST", "/openai/v1/chat/completions", json=body,
                             headers=headers) as resp:
        assert resp.status_code == 200, await resp.aread()
        async for line in resp.aiter_lines():  # to the end: [DONE]
            if "token" in out or not line.startswith("data: {"):
                continue
            chunk = json.loads(line[6:])
            if chunk["choices"] and chunk["choices"][0]["delta"].get("content"):
                out["token"] = time.perf_counter()
                out["first_token_s"] = out["token"] - started


async def measure(base: str, boot: dict, turns: int, warmup: int = 10) -> dict:
    headers = {**boot["headers"], "X-User-Id": "bench-openai"}
    gaps, firsts = [], []
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        resp = await client.post("/v1/chat", headers=headers,
                                 json={"agent_id": boot["agent_id"], "message": "start"})
        assert resp.status_code == 202, resp.text
        thread_id = resp.json()["thread"]["id"]
        last = 0
        async with client.stream("GET", "/v1/chat/stream", params={"thread_id": thread_id},
                                 headers=headers) as stream:
            async for line in stream.aiter_lines():
                if line.startswith("id:"):
                    last = int(line[3:])
        for i in range(turns + warmup):
            opened, seen, got = asyncio.Event(), {}, {}
            reader = asyncio.create_task(_chat_stream(client, headers, thread_id, last,
                                                      opened, seen))
            await opened.wait()
            await asyncio.sleep(0.05)  # the reader has subscribed to the thread's events
            body = {"model": boot["agent_id"], "stream": True, "thread_id": thread_id,
                    "messages": [{"role": "user", "content": f"hello number {i}"}]}
            await _completion(client, headers, body, got)
            await asyncio.wait_for(reader, 30)
            last = seen["last"]
            if i >= warmup:
                gaps.append(got["token"] - seen["delta"])
                firsts.append(got["first_token_s"])
    gap_ms = sorted(g * 1000 for g in gaps)
    return {"turns": len(gaps),
            "first_token_after_chat_delta_ms": {
                "p50": round(gap_ms[len(gap_ms) // 2], 2),
                "p95": round(gap_ms[min(len(gap_ms) - 1, int(len(gap_ms) * 0.95))], 2),
                "max": round(gap_ms[-1], 2), "min": round(gap_ms[0], 2)},
            "request_to_first_token": _ms(firsts)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench openai_compat")
    parser.add_argument("--database-url", help="default: a new SQLite file")
    parser.add_argument("--redis-url", help="default: none (turns run inside serve)")
    parser.add_argument("--worker", action="store_true", help="start an agent-platform worker")
    parser.add_argument("--turns", type=int, default=200)
    args = parser.parse_args(argv)
    data_dir = Path(tempfile.mkdtemp(prefix="bench-openai-"))
    port = free_port()
    env = {
        "DATABASE_URL": args.database_url or f"sqlite:///{data_dir / 'bench.db'}",
        "AGENT_PLATFORM_DATA_DIR": str(data_dir), "AGENT_PLATFORM_SECRET_KEY": SECRET_KEY,
        "AGENT_PLATFORM_ADMIN_TOKEN": ADMIN_TOKEN, "AGENT_PLATFORM_LOG_LEVEL": "WARNING",
        "AGENT_PLATFORM_PORT": str(port),
    }
    if args.redis_url:
        env.update(REDIS_URL=args.redis_url, AGENT_PLATFORM_CHAT_QUEUE=f"bench-openai-{port}")
    server = _spawn(["serve", "--migrate"], env)
    worker = None
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_ready(base, server)
        if args.redis_url and args.worker:
            worker = _spawn(["worker"], env)
        boot = _bootstrap(base)
        _note(f"serving on {base}; {args.turns} streamed completions beside the chat stream")
        report = {"database": env["DATABASE_URL"].split(":")[0],
                  "jobs": "rq" if args.redis_url else "in-process",
                  **asyncio.run(measure(base, boot, args.turns))}
    finally:
        for proc in (worker, server):
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=30)
    targets = {"first_token_within_10ms_of_chat_delta_p95":
               report["first_token_after_chat_delta_ms"]["p95"] <= TARGET_MS}
    print(json.dumps(report, indent=2))
    result_line("openai_compat", report, targets)
    return 0
