"""Prometheus metrics of every process (``serve`` and its workers, ``worker``, ``scheduler``).

Multiprocess mode: each process writes its values to files of one directory per host
(``PROMETHEUS_MULTIPROC_DIR``; the service sets it to ``AGENT_PLATFORM_METRICS_DIR``, default
``<data dir>/metrics``, unless the environment already names one), and the exposition reads
them all, so a scrape of any process sees the whole host. ``configure(settings)`` is called
once per process before the first metric is touched; without it (or with
``AGENT_PLATFORM_METRICS=off``) every recording function here is a no-op.

Labels are bounded: operation ids, kinds, statuses, provider types, outcomes, queue names and
model names (at most ``MAX_MODELS`` distinct ones per process, then ``other``). They never
carry the id of an organization, user, thread or run, nor anything secret.
"""
from __future__ import annotations

import atexit
import os
import threading
from pathlib import Path

MAX_MODELS = 50
_TIME_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120)
_LAG_BUCKETS = (0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300)

_lock = threading.Lock()
_m: dict | None = None  # the metric objects, once configured
_models: set[str] = set()
enabled = False


def configure(settings) -> None:
    """Set up this process's metrics (idempotent; the first call's directory stays)."""
    global _m, enabled
    if not settings.metrics or _m is not None:
        return
    with _lock:
        if _m is not None:
            return
        directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR") or str(settings.metrics_dir)
        Path(directory).mkdir(parents=True, exist_ok=True)
        os.environ["PROMETHEUS_MULTIPROC_DIR"] = directory
        from prometheus_client import values

        values.ValueClass = values.get_value_class()  # in case it was imported before
        _m = _define()
        enabled = True
        atexit.register(process_exit)


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
        "pool": Gauge(p + "db_connections_in_use", "Database connections in use",
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
    """One answered request; operation is the operationId (as resolved: handlers.x.name)."""
    if _m is not None:
        name = operation.rpartition(".")[2] if operation else "unmatched"
        _m["http"].labels(name, str(status)).observe(seconds)


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


def sse_stream(delta: int) -> None:
    if _m is not None:
        _m["sse"].inc(delta)


def pool_in_use(delta: int) -> None:
    if _m is not None:
        _m["pool"].inc(delta)


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
        from store.errors import NotFound

        raise NotFound("metrics are off (AGENT_PLATFORM_METRICS)", code="metrics_off")
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

        multiprocess.mark_process_dead(os.getpid())


def prune_dead(settings) -> int:
    """Remove the files of processes that no longer run (start-up of ``serve``)."""
    directory = os.environ.get("PROMETHEUS_MULTIPROC_DIR") or str(settings.metrics_dir)
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
