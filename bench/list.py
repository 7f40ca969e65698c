"""Lists over HTTP: `GET /v1/agents?limit=20` and `GET /v1/tools?limit=100` of the service
(`serve --workers 2`, SQLite) against the bare Flask app (gunicorn, 2 workers) running the
same queries (the API key lookup, one page, the agents' current versions in one more query)
and the same JSON encoding on the same database, driven by wrk in alternating rounds.

The organization holds 150 tools and 40 built agents (each naming 5 tools, so each carries
its runtime form), as in `bench rebuild`.

    python -m bench list [--seconds 10] [--connections 32]

Target: each list reaches >= 80% of the bare app's req/s.
"""
from __future__ import annotations

import argparse
import shutil
import tempfile

from bench._support import report
from bench._wrk import Pair, have_wrk, print_pair
from bench.http import prepare
from bench.rebuild import seed

LISTS = {"agents": "/v1/agents?limit=20", "tools": "/v1/tools?limit=100"}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench list")
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--connections", type=int, default=32)
    args = parser.parse_args(argv)
    if not have_wrk():
        return 2
    from core import db

    work = tempfile.mkdtemp(prefix="bench-list-")
    results = {}
    try:
        env, key, org_id, db_path = prepare(work)
        with db.connection():
            seed(org_id, 150, 40)
        db.database.obj.close_all()
        with Pair(env, db_path) as pair:
            for name, path in LISTS.items():
                results[name] = pair.compare(path, key, seconds=args.seconds,
                                             connections=args.connections)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for name, path in LISTS.items():
        print_pair(f"GET {path}, {args.connections} connections, {args.seconds:g}s each, "
                   "2 workers each, SQLite", results[name])
    report("list", results, {f"{name}_ratio_ge_80pct": r["ratio"] >= 0.80
                             and r["service"]["errors"] == 0 for name, r in results.items()})
    return 0
