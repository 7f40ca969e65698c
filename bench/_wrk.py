"""The service (`agent-platform serve --workers 2`) and the bare Flask baseline (gunicorn,
2 workers) side by side on one SQLite database, driven by wrk in alternating rounds so that
both see the same machine load.

    with Pair(work, env) as pair:
        figures = pair.compare("/v1/organization", key, seconds=10, connections=32)
"""
from __future__ import annotations

import json
import re
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parent.parent


def have_wrk() -> bool:
    if shutil.which("wrk"):
        return True
    print("wrk is required: apt-get install wrk", file=sys.stderr)
    return False


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait(url: str, headers: dict, proc: subprocess.Popen, timeout: float = 180.0) -> None:
    deadline = time.time() + timeout  # a loaded 2-core machine starts two workers slowly
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server for {url} exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=5) as r:
                if r.status == 200:
                    return
        except Exception:
            time.sleep(0.3)
    raise SystemExit(f"{url} did not answer within {timeout}s")


def wrk(url: str, key: str, seconds: float, connections: int) -> dict:
    out = subprocess.run(
        ["wrk", "-t2", f"-c{connections}", f"-d{max(1, round(seconds))}s", "--latency",
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


class Pair:
    """Starts both servers on the database of env (DATABASE_URL, sqlite) and stops them."""

    def __init__(self, env: dict, db_path: str):
        self.env, self.db_path, self.procs = env, db_path, []
        self.ports: dict[str, int] = {}

    def __enter__(self) -> "Pair":
        port, bare_port = _free_port(), _free_port()
        self.procs.append(subprocess.Popen(
            [sys.executable, "-m", "server.cli", "serve", "--workers", "2", "--port", str(port)],
            env=self.env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        self.procs.append(subprocess.Popen(
            [str(BIN / "gunicorn"), "-w", "2", "-b", f"127.0.0.1:{bare_port}", "--log-level",
             "warning", "bench._bare_flask:app"], env={**self.env, "BENCH_DB_PATH": self.db_path},
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        self.ports = {"service": port, "bare flask": bare_port}
        return self

    def __exit__(self, *exc) -> None:
        for proc in self.procs:
            proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()

    def compare(self, path: str, key: str, *, seconds: float, connections: int,
                rounds: int = 3) -> dict:
        """Figures of both servers for GET path: rounds of seconds/rounds each, alternating
        (service, bare, service, ...); req/s summed over rounds, p50 and p99 the median of the
        rounds', and service/bare ratios."""
        headers = {"Authorization": f"Bearer {key}"}
        urls = {name: f"http://127.0.0.1:{port}{path}" for name, port in self.ports.items()}
        bodies = {}
        for name, url in urls.items():
            _wait(url, headers, self.procs[0 if name == "service" else 1])
            with urllib.request.urlopen(urllib.request.Request(url, headers=headers),
                                        timeout=30) as answer:
                bodies[name] = json.loads(answer.read())
            wrk(url, key, 2, connections)  # warm-up
        if bodies["service"] != bodies["bare flask"]:  # the same work means the same answer
            raise SystemExit(f"GET {path}: the bare app's answer differs from the service's")
        runs = {name: [] for name in urls}
        for _ in range(rounds):
            for name, url in urls.items():
                runs[name].append(wrk(url, key, seconds / rounds, connections))
        result = {name: {"rps": round(statistics.mean(r["rps"] for r in rs), 1),
                         "p50_ms": round(statistics.median(r["p50_ms"] for r in rs), 2),
                         "p99_ms": round(statistics.median(r["p99_ms"] for r in rs), 2),
                         "errors": sum(r["errors"] for r in rs)} for name, rs in runs.items()}
        service, bare = result["service"], result["bare flask"]
        result["ratio"] = round(service["rps"] / bare["rps"], 3)
        result["p99_ratio"] = round(service["p99_ms"] / max(bare["p99_ms"], 0.001), 2)
        return result


def print_pair(title: str, result: dict) -> None:
    print(title)
    for name in ("service", "bare flask"):
        r = result[name]
        print(f"  {name:<11} {r['rps']:>9.0f} req/s   p50 {r['p50_ms']:6.2f} ms   "
              f"p99 {r['p99_ms']:6.2f} ms   non-2xx {r['errors']}")
    print(f"  service / bare = {result['ratio']:.1%}   p99 service / bare = {result['p99_ratio']}x")
