"""Workflow engine overhead: a 5-step workflow of HTTP tool steps against a local echo server.

Each measured run is executed by the engine (runtime.workflows.engine.execute(settings, run_id): claim, render
templates, dispatch each step on a step thread with its timeout, record each step, finish).
Interleaved with it, the same five tool calls are made directly (runtime.tools.service.execute, no
workflow). Engine overhead per step = (run time - direct calls time) / 5; its p50 is the
figure (target < 5 ms).

    python -m bench workflow [--runs 200] [--database-url postgresql://...]
"""
from __future__ import annotations

import argparse
import tempfile
import time

from bench._support import fresh, free_port, p50, p95, report, settings_env, spawn, wait_port

STEPS = 5


def _setup(database_url: str | None):
    from server.app import create_app
    from store import keys, orgs
    from core import db
    from core.settings import Settings

    if not database_url:
        return fresh(tempfile.mkdtemp(prefix="bench-wf-"))
    env = {**settings_env(tempfile.mkdtemp(prefix="bench-wf-")), "DATABASE_URL": database_url}
    settings = Settings.from_env(env)
    app = create_app(settings, migrate=True)
    with db.connection():
        org = orgs.create(name="bench")
        _, key = keys.create(org_id=org.id, name="bench", secret=settings.secret_key)
    return settings, app, org.id, {"Authorization": f"Bearer {key}"}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench workflow")
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--database-url", default=None,
                        help="default: a new SQLite file (the embedded default)")
    args = parser.parse_args(argv)

    from runtime.tools import service as tool_runtime
    from runtime.workflows import engine as workflow_engine
    from store import workflow_runs, workflows
    from core import db
    from store import providers as provider_store
    from store import tools as tool_store

    echo_port = free_port()
    echo = spawn(["-m", "bench._echo", str(echo_port)])
    try:
        wait_port(echo_port)
        settings, _app, org_id, _headers = _setup(args.database_url)
        with db.connection():
            provider = provider_store.create(org_id=org_id, fields={
                "name": "echo", "type": "api", "base_url": f"http://127.0.0.1:{echo_port}"})
            tool = tool_store.create(org_id=org_id, fields={
                "tool_provider_id": provider.id, "name": "echo", "path": "/echo/{id}",
                "input_schema": {"type": "object", "required": ["id"],
                                 "properties": {"id": {"type": "string"}}}})
            steps = [{"id": "s0", "type": "tool", "ref": tool.id, "input": {"id": "{{input.id}}"}}]
            steps += [{"id": f"s{i}", "type": "tool", "ref": tool.id,
                       "input": {"id": f"{{{{steps.s{i - 1}.output.path}}}}"}}
                      for i in range(1, STEPS)]
            workflow = workflows.create(org_id=org_id, fields={"name": "five", "steps": steps})

        def direct() -> float:
            started = time.perf_counter()
            with db.connection():
                value = "x"
                for _ in range(STEPS):
                    value = tool_runtime.execute(org_id=org_id, tool_id=tool.id,
                                                 input={"id": value})["output"]["path"]
            return time.perf_counter() - started

        def engine() -> float:
            with db.connection():
                run = workflow_runs.create(org_id=org_id, workflow_id=workflow.id,
                                           input={"id": "x"})
            started = time.perf_counter()
            status = workflow_engine.execute(settings, run.id)
            elapsed = time.perf_counter() - started
            assert status == "succeeded", status
            return elapsed

        for _ in range(20):  # warm-up: connections, caches
            direct(), engine()
        direct_s, engine_s, overhead_ms = [], [], []
        for _ in range(args.runs):
            d, e = direct(), engine()
            direct_s.append(d)
            engine_s.append(e)
            overhead_ms.append((e - d) * 1000 / STEPS)
    finally:
        echo.terminate()
    where = "Postgres" if args.database_url else "SQLite (embedded default)"
    print(f"workflow of {STEPS} tool steps, {args.runs} runs, {where}")
    print(f"  run (engine)           p50 {p50(engine_s) * 1000:7.2f} ms   p95 {p95(engine_s) * 1000:7.2f} ms")
    print(f"  same calls, direct     p50 {p50(direct_s) * 1000:7.2f} ms   p95 {p95(direct_s) * 1000:7.2f} ms")
    print(f"  engine overhead / step p50 {p50(overhead_ms):7.2f} ms   p95 {p95(overhead_ms):7.2f} ms"
          f"   (target p50 < 5 ms: {'met' if p50(overhead_ms) < 5 else 'NOT met'})")
    report("workflow", {"steps": STEPS, "runs": args.runs,
                        "overhead_per_step_p50_ms": round(p50(overhead_ms), 2),
                        "overhead_per_step_p95_ms": round(p95(overhead_ms), 2)},
           {"overhead_per_step_p50_lt_5ms": p50(overhead_ms) < 5})
    return 0
