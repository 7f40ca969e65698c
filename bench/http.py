"""HTTP overhead: the service (`agent-platform serve --workers 2`, SQLite) against a bare Flask
app (gunicorn, 2 workers) answering the same authenticated GET /v1/organization with the same
queries on the same database, both driven by wrk on loopback in alternating rounds of one run.

    python -m bench http [--seconds 10] [--connections 32] [--metrics on|off] [--tracing off|otlp]

Needs `wrk` (Debian package `wrk`). Targets: the service reaches >= 90% of the bare app's
req/s, and its p99 is at most twice the bare app's.
"""
from __future__ import annotations

import argparse
import os
import shutil
import tempfile

from bench._support import fresh, free_port, observe_args, report, settings_env, spawn
from bench._wrk import Pair, have_wrk, print_pair


def prepare(work: str):
    """(env for the servers, API key, org id, SQLite path) on a fresh database in work."""
    settings, _app, org_id, headers = fresh(work)
    env = {**os.environ, **settings_env(work)}
    env.pop("REDIS_URL", None)
    key = headers["Authorization"].split(" ", 1)[1]
    return env, key, org_id, settings.database_url[len("sqlite:///"):]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench http")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--connections", type=int, default=32)
    observe_args(parser)
    args = parser.parse_args(argv)
    if args.tracing == "memory":
        raise SystemExit("serve runs in processes of its own: --tracing otlp (to a local sink) "
                         "or off")
    if not have_wrk():
        return 2
    os.environ["AGENT_PLATFORM_METRICS"] = args.metrics
    work = tempfile.mkdtemp(prefix="bench-http-")
    sink = None
    try:
        env, key, _org, db_path = prepare(work)
        for name in [k for k in env if k.startswith("OTEL_")]:
            env.pop(name)
        if args.tracing == "otlp":
            port = free_port()
            sink = spawn(["-m", "bench._otlp_sink", str(port)])
            env["OTEL_EXPORTER_OTLP_ENDPOINT"] = f"http://127.0.0.1:{port}"
        with Pair(env, db_path) as pair:
            result = pair.compare("/v1/organization", key, seconds=args.seconds,
                                  connections=args.connections)
    finally:
        if sink is not None:
            sink.terminate()
        shutil.rmtree(work, ignore_errors=True)
    print_pair(f"GET /v1/organization, {args.connections} connections, {args.seconds:g}s each, "
               f"2 workers each, SQLite, metrics {args.metrics}, tracing {args.tracing}", result)
    report("http", {"organization": result},
           {"rps_ratio_ge_90pct": result["ratio"] >= 0.90 and result["service"]["errors"] == 0,
            "p99_le_2x_bare": result["p99_ratio"] <= 2.0})
    return 0
