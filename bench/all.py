"""The whole suite: every benchmark in turn, each in its own process, with arguments sized
so that the suite ends within about ten minutes on a 2-core machine; each one's output is
shown as it runs, and at the end its JSON result line (`{"bench": name, ..., "targets":
{...}}`) is printed again, followed by one summary line `{"bench": "all", ...}`.

    python -m bench all [--redis-url URL] [--only http,list,...]

`scheduler` needs Postgres (postgresql://postgres@127.0.0.1:5432, as `bench scheduler`) and
a Redis (--redis-url or REDIS_URL): without them its line says it was skipped. The figures of the README's benchmark table come
from the benchmarks run alone with their defaults; `all` is the quick, scriptable pass.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

from bench._support import ROOT

# (name, arguments): shorter runs than each benchmark's defaults
SUITE = (
    ("http", ["--seconds", "6"]),
    ("list", ["--seconds", "6"]),
    ("sessions", ["--requests", "500", "--verifications", "5000", "--distinct", "300",
                  "--same", "50"]),
    ("rebuild", ["--runs", "10"]),
    ("execute", ["--runs", "100"]),
    ("mcp", ["--runs", "100", "--rounds", "3"]),
    ("exposures", ["--calls", "150"]),
    ("schedule_time", []),
    ("workflow", ["--runs", "60"]),
    ("turn", ["--turns", "150"]),
    ("chat", ["--turns", "60", "--requests", "300", "--memory-turns", "1500"]),
    ("openai_compat", ["--turns", "60"]),
    ("memory", ["--rounds", "50"]),
    ("org_document", []),
    ("knowledge", ["--chunks", "20000", "--queries", "50"]),
    ("concurrency", ["--setup", "embedded", "--n", "64", "--deadline", "30", "--sync-n", "64",
                     "--workflow-n", "64"]),
    ("scheduler", ["--schedules", "10000", "--floor-jobs", "3000"]),
    ("webhooks", ["--setup", "embedded"]),
    ("widget", ["--rounds", "2"]),
)


def _redis_ok(url: str) -> bool:
    try:
        import redis

        return bool(redis.Redis.from_url(url, socket_connect_timeout=2).ping())
    except Exception:
        return False


def _postgres_ok() -> bool:
    try:
        from bench.scheduler import PG_SERVER, _admin

        _admin(PG_SERVER).close()
        return True
    except Exception:
        return False


def _run(name: str, args: list[str], timeout: float) -> dict:
    started = time.monotonic()
    print(f"== {name} {' '.join(args)}", flush=True)
    proc = subprocess.Popen([sys.executable, "-m", "bench", name, *args], cwd=ROOT,
                            stdout=subprocess.PIPE, text=True)
    line = None
    try:
        for text in proc.stdout:
            print(text, end="", flush=True)
            if text.startswith('{"bench"'):
                line = json.loads(text)
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
    seconds = round(time.monotonic() - started, 1)
    if line is None:
        line = {"bench": name, "error": f"exit status {proc.returncode}, no result line",
                "targets": {}}
    line["seconds"] = seconds
    return line


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench all")
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL"),
                        help="a Redis for `scheduler` (never one other RQ workers serve)")
    parser.add_argument("--only", help="comma-separated names")
    args = parser.parse_args(argv)
    wanted = set(args.only.split(",")) if args.only else None
    started = time.monotonic()
    lines = []
    for name, extra in SUITE:
        if wanted is not None and name not in wanted:
            continue
        if name == "scheduler":
            if not (args.redis_url and _redis_ok(args.redis_url)
                    and _postgres_ok()):
                lines.append({"bench": name, "skipped": "needs Postgres and Redis (--redis-url)",
                              "targets": {}})
                continue
            extra = [*extra, "--redis-url", args.redis_url]
        lines.append(_run(name, extra, timeout=600))
    print("== results")
    for line in lines:
        print(json.dumps(line), flush=True)
    missed = sorted(f"{line['bench']}.{t}" for line in lines
                    for t, ok in line.get("targets", {}).items() if not ok)
    seconds = round(time.monotonic() - started, 1)
    print(json.dumps({"bench": "all", "seconds": seconds, "benchmarks": len(lines),
                      "targets_missed": missed,
                      "targets": {"suite_under_10_minutes": seconds < 600,
                                  "every_benchmark_reported": all(
                                      "error" not in line for line in lines)}}), flush=True)
    return 0
