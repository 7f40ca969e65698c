"""`python -m bench webhooks`: 1,000 events fanned out to 10 endpoints, delivered p95 within
5 s.

A receiver process (bench/_webhook_receiver.py) serves 10 endpoint URLs and notes, for each
delivery, the time it arrived minus the event's `timestamp` (taken in the transaction that
recorded the event). On each setup (`embedded`: `serve` on SQLite; `postgres`: a throwaway
PostgreSQL and Redis, `serve` and two `agent-platform worker` processes, which send the
webhooks; see bench/_stack.py) an organization subscribes the 10 endpoints to `run.succeeded`,
and `--events` synchronous runs of an `echo` agent (`--clients` at a time) each record one
event, so `--events` x 10 deliveries. The figures: deliveries received (and distinct: a
redelivery counts once), the delay's p50, p95 and max, and the time from the first run to
the last delivery.

    python -m bench webhooks [--setup embedded|postgres|both] [--events 1000] [--clients 8]
        [--endpoints 10] [--deadline 120] [--keep-logs]

Target: every delivery received, delay p95 <= 5 s, on each setup.
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import time

import httpx

from bench import _stack
from bench._support import free_port, p50, p95, report, spawn, wait_port


def _note(text: str) -> None:
    print(f"[bench webhooks] {text}", file=sys.stderr, flush=True)


def _setup_org(dep, receiver_port: int, endpoints: int) -> tuple[dict, str]:
    admin = {"Authorization": f"Bearer {_stack.ADMIN_TOKEN}"}
    with httpx.Client(base_url=dep.base, timeout=60) as client:
        org = client.post("/v1/admin/orgs", json={"name": "bench webhooks"}, headers=admin).json()
        key = client.post(f"/v1/admin/orgs/{org['id']}/api-keys", json={},
                          headers=admin).json()["key"]
        client.put(f"/v1/admin/orgs/{org['id']}/limits", headers=admin,
                   json={"requests_per_minute": 0, "runs_per_month": 0})
        auth = {"Authorization": f"Bearer {key}"}
        for n in range(endpoints):
            resp = client.post("/v1/webhooks", headers=auth, json={
                "url": f"http://127.0.0.1:{receiver_port}/e{n}", "event_types": ["run.succeeded"]})
            resp.raise_for_status()
        agent = client.post("/v1/agents", headers=auth, json={
            "name": "echo", "instructions": "Answer.",
            "model": {"provider": "echo", "name": "echo"}}).json()["agent"]["id"]
    return auth, agent


async def _runs(base: str, auth: dict, agent: str, events: int, clients: int) -> int:
    failures = 0
    queue = asyncio.Queue()
    for n in range(events):
        queue.put_nowait(n)

    async def client_loop(http):
        nonlocal failures
        while not queue.empty():
            n = queue.get_nowait()
            resp = await http.post(f"/v1/agents/{agent}/run", headers=auth,
                                   json={"input": f"event {n}"})
            if resp.status_code != 200 or resp.json()["run"]["status"] != "succeeded":
                failures += 1

    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        await asyncio.gather(*(client_loop(http) for _ in range(clients)))
    return failures


def _measure(dep, args) -> dict:
    port = free_port()
    receiver = spawn(["-m", "bench._webhook_receiver", str(port)])
    try:
        wait_port(port)
        auth, agent = _setup_org(dep, port, args.endpoints)
        expected = args.events * args.endpoints
        started = time.monotonic()
        failures = asyncio.run(_runs(dep.base, auth, agent, args.events, args.clients))
        runs_s = time.monotonic() - started
        _note(f"{dep.name}: {args.events} runs in {runs_s:.1f} s ({failures} failed)")
        deadline = time.monotonic() + args.deadline
        stats = {}
        while time.monotonic() < deadline:
            stats = httpx.get(f"http://127.0.0.1:{port}/stats", timeout=30).json()
            if stats["distinct"] >= expected:
                break
            time.sleep(0.5)
        total_s = time.monotonic() - started
        delays = stats.get("delays") or [float("inf")]
        return {"events": args.events, "endpoints": args.endpoints, "expected": expected,
                "received": stats.get("received", 0), "distinct": stats.get("distinct", 0),
                "run_failures": failures, "runs_s": round(runs_s, 2),
                "delay_p50_s": round(p50(delays), 3), "delay_p95_s": round(p95(delays), 3),
                "delay_max_s": round(max(delays), 3), "first_run_to_last_delivery_s":
                round(total_s, 2)}
    finally:
        receiver.terminate()
        receiver.wait(10)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench webhooks")
    parser.add_argument("--setup", choices=("embedded", "postgres", "both"), default="both")
    parser.add_argument("--events", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--endpoints", type=int, default=10)
    parser.add_argument("--deadline", type=float, default=120)
    parser.add_argument("--keep-logs", action="store_true")
    args = parser.parse_args(argv)
    figures, targets = {}, {}
    setups = ("embedded", "postgres") if args.setup == "both" else (args.setup,)
    for name in setups:
        stack = _stack.embedded(args.keep_logs) if name == "embedded" else \
            _stack.postgres_redis(workers=2, serve_workers=1, keep_logs=args.keep_logs)
        with stack as dep:
            result = _measure(dep, args)
        figures[name] = result
        print(f"{name}: {result}", flush=True)
        label = "embedded" if name == "embedded" else "postgres+redis, 2 workers"
        targets[f"every delivery received ({label})"] = result["distinct"] >= result["expected"]
        targets[f"delivery delay p95 <= 5 s ({label})"] = result["delay_p95_s"] <= 5.0
    report("webhooks", figures, targets)
    return 0
