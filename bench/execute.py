"""Tool execution overhead: POST /v1/tools/{id}/execute of an HTTP tool against a local echo
server, versus calling the echo server directly with requests, in one run (interleaved).
The API runs as `uvicorn` in its own process, the echo server in another.

    python -m bench execute [--runs 300]
"""
from __future__ import annotations

import argparse
import tempfile
import time

import requests

from bench._support import fresh, free_port, p50, p95, report, settings_env, spawn, wait_port


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench execute")
    parser.add_argument("--runs", type=int, default=300)
    args = parser.parse_args(argv)

    from runtime.tools import service as tool_runtime
    from core import db
    from store import providers as provider_store
    from store import tools as tool_store

    data_dir = tempfile.mkdtemp(prefix="bench-exec-")
    echo_port, api_port = free_port(), free_port()
    echo = spawn(["-m", "bench._echo", str(echo_port)])
    settings, _app, org_id, headers = fresh(data_dir)
    with db.connection():
        provider = provider_store.create(org_id=org_id, fields={
            "name": "echo", "type": "api", "base_url": f"http://127.0.0.1:{echo_port}",
            "auth": {"type": "bearer", "token": "bench-token"}})
        tool = tool_store.create(org_id=org_id, fields={
            "tool_provider_id": provider.id, "name": "echo", "path": "/echo/{id}",
            "input_schema": {"type": "object", "required": ["id"],
                             "properties": {"id": {"type": "string"}}},
            "output_schema": {"type": "object", "required": ["ok"]}})
    api = spawn(["-m", "uvicorn", "server.asgi:make_app", "--factory", "--host", "127.0.0.1",
                 "--port", str(api_port), "--log-level", "warning", "--no-access-log"],
                env=settings_env(data_dir))
    try:
        wait_port(echo_port)
        wait_port(api_port)
        direct_url = f"http://127.0.0.1:{echo_port}/echo/1"
        api_url = f"http://127.0.0.1:{api_port}/v1/tools/{tool.id}/execute"
        direct_session, api_session = requests.Session(), requests.Session()
        direct, through, inproc = [], [], []
        for i in range(args.runs + 20):
            t0 = time.perf_counter()
            resp = direct_session.get(direct_url, headers={"Authorization": "Bearer x"},
                                      timeout=10)
            t1 = time.perf_counter()
            assert resp.status_code == 200
            resp = api_session.post(api_url, json={"input": {"id": "1"}}, headers=headers,
                                    timeout=10)
            t2 = time.perf_counter()
            assert resp.status_code == 200 and resp.json()["status"] == "succeeded", resp.text
            with db.connection():
                t3 = time.perf_counter()
                result = tool_runtime.execute(org_id=org_id, tool_id=tool.id, input={"id": "1"})
                t4 = time.perf_counter()
            assert result["status"] == "succeeded"
            if i >= 20:
                direct.append((t1 - t0) * 1000)
                through.append((t2 - t1) * 1000)
                inproc.append((t4 - t3) * 1000)
    finally:
        api.terminate()
        echo.terminate()
    print(f"HTTP tool against a local echo server, {args.runs} calls each, interleaved")
    print(f"{'path':<42} {'p50 ms':>8} {'p95 ms':>8}")
    print(f"{'requests -> echo (direct)':<42} {p50(direct):>8.2f} {p95(direct):>8.2f}")
    print(f"{'POST /v1/tools/{id}/execute (uvicorn)':<42} {p50(through):>8.2f} {p95(through):>8.2f}")
    print(f"{'runtime.tools.service.execute() in process':<42} {p50(inproc):>8.2f} {p95(inproc):>8.2f}")
    print(f"service overhead p50: {p50(through) - p50(direct):.2f} ms "
          f"(in-process execute adds {p50(inproc) - p50(direct):.2f} ms)")
    overhead = p50(through) - p50(direct)
    report("execute", {"direct_p50_ms": round(p50(direct), 2),
                       "through_p50_ms": round(p50(through), 2),
                       "overhead_p50_ms": round(overhead, 2),
                       "in_process_overhead_p50_ms": round(p50(inproc) - p50(direct), 2)},
           {"overhead_p50_lt_5ms": overhead < 5})
    return 0
