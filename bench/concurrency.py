"""`python -m bench concurrency`: how many chat turns one deployment holds in flight while the
model takes seconds to answer.

A slow OpenAI-compatible model server (bench/_slow_model.py, its own process) streams every
answer as `--chunks` deltas over `--model-seconds` and counts the calls open at once. On each
setup (`embedded`: `serve` on SQLite with default process settings; `postgres`: a throwaway
PostgreSQL and Redis, `serve --workers 2` and two `worker` processes; see bench/_stack.py) the
organization's `openai` provider points at it, and a network of one agent on it is deployed
to prod. Then, for each N of `--n`:

- chat: N end users each `POST /v1/chat` at the same moment and read
  `GET /v1/chat/stream` to the turn's final event: the peak of model calls in flight (from the
  model server), first `message.delta` p50/p95 and completion p95 after the POST, failures
  (a non-2xx POST, `run.failed` or `run.cancelled`, a stream that did not end by the deadline),
  the growth of each serve and worker process's resident memory (VmRSS, peak during the phase
  minus before it), the CPU time the deployment's processes used per turn (user + system:
  it depends far less on what else the machine runs than the latencies do), and
  `GET /v1/organization` p50/p99 from a separate poller process at 20 requests a second
  meanwhile;
- then, once per setup, `--sync-n` synchronous `POST /v1/agents/{id}/run` at once (completion
  p95, failures, HTTP and run statuses seen) and `--workflow-n` runs of a workflow of one agent
  step (`POST /v1/workflows/{id}/run`, polled with `GET /v1/workflow-runs/{id}`).

Every phase stops at its deadline (`--deadline`, default 3 x the model's time + 60 s): what has
not finished counts as failed, is cancelled through the API, and the model server is left to
go quiet (bounded) before the next phase.

    python -m bench concurrency [--setup embedded|postgres|both] [--n 16,64,256,1000]
        [--model-seconds 5] [--chunks 20] [--deadline S] [--sync-n 256] [--workflow-n 256]
        [--env NAME=VALUE ...] [--keep-logs]

The targets are set at N = 1000 (sync and workflow runs at N = 256): peak in flight >= 95% of
N, no failures, first delta p95 <= 2 s, completion p95 <= 10 s, resident memory growth <= 300
MB per process, GET p99 <= 100 ms. They are judged at the largest N measured, and named with it.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import math
import signal
import subprocess
import sys
import time
from collections import Counter

from bench import _stack
from bench._load import HTTPError, Poller, RssWatch, call, events
from bench._load import pct as _pct
from bench._support import ROOT, free_port, report, wait_port

FINAL = ("run.completed", "run.failed", "run.cancelled")
WORKFLOW_FINAL = ("succeeded", "failed", "cancelled")


def _note(text: str) -> None:
    print(f"[bench concurrency] {text}", file=sys.stderr, flush=True)


def _code(body) -> str:
    """A problem's code (or the start of an answer that is not one)."""
    return body.get("code", str(body)[:80]) if isinstance(body, dict) else str(body)[:80]


def _fmt(seconds) -> str:
    return "  never" if seconds is None else f"{seconds:6.2f}s"


async def _slow_stats(slow_port: int, reset: bool = False) -> dict:
    return (await call(slow_port, "POST" if reset else "GET",
                       "/stats/reset" if reset else "/stats", {}))[1]


async def _drain(slow_port: int, timeout: float) -> bool:
    """Wait (bounded) until no model call has been open for 3 s: the phase's leftovers end
    before the next phase starts."""
    deadline, quiet_since = time.monotonic() + timeout, None
    while time.monotonic() < deadline:
        if (await _slow_stats(slow_port))["open"] == 0:
            quiet_since = quiet_since or time.monotonic()
            if time.monotonic() - quiet_since >= 3:
                return True
        else:
            quiet_since = None
        await asyncio.sleep(0.5)
    return False


async def _limited(calls, width: int = 16) -> None:
    sem = asyncio.Semaphore(width)

    async def one(coro):
        async with sem:
            with contextlib.suppress(HTTPError):
                await coro

    await asyncio.gather(*(one(c) for c in calls))


# -- the phases ---------------------------------------------------------------------------

async def _at_once(n: int, one, deadline: float) -> list[dict]:
    """n tasks started together, each filling its result dict; stopped at the deadline."""
    results, go = [{} for _ in range(n)], asyncio.Event()

    async def task(i):
        await go.wait()
        results[i]["t0"] = time.monotonic()
        results[i]["wall0"] = time.time()
        try:
            await one(i, results[i])
        except HTTPError as exc:
            results[i]["error"] = str(exc)

    tasks = [asyncio.create_task(task(i)) for i in range(n)]
    await asyncio.sleep(0.2)  # every task waits at the gate
    go.set()
    _, pending = await asyncio.wait(tasks, timeout=deadline)
    for t in pending:
        t.cancel()
    await asyncio.gather(*pending, return_exceptions=True)
    return results


