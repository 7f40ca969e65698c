"""HTTP overhead: the service (`agent-platform serve --workers 2`, SQLite) against a bare Flask
app (gunicorn, 2 workers) answering the same authenticated GET /v1/organization with the same
queries on the same database, both driven by wrk on loopback in the same run.

    python -m bench http [--seconds 10] [--connections 32] [--metrics on|off] [--tracing off|otlp]

Needs `wrk` (Debian package `wrk`). Target: the service reaches >= 85% of the bare app's req/s.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from bench._support import observe_args

BIN = Path(sys.executable).parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(url: str, headers: dict, timeout: float = 180.0) -> None:
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=2) as r:
                if r.status == 200:
                    return
        except Exception:
            time.sleep(0.2)
    raise SystemExit(f"{url} did not answer within {timeout}s")


def _wrk(url: str, key: str, seconds: int, connections: int) -> dict:
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{seconds}s", "--latency",
         "-H", f"Authorization: Bearer {key}", url],
        capture_output=True, text=True, check=True, timeout=seconds + 60).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))

    def pct(p):
        m = re.search(rf"^\s+{p}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        value, unit = float(m.group(1)), m.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    return {"rps": rps, "p50_ms": pct(50), "p99_ms": pct(99),
            "errors": int(non2xx.group(1)) if non2xx else 0}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench http")
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--connections", type=int, default=32)
    observe_args(parser)
    args = parser.parse_args(argv)
    if args.tracing == "memory":
        raise SystemExit("serve runs in processes of its own: --tracing otlp (to a local sink) "
                         "or off")
    if not shutil.which("wrk"):
        print("wrk is required: apt-get install wrk", file=sys.stderr)
        return 2

    work = Path(tempfile.mkdtemp(prefix="bench-http-"))
    env = {**os.environ, "AGENT_PLATFORM_DATA_DIR": str(work), "AGENT_PLATFORM_LOG_LEVEL": "WARNING",
           "AGENT_PLATFORM_SECRET_KEY": "bench-secret-key-" + os.urandom(8).hex()}
    env.pop("DATABASE_URL", None)
    env.pop("REDIS_URL", None)
    env["AGENT_PLATFORM_METRICS"] = args.metrics
    for name in [k for k in env if k.startswith("OTEL_")]:
        env.pop(name)
    cli = str(BIN / "agent-platform")
    subprocess.run([cli, "migrate"], env=env, check=True, capture_output=True)
    org = json.loads(subprocess.run([cli, "orgs", "create", "--name", "bench"], env=env,
                                    check=True, capture_output=True).stdout)
    key = json.loads(subprocess.run([cli, "keys", "create", "--org", org["id"]], env=env,
                                    check=True, capture_output=True).stdout)["key"]
    headers = {"Authorization": f"Bearer {key}"}

    results, procs = {}, []
    try:
        if args.tracing == "otlp":
            sink = _free_port()
            procs.append(subprocess.Popen([sys.executable, "-m", "bench._otlp_sink", str(sink)],
                                          cwd=Path(__file__).parent.parent))
            env["OTEL_EXPORTER_OTLP_ENDPOINT"] = f"http://127.0.0.1:{sink}"
        port = _free_port()
        procs.append(subprocess.Popen([cli, "serve", "--workers", "2", "--port", str(port)], env=env,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        bare_port = _free_port()
        bare_env = {**env, "BENCH_DB_PATH": str(work / "agent-platform.db")}
        procs.append(subprocess.Popen(
            [str(BIN / "gunicorn"), "-w", "2", "-b", f"127.0.0.1:{bare_port}", "--log-level",
             "warning", "bench._bare_flask:app"], env=bare_env, cwd=Path(__file__).parent.parent,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        for name, p in (("service", port), ("bare flask", bare_port)):
            url = f"http://127.0.0.1:{p}/v1/organization"
            _wait(url, headers)
            _wrk(url, key, 2, args.connections)  # warm-up
            results[name] = _wrk(url, key, args.seconds, args.connections)
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            proc.wait(timeout=90)  # a loaded machine stops serve slowly
        shutil.rmtree(work, ignore_errors=True)

    print(f"GET /v1/organization, {args.connections} connections, {args.seconds}s, 2 workers each, "
          f"SQLite, metrics {args.metrics}, tracing {args.tracing}")
    for name, r in results.items():
        print(f"  {name:<11} {r['rps']:>9.0f} req/s   p50 {r['p50_ms']:6.2f} ms   "
              f"p99 {r['p99_ms']:6.2f} ms   non-2xx {r['errors']}")
    ratio = results["service"]["rps"] / results["bare flask"]["rps"]
    print(f"  service / bare = {ratio:.1%} (target >= 85%)")
    return 0
