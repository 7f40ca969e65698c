"""Prometheus metrics of every process (``serve`` and its workers, ``worker``, ``scheduler``).

Multiprocess mode: each process writes its values to files of one directory per instance
and host (``PROMETHEUS_MULTIPROC_DIR``; the service sets it to a directory named after the
database under ``AGENT_PLATFORM_METRICS_DIR``, default ``<data dir>/metrics/<instance>``,
unless the environment already names one), and the exposition reads them all, so a scrape of
any process sees the instance's processes on the host. ``configure(settings)`` is called
once per process before the first metric is touched; without it (or with
``AGENT_PLATFORM_METRICS=off``) every recording function here is a no-op.

The hottest values are aggregated in the process and written to the shared files once a
second by a daemon thread (and at exit, and before an exposition): HTTP requests (one dict
update per request instead of two locked file writes) and the database connections in use
(counted by the pool at each checkout and return, core/db.py, and sampled from that count
instead of written at every checkout).

Labels are bounded: operation ids, kinds, statuses, provider types, outcomes, queue names and
model names (at most ``MAX_MODELS`` distinct ones per process, then ``other``). They never
carry the id of an organization, user, thread or run, nor anything secret.
"""
from __future__ import annotations

import atexit
import bisect
import collections
import os
import threading
import time
from pathlib import Path

MAX_MODELS = 50
_TIME_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120)
_LAG_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300)

_lock = threading.Lock()
_m: dict | None = None  # the metric objects, once configured
_models: set[str] = set()
enabled = False
FLUSH_S = 1.0
_BOUNDS = (*_TIME_BUCKETS, float("inf"))
_http: dict[tuple, list] = {}  # (operation, status) -> [count per bucket..., sum of seconds]
_http_lock = threading.Lock()


def configure(settings) -> None:
    """Set up this process's metrics (idempotent; the first call's directory stays)."""
    global _m, enabled
    if not settings.metrics or _m is not None:
        return
    with _lock:
        if _m is not None:
            return
        directory = directory_of(settings)
        Path(directory).mkdir(parents=True, exist_ok=True)
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = directory
        from prometheus_client import values

        values.ValueClass = values.get_value_class()  # in case it was imported before
        _m = _define()
        enabled = True
        atexit.register(process_exit)
        from core import concurrency

        concurrency.thread("metrics-flush", _flusher)


def directory_of(settings) -> str:
    """The multiprocess directory: ``PROMETHEUS_MULTIPROC_DIR`` when the environment names
    one, else a directory per instance under AGENT_PLATFORM_METRICS_DIR, named after its
    database (core/instance.py), so that two instances sharing a data directory keep their
    metrics apart."""
    from core import instance

    return os.environ.get("PROMETHEUS_MULTIPROC_DIR") or str(
        Path(settings.metrics_dir) / instance.key(settings.database_url))


def _define() -> dict:
    from prometheus_client import Counter, Gauge, Histogram

    p = "agent_platform_"
    return {
        "http": Histogram(p + "http_request_duration_seconds",
                          "HTTP requests by operationId and status, with their latency",
                          ["operation", "status"], buckets=_TIME_BUCKETS),
        "runs": Histogram(p + "run_duration_seconds",
                          "Finished runs by kind (agent, copilot, workflow) and status",
                          ["kind", "status"], buckets=_TIME_BUCKETS),
        "model": Histogram(p + "model_call_duration_seconds",
                           "Model calls by provider, model and outcome, with their latency",
                           ["provider", "model", "outcome"], buckets=_TIME_BUCKETS),
        "tokens": Counter(p + "model_tokens", "Tokens of model calls by direction",
                          ["provider", "model", "direction"]),
        "cost": Counter(p + "model_cost_usd", "Cost of runs in USD at the configured prices",
                        ["model"]),
        "tool": Histogram(p + "tool_call_duration_seconds",
                          "Tool calls by provider type and outcome, with their latency",
                          ["provider_type", "outcome"], buckets=_TIME_BUCKETS),
        "mcp": Gauge(p + "mcp_connections", "Persistent MCP client connections by state",
                     ["state"], multiprocess_mode="livesum"),
        "fires": Counter(p + "scheduler_fires", "Schedule fires by outcome (enqueued, missed)",
                         ["outcome"]),
        "lag": Histogram(p + "scheduler_lag_seconds",
                         "Delay from a schedule's due time to its fire", buckets=_LAG_BUCKETS),
        "sse": Gauge(p + "sse_streams_open", "Open Server-Sent Events streams",
                     multiprocess_mode="livesum"),
        "pool": Gauge(p + "db_connections_in_use",
                      "Database connections in use (sampled every second)",
                      multiprocess_mode="livesum"),
    }


def _model(name: str | None) -> str:
    name = (name or "unknown")[:100]
    if name in _models:
        return name
    with _lock:
        if len(_models) < MAX_MODELS:
            _models.add(name)
            return name
    return "other"