async def chat_phase(dep, boot: dict, slow_port: int, n: int, deadline: float, tag: str) -> dict:
    await _slow_stats(slow_port, reset=True)
    watch, poller = RssWatch(dep), Poller(dep.port, boot["key"])

    async def turn(i, r):
        headers = {**boot["auth"], "X-User-Id": f"user-{tag}-{i}"}
        status, body = await call(dep.port, "POST", "/v1/chat", headers,
                                  {"copilot_id": boot["prod"], "message": f"Hello {i}"})
        r["post_status"] = status
        if status != 202:
            r["error"] = f"POST {status} {_code(body)}"
            return
        r["thread"], r["headers"] = body["thread"]["id"], headers
        async with contextlib.aclosing(events(dep.port, f"/v1/chat/stream?thread_id={r['thread']}",
                                              headers)) as stream:
            async for kind, _ in stream:
                if kind == "message.delta" and "first" not in r:
                    r["first"] = time.monotonic() - r["t0"]
                if kind in FINAL:
                    r["final"], r["done"] = kind, time.monotonic() - r["t0"]
                    r["ok"] = kind == "run.completed"
                    return
        r["error"] = "the stream ended before the turn's final event"

    started = time.monotonic()
    results = await _at_once(n, turn, deadline)
    elapsed = time.monotonic() - started
    stats = await _slow_stats(slow_port)
    get = poller.stop()
    late = [r for r in results if "thread" in r and "final" not in r]
    await _limited(call(dep.port, "DELETE", f"/v1/chat/stream?thread_id={r['thread']}",
                        r["headers"]) for r in late)
    drained = await _drain(slow_port, max(60.0, deadline))
    rss = watch.stop()
    ok = [r for r in results if r.get("ok")]
    return {
        "n": n, "seconds": round(elapsed, 1), "peak_in_flight": stats["peak"],
        "model_calls": stats["calls"], "completed": len(ok), "failures": n - len(ok),
        "failure_kinds": dict(Counter(
            r.get("final") or r.get("error") or ("not finished by the deadline" if "thread" in r
                                                 else "POST not answered by the deadline")
            for r in results if not r.get("ok"))),
        "first_delta_p50_s": _pct([r.get("first") for r in results], 0.5),
        "first_delta_p95_s": _pct([r.get("first") for r in results], 0.95),
        "completion_p50_s": _pct([r.get("done") if r.get("ok") else None for r in results], 0.5),
        "completion_p95_s": _pct([r.get("done") if r.get("ok") else None for r in results], 0.95),
        "rss": rss, "rss_growth_max_mb": max((v["growth_mb"] for v in rss.values()), default=0),
        "cpu_ms_per_turn": round(1000 * sum(v["cpu_s"] or 0 for v in rss.values()) / n, 2),
        "get_organization": get, "drained": drained}


async def sync_phase(dep, boot: dict, slow_port: int, n: int, deadline: float) -> dict:
    await _slow_stats(slow_port, reset=True)

    async def run(i, r):
        status, body = await call(dep.port, "POST", f"/v1/agents/{boot['agent']}/run",
                                  {**boot["auth"], "X-User-Id": f"sync-{i}"}, {"input": "Hello"})
        r["status"] = status
        r["run_status"] = ((body or {}).get("run") or {}).get("status") or _code(body)
        r["done"] = time.monotonic() - r["t0"]

    results = await _at_once(n, run, deadline)
    stats = await _slow_stats(slow_port)
    drained = await _drain(slow_port, max(60.0, deadline))
    for r in results:
        r["ok"] = r.get("status") == 200 and r.get("run_status") == "succeeded"
    good = [r for r in results if r["ok"]]
    return {"n": n, "peak_in_flight": stats["peak"], "completed": len(good),
            "failures": n - len(good),
            "statuses": dict(Counter(f"{r.get('status', 'none')} {r.get('run_status')}"
                                     if "status" in r else r.get("error", "not answered by "
                                                                 "the deadline")
                                     for r in results)),
            "completion_p50_s": _pct([r["done"] if r["ok"] else None for r in results], 0.5),
            "completion_p95_s": _pct([r["done"] if r["ok"] else None for r in results], 0.95),
            "drained": drained}


