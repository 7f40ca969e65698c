"""Shared set-up for the tool benchmarks: a fresh database, an org with an API key, timing."""
from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SECRET = "bench-secret-key-0123456789"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def settings_env(data_dir: str) -> dict:
    return {"DATABASE_URL": f"sqlite:///{data_dir}/bench.db", "AGENT_PLATFORM_DATA_DIR": data_dir,
            "AGENT_PLATFORM_SECRET_KEY": SECRET, "AGENT_PLATFORM_SSRF_ALLOW": "127.0.0.1",
            "AGENT_PLATFORM_LOG_LEVEL": "WARNING",
            "AGENT_PLATFORM_METRICS": os.environ.get("AGENT_PLATFORM_METRICS", "on")}


def observe_args(parser) -> None:
    """--metrics on|off and --tracing off|memory|otlp for the benchmarks that compare them."""
    parser.add_argument("--metrics", choices=("on", "off"), default="on",
                        help="collect Prometheus metrics (default on, as the service does)")
    parser.add_argument("--tracing", choices=("off", "memory", "otlp"), default="off",
                        help="off (default), an in-memory exporter (in-process benchmarks), "
                             "or OTLP over HTTP to a local sink that accepts every export")


def memory_tracing():
    """Spans of this process go to an in-memory exporter (emptied as it grows)."""
    from opentelemetry.sdk.trace import TracerProvider
    from opentelemetry.sdk.trace.export import SimpleSpanProcessor
    from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

    from core import tracing

    exporter = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    tracing.install(provider)
    return exporter


def fresh(data_dir: str | None = None):
    """(settings, app, org_id, headers) on a new SQLite database."""
    from server.app import create_app
    from store import keys, orgs
    from core import db
    from core.settings import Settings

    data_dir = data_dir or tempfile.mkdtemp(prefix="bench-")
    settings = Settings.from_env(settings_env(data_dir))
    app = create_app(settings, migrate=True)
    with db.connection():
        org = orgs.create(name="bench")
        _, key = keys.create(org_id=org.id, name="bench", secret=settings.secret_key)
    return settings, app, org.id, {"Authorization": f"Bearer {key}"}


def p50(values) -> float:
    return statistics.median(values)


def p95(values) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def spawn(args: list[str], env: dict | None = None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, *args], cwd=ROOT, env={**os.environ, **(env or {})},
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_port(port: int, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"nothing listens on {port}")


def report(bench: str, figures: dict, targets: dict) -> None:
    """The benchmark's last line: one JSON object a script can read."""
    import json

    print(json.dumps({"bench": bench, **figures, "targets": targets}), flush=True)