def http_request(operation: str | None, status: int, seconds: float) -> None:
    """One answered request; operation is the operationId (as resolved: handlers.x.name).
    Counted in the process; written to the shared files by ``flush``."""
    if _m is None:
        return
    key = (operation, status)
    with _http_lock:
        entry = _http.get(key)
        if entry is None:
            entry = _http[key] = [0] * len(_BOUNDS) + [0.0]
        entry[bisect.bisect_left(_BOUNDS, seconds)] += 1
        entry[-1] += seconds


def flush() -> None:
    """Write what the process aggregated (HTTP requests) and sampled (connections in use)."""
    global _http
    if _m is None:
        return
    with _http_lock:
        pending, _http = _http, {}
    for (operation, status), entry in pending.items():
        name = operation.rpartition(".")[2] if operation else "unmatched"
        child = _m["http"].labels(name, str(status))
        for index, count in enumerate(entry[:-1]):
            if count:
                child._buckets[index].inc(count)  # what observe() does, count times at once
        child._sum.inc(entry[-1])
    from core import db

    _m["pool"].set(db.connections_in_use())


def _flusher() -> None:
    while True:
        time.sleep(FLUSH_S)
        try:
            flush()
        except Exception:  # never let the thread die; the next round writes again
            pass


def run_finished(kind: str, status: str, seconds: float) -> None:
    if _m is not None:
        _m["runs"].labels(kind, status).observe(seconds)


def model_call(provider: str, model: str | None, outcome: str, seconds: float,
               input_tokens: int = 0, output_tokens: int = 0) -> None:
    if _m is None:
        return
    name = _model(model)
    _m["model"].labels(provider, name, outcome).observe(seconds)
    if input_tokens:
        _m["tokens"].labels(provider, name, "input").inc(input_tokens)
    if output_tokens:
        _m["tokens"].labels(provider, name, "output").inc(output_tokens)


def cost(model: str | None, usd: float) -> None:
    if _m is not None and usd > 0:
        _m["cost"].labels(_model(model)).inc(usd)


def tool_call(provider_type: str, outcome: str, seconds: float) -> None:
    if _m is not None:
        _m["tool"].labels(provider_type, outcome).observe(seconds)


def mcp_state(old: str | None, new: str | None) -> None:
    """A persistent MCP connection moved from state old to new (None: absent)."""
    if _m is None:
        return
    if old:
        _m["mcp"].labels(old).dec()
    if new:
        _m["mcp"].labels(new).inc()


def scheduler_fire(outcome: str, lag_seconds: float | None = None) -> None:
    if _m is None:
        return
    _m["fires"].labels(outcome).inc()
    if lag_seconds is not None:
        _m["lag"].observe(max(0.0, lag_seconds))


def scheduler_fires(outcome: str, lags: list[float]) -> None:
    """``scheduler_fire`` for the fires of a claim: one count, a lag observed per fire."""
    if _m is None or not lags:
        return
    _m["fires"].labels(outcome).inc(len(lags))
    lags = [max(0.0, lag) for lag in lags]
    histogram = _m["lag"]
    bounds = histogram._upper_bounds
    buckets = collections.Counter(bisect.bisect_left(bounds, lag) for lag in lags)
    for index, count in buckets.items():
        histogram._buckets[index].inc(count)  # what observe() does, count times at once
    histogram._sum.inc(sum(lags))


def sse_stream(delta: int) -> None:
    if _m is not None:
        _m["sse"].inc(delta)


def _registry(extra):
    from prometheus_client import CollectorRegistry
    from prometheus_client.multiprocess import MultiProcessCollector

    registry = CollectorRegistry()
    MultiProcessCollector(registry)
    for collector in extra:
        registry.register(collector)
    return registry


def exposition(settings, extra=()) -> tuple[bytes, str]:
    """The text exposition of every process of this host (and of the extra collectors);
    NotFound when metrics are off."""
    from prometheus_client import generate_latest

    if _m is None or not settings.metrics:
        from rules.errors import NotFound

        raise NotFound("metrics are off (AGENT_PLATFORM_METRICS)", code="metrics_off")
    flush()
    return generate_latest(_registry(extra)), "text/plain"  # the text format 0.0.4


def serve_port(settings, extra=()) -> bool:
    """Serve the exposition, without a token, on AGENT_PLATFORM_METRICS_HOST:PORT (a thread
    of this process); False when no port is set or metrics are off."""
    if not settings.metrics_port or _m is None:
        return False
    from prometheus_client import start_http_server

    start_http_server(settings.metrics_port, addr=settings.metrics_host,
                      registry=_registry(extra))
    return True


def process_exit() -> None:
    """Drop this process's live gauges (open streams, connections) from the directory."""
    if _m is not None:
        from prometheus_client import multiprocess

        flush()
        multiprocess.mark_process_dead(os.getpid())


def prune_dead(settings) -> int:
    """Remove the files of processes that no longer run (start-up of ``serve``)."""
    directory = directory_of(settings)
    removed = 0
    for path in Path(directory).glob("*.db"):
        pid = path.stem.rsplit("_", 1)[-1]
        if pid.isdigit() and not _alive(int(pid)):
            path.unlink(missing_ok=True)
            removed += 1
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