async def workflow_phase(dep, boot: dict, slow_port: int, n: int, deadline: float) -> dict:
    await _slow_stats(slow_port, reset=True)
    started = time.monotonic()

    async def start(i, r):
        status, body = await call(dep.port, "POST", f"/v1/workflows/{boot['workflow']}/run",
                                  boot["auth"], {"input": {}})
        r["status"] = status
        r["id"] = ((body or {}).get("run") or {}).get("id")
        if status != 202:
            r["error"] = f"POST {status} {_code(body)}"

    results = await _at_once(n, start, deadline)
    todo = [r for r in results if r.get("id")]
    while todo and time.monotonic() - started < deadline:
        for r in list(todo):  # one run at a time: the poll stays light beside the load
            with contextlib.suppress(HTTPError):
                status, body = await call(dep.port, "GET", f"/v1/workflow-runs/{r['id']}",
                                          boot["auth"])
                run = (body or {}).get("run") or {}
                if status == 200 and run.get("status") in WORKFLOW_FINAL:
                    r["final"] = run["status"]
                    finished = dt.datetime.fromisoformat(run["finished_at"])
                    r["done"] = finished.timestamp() - r["wall0"]
                    todo.remove(r)
            if time.monotonic() - started >= deadline:
                break
        await asyncio.sleep(0.5)
    peak = (await _slow_stats(slow_port))["peak"]
    await _limited(call(dep.port, "POST", f"/v1/workflow-runs/{r['id']}/cancel", boot["auth"])
                   for r in todo)
    drained = await _drain(slow_port, max(60.0, deadline))
    for r in results:
        r["ok"] = r.get("final") == "succeeded"
    good = [r for r in results if r["ok"]]
    return {"n": n, "peak_in_flight": peak, "completed": len(good), "failures": n - len(good),
            "statuses": dict(Counter(r.get("final") or r.get("error", "not finished by the "
                                                             "deadline") for r in results)),
            "completion_p50_s": _pct([r["done"] if r["ok"] else None for r in results], 0.5),
            "completion_p95_s": _pct([r["done"] if r["ok"] else None for r in results], 0.95),
            "drained": drained}


# -- a setup, the report ----------------------------------------------------------------

async def _measure(dep, boot: dict, slow_port: int, args) -> dict:
    deadline = args.deadline or 3 * args.model_seconds + 60
    _note(f"{dep.name}: a warm-up turn")
    warm = await chat_phase(dep, boot, slow_port, 1, deadline, "warm")
    if warm["failures"]:
        raise RuntimeError(f"{dep.name}: the warm-up turn failed: {warm['failure_kinds']}; "
                           f"logs in {dep.log_dir}")
    out = {"limits": boot["limits"], "chat": []}
    for n in args.n:
        _note(f"{dep.name}: {n} chat turns at once (deadline {deadline:.0f} s)")
        r = await chat_phase(dep, boot, slow_port, n, deadline, f"n{n}")
        out["chat"].append(r)
        _note(f"  peak in flight {r['peak_in_flight']}, failures {r['failures']}, "
              f"first delta p95 {_fmt(r['first_delta_p95_s'])}, completion p95 "
              f"{_fmt(r['completion_p95_s'])}, GET p99 {r['get_organization']['p99_ms']} ms, "
              f"CPU {r['cpu_ms_per_turn']} ms a turn")
    if args.sync_n:
        _note(f"{dep.name}: {args.sync_n} synchronous agent runs at once")
        out["sync_runs"] = await sync_phase(dep, boot, slow_port, args.sync_n, deadline)
    if args.workflow_n:
        _note(f"{dep.name}: {args.workflow_n} workflow runs (one agent step) at once")
        out["workflow_runs"] = await workflow_phase(dep, boot, slow_port, args.workflow_n,
                                                    deadline)
    return out


def run_setup(name: str, slow_port: int, args) -> dict:
    settings = dict(pair.split("=", 1) for pair in args.env)
    deployment = (_stack.embedded(keep_logs=args.keep_logs, settings=settings)
                  if name == "embedded"
                  else _stack.postgres_redis(keep_logs=args.keep_logs, settings=settings))
    with deployment as dep:
        boot = _stack.bootstrap(dep, slow_port, max(args.n, default=1))
        return asyncio.run(_measure(dep, boot, slow_port, args))


