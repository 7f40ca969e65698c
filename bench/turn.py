"""Agent runtime overhead per turn: an agent with one HTTP tool, on the test suite's
OpenAI-compatible server answering at once (first a tool call, then a text answer after the
tool's result), the tool on a local HTTP server in another process.

Each measured turn is ``turns.start`` + ``turns.execute`` (run record, admission, watcher,
toolset, two streamed model calls, the tool call on the tool pool, events, the run's end and
its ledger entry in one transaction). Overhead = turn time - model time - tool time, where
model and tool times are the durations the run records for its model calls and its tool call.
Its p50 is the figure (target < 4 ms).

    python -m bench turn [--turns 300] [--database-url postgresql://...]
                         [--metrics on|off] [--tracing off|memory]
"""
from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

from bench._support import (fresh, free_port, memory_tracing, observe_args, p50, report,
                            settings_env, spawn, wait_port)


def p99(values) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def _setup(database_url: str | None):
    from server.app import create_app
    from store import orgs
    from core import db
    from core.settings import Settings

    if not database_url:
        return fresh(tempfile.mkdtemp(prefix="bench-turn-"))
    env = {**settings_env(tempfile.mkdtemp(prefix="bench-turn-")), "DATABASE_URL": database_url}
    settings = Settings.from_env(env)
    app = create_app(settings, migrate=True)
    with db.connection():
        org = orgs.create(name="bench")
    return settings, app, org.id, {}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench turn")
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--database-url", default=None,
                        help="default: a new SQLite file (the embedded default)")
    observe_args(parser)
    args = parser.parse_args(argv)
    os.environ["AGENT_PLATFORM_METRICS"] = args.metrics
    if args.tracing == "otlp":
        raise SystemExit("the turn benchmark runs in-process: --tracing memory or off")

    from runtime.agents import service as agent_runtime
    from runtime.turns import service as turns
    from store import model_config
    from core import db
    from store import providers as provider_store
    from store import tools as tool_store
    from testkit import OpenAIServer, text, tool_calls

    def respond(request):
        if request.body["messages"][-1]["role"] == "tool":
            return text("done", input_tokens=20, output_tokens=1)
        return tool_calls(("echo", {"id": "x"}), input_tokens=10, output_tokens=5)

    echo_port = free_port()
    echo = spawn(["-m", "bench._echo", str(echo_port)])
    model = OpenAIServer(responder=respond).start()
    try:
        wait_port(echo_port)
        settings, _app, org_id, _ = _setup(args.database_url)
        exporter = memory_tracing() if args.tracing == "memory" else None
        with db.connection():
            provider = provider_store.create(org_id=org_id, fields={
                "name": "echo", "type": "api", "base_url": f"http://127.0.0.1:{echo_port}"})
            tool = tool_store.create(org_id=org_id, fields={
                "tool_provider_id": provider.id, "name": "echo", "path": "/echo/{id}",
                "input_schema": {"type": "object", "required": ["id"],
                                 "properties": {"id": {"type": "string"}}}})
            model_config.set(org_id=org_id, fields={"providers": {
                "openai": {"base_url": model.base_url}}})
            agent = agent_runtime.create(org_id=org_id, fields={
                "name": "bench", "instructions": "Use the tool.", "tool_ids": [tool.id],
                "model": {"provider": "openai", "name": "bench-model"}})["agent"]

        def one() -> tuple[float, float, float]:
            with db.connection():
                started = time.perf_counter()
                run = turns.start(settings=settings, org_id=org_id, input="go",
                                  agent_id=agent["id"])
                run = turns.execute(settings=settings, org_id=org_id, run_id=run.id)
                elapsed = time.perf_counter() - started
            assert run.status == "succeeded", run.error
            model_ms = sum(s["duration_ms"] for s in run.steps if s["type"] == "model_call")
            tool_ms = sum(s["duration_ms"] for s in run.steps if s["type"] == "tool_call")
            return elapsed * 1000, model_ms, tool_ms

        for _ in range(30):  # warm-up: connections, caches
            one()
        total, models, tools, overhead = [], [], [], []
        for _ in range(args.turns):
            t, m, k = one()
            total.append(t)
            models.append(m)
            tools.append(k)
            overhead.append(t - m - k)
            if exporter is not None:
                exporter.clear()
    finally:
        model.stop()
        echo.terminate()
    where = "Postgres" if args.database_url else "SQLite (embedded default)"
    print(f"agent turn with one HTTP tool call (2 model calls), {args.turns} turns, {where}, "
          f"metrics {args.metrics}, tracing {args.tracing}")
    for label, values in (("turn", total), ("model calls", models), ("tool call", tools),
                          ("runtime overhead", overhead)):
        print(f"  {label:<18} p50 {p50(values):7.2f} ms   p99 {p99(values):7.2f} ms   "
              f"mean {statistics.fmean(values):7.2f} ms")
    print(f"  target: overhead p50 < 4 ms: {'met' if p50(overhead) < 4 else 'NOT met'}")
    report("turn", {"turns": args.turns, "database": "postgres" if args.database_url else "sqlite",
                    **{f"{name}_{q}_ms": round(fn(values), 2)
                       for name, values in (("turn", total), ("model", models), ("tool", tools),
                                            ("overhead", overhead))
                       for q, fn in (("p50", p50), ("p99", p99))}},
           {"overhead_p50_lt_4ms": p50(overhead) < 4})
    return 0