def _targets(name: str, result: dict) -> dict:
    t = {}
    if result["chat"]:
        r = max(result["chat"], key=lambda x: x["n"])
        n, need = r["n"], math.ceil(0.95 * r["n"])
        p99 = r["get_organization"]["p99_ms"]
        t.update({
            f"{name}.chat_n{n}_peak_in_flight_ge_{need}": r["peak_in_flight"] >= need,
            f"{name}.chat_n{n}_no_failures": r["failures"] == 0,
            f"{name}.chat_n{n}_first_delta_p95_le_2s": (r["first_delta_p95_s"] or math.inf) <= 2,
            f"{name}.chat_n{n}_completion_p95_le_10s": (r["completion_p95_s"] or math.inf) <= 10,
            f"{name}.chat_n{n}_rss_growth_le_300mb_per_process": r["rss_growth_max_mb"] <= 300,
            f"{name}.chat_n{n}_get_p99_le_100ms": p99 is not None and p99 <= 100})
    for phase in ("sync_runs", "workflow_runs"):
        if phase in result:
            r = result[phase]
            t[f"{name}.{phase}_n{r['n']}_no_failures"] = r["failures"] == 0
            t[f"{name}.{phase}_n{r['n']}_completion_p95_le_10s"] = \
                (r["completion_p95_s"] or math.inf) <= 10
    return t


def _print(name: str, result: dict, args) -> None:
    print(f"{name}: model answers in {args.model_seconds:g} s ({args.chunks} deltas); "
          f"org limits: {result['limits']}")
    if result["chat"]:
        print(f"  {'N':>5} {'peak':>5} {'fail':>5} {'delta p50':>9} {'delta p95':>9} "
              f"{'done p95':>9} {'RSS max+':>8} {'GET p99':>8} {'CPU/turn':>9}   seconds")
    for r in result["chat"]:
        print(f"  {r['n']:5d} {r['peak_in_flight']:5d} {r['failures']:5d} "
              f"{_fmt(r['first_delta_p50_s']):>9} {_fmt(r['first_delta_p95_s']):>9} "
              f"{_fmt(r['completion_p95_s']):>9} {r['rss_growth_max_mb']:7.1f}M "
              f"{r['get_organization']['p99_ms'] or 0:6.1f}ms {r['cpu_ms_per_turn']:7.2f}ms   {r['seconds']}"
              + ("" if r["drained"] else "   (the model server did not go quiet after it)"))
        if r["failures"]:
            print(f"        failures: {r['failure_kinds']}")
    for phase, title in (("sync_runs", "sync agent runs"), ("workflow_runs", "workflow runs")):
        if phase in result:
            r = result[phase]
            print(f"  {title}, N={r['n']}: peak in flight {r['peak_in_flight']}, failures "
                  f"{r['failures']}, completion p50 {_fmt(r['completion_p50_s'])} p95 "
                  f"{_fmt(r['completion_p95_s'])}, seen {r['statuses']}"
                  + ("" if r["drained"] else " (the model server did not go quiet after it)"))


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench concurrency")
    parser.add_argument("--setup", choices=("embedded", "postgres", "both"), default="both")
    parser.add_argument("--n", default="16,64,256,1000",
                        type=lambda s: [int(x) for x in s.split(",") if x.strip()],
                        help="chat turns at once, one phase each (comma-separated)")
    parser.add_argument("--model-seconds", type=float, default=5.0)
    parser.add_argument("--chunks", type=int, default=20)
    parser.add_argument("--deadline", type=float, default=None,
                        help="seconds a phase may take (default 3 x --model-seconds + 60)")
    parser.add_argument("--sync-n", type=int, default=256, help="sync agent runs (0: skip)")
    parser.add_argument("--workflow-n", type=int, default=256, help="workflow runs (0: skip)")
    parser.add_argument("--env", action="append", default=[], metavar="NAME=VALUE",
                        help="a setting for the deployment's processes (repeatable; default: "
                             "the service's defaults)")
    parser.add_argument("--keep-logs", action="store_true",
                        help="keep the logs of serve, the workers and Postgres (path on stderr)")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # stop the stack on the way out
    from bench._slow_model import _raise_fd_limit

    _raise_fd_limit()  # thousands of sockets here and in serve (it inherits the limit)
    slow_port = free_port()
    slow = subprocess.Popen([sys.executable, "-m", "bench._slow_model", str(slow_port),
                             "--seconds", str(args.model_seconds), "--chunks", str(args.chunks)],
                            cwd=ROOT, stdin=subprocess.DEVNULL)
    figures, targets = {"model_seconds": args.model_seconds, "chunks": args.chunks}, {}
    try:
        wait_port(slow_port)
        for name in (("embedded", "postgres") if args.setup == "both" else (args.setup,)):
            result = run_setup(name, slow_port, args)
            figures[name] = result
            targets.update(_targets(name, result))
            _print(name, result, args)
    finally:
        slow.terminate()
        slow.wait(timeout=10)
    for key, met in targets.items():
        print(f"  target {key}: {'met' if met else 'NOT met'}")
    report("concurrency", figures, targets)
    return 0
