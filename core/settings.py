"""Settings: one typed object, read from the environment in one place."""
from __future__ import annotations

import dataclasses
import json
import os
import secrets
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit, urlunsplit

_TRUE = {"1", "true", "yes", "on"}


def _bool(value: str | None, default: bool) -> bool:
    if value is None or value == "":
        return default
    return value.strip().lower() in _TRUE


def _list(value: str | None) -> tuple[str, ...]:
    return tuple(v.strip() for v in (value or "").split(",") if v.strip())


def _int(env: dict, name: str, default: int) -> int:
    raw = env.get(name)
    if raw is None or raw == "":
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise SystemExit(f"{name} must be an integer, got {raw!r}") from exc


def _positive(env: dict, name: str, default: int) -> int:
    value = _int(env, name, default)
    if value < 1:
        raise SystemExit(f"{name} must be at least 1, got {value}")
    return value


def _non_negative(env: dict, name: str, default: int) -> int:
    value = _int(env, name, default)
    if value < 0:
        raise SystemExit(f"{name} must not be negative, got {value}")
    return value


def _choice(env: dict, name: str, allowed: tuple[str, ...], default: str) -> str:
    value = (env.get(name) or default).strip().lower()
    if value not in allowed:
        raise SystemExit(f"{name} must be one of {', '.join(allowed)}, got {value!r}")
    return value


def _float(env: dict, name: str, default: float) -> float:
    raw = env.get(name)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except ValueError as exc:
        raise SystemExit(f"{name} must be a number, got {raw!r}") from exc
    if value < 0:
        raise SystemExit(f"{name} must not be negative, got {raw!r}")
    return value


def _price_settings(env: dict) -> dict:
    """The one price table: AGENT_PLATFORM_PRICES, a JSON object {model: {"input": usd,
    "output": usd}} in US dollars per million tokens (``"*"`` prices models not listed).
    AGENT_PLATFORM_MODEL_PRICES is its deprecated alias, read only when the first is unset.
    ``prices`` keeps the table as given; ``model_prices`` is the same table as sorted tuples
    (model, input, output), kept for callers of the older name."""
    name = "AGENT_PLATFORM_PRICES"
    raw = env.get(name)
    if not raw:
        name, raw = "AGENT_PLATFORM_MODEL_PRICES", env.get("AGENT_PLATFORM_MODEL_PRICES")
    if not raw:
        return {"prices": {}, "model_prices": ()}
    try:
        table = json.loads(raw)
    except ValueError as exc:
        raise SystemExit(f"{name} must be a JSON object: {exc}") from exc
    if not isinstance(table, dict):
        raise SystemExit(f"{name} must be a JSON object of model -> {{input, output}}")
    rows = []
    for model, price in table.items():
        ok = isinstance(price, dict) and set(price) <= {"input", "output"} and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0
            for v in price.values())
        if not ok:
            raise SystemExit(f"{name}: the price of {model!r} must be {{\"input\": number, "
                             "\"output\": number}} (US dollars per million tokens, >= 0)")
        rows.append((model, float(price.get("input", 0)), float(price.get("output", 0))))
    return {"prices": table, "model_prices": tuple(sorted(rows))}


def _runtime_settings(env: dict) -> dict:
    """The agent runtime (runtime/turns/service.py and its modules)."""
    return dict(
        max_handoffs=_int(env, "AGENT_PLATFORM_MAX_HANDOFFS", 5),
        run_max_depth=_positive(env, "AGENT_PLATFORM_RUN_MAX_DEPTH", 3),
        turn_stale_ms=_positive(env, "AGENT_PLATFORM_TURN_STALE_MS", 60000),
        followups=_int(env, "AGENT_PLATFORM_FOLLOWUPS", 3),
        tool_workers=_positive(env, "AGENT_PLATFORM_TOOL_WORKERS", 32),
        turns_in_flight=_positive(env, "AGENT_PLATFORM_TURNS_IN_FLIGHT", 1000),
        sync_run_wait_ms=_int(env, "AGENT_PLATFORM_SYNC_RUN_WAIT_MS", 30000),
        db_hop_threads=_positive(env, "AGENT_PLATFORM_DB_HOP_THREADS", 8),
        db_outage_wait_ms=_int(env, "AGENT_PLATFORM_DB_OUTAGE_WAIT_MS", 30000),
    )


@dataclasses.dataclass(frozen=True)
class Settings:
    data_dir: Path
    database_url: str
    redis_url: str | None
    secret_key: str
    admin_token: str | None
    host: str = "127.0.0.1"
    port: int = 8080
    workers: int = 1
    # Seconds an idle client connection stays open (server/asgi.py). Above the idle expiry of
    # common clients (5 s) and load balancers (60 s), so a reused connection is never closed
    # under a request that has just been sent on it.
    http_keepalive_s: float = 75.0
    log_level: str = "INFO"
    validate_responses: bool = False
    db_pool_size: int = 20
    db_prepare: bool = True
    db_pool_timeout: int = 10
    encryption_keys: tuple[str, ...] = ()
    ssrf_allow: tuple[str, ...] = ()
    # Models (runtime/models): provider endpoints, keys, timeouts, retries, prices.
    default_model_provider: str = "echo"
    openai_base_url: str = "https://api.openai.com/v1"
    openai_api_key: str | None = dataclasses.field(default=None, repr=False)
    anthropic_base_url: str = "https://api.anthropic.com"
    anthropic_api_key: str | None = dataclasses.field(default=None, repr=False)
    model_connect_timeout: float = 10.0
    model_read_timeout: float = 120.0
    model_max_retries: int = 2
    model_retry_backoff: float = 0.5
    model_retry_max_wait: float = 60.0
    model_prices: tuple[tuple[str, float, float], ...] = ()  # deprecated view of `prices`
    # identity: sessions, OAuth tools, usage limits, spend
    session_access_ttl: int = 900
    session_refresh_ttl: int = 30 * 24 * 3600
    public_url: str = ""
    oauth_state_ttl: int = 600
    oauth_timeout: int = 10
    rate_limit_per_minute: int = 0
    runs_per_month: int = 0
    limits_cache_seconds: int = 5
    org_turns_in_flight: int = 200  # turns queued or running at once per org (0: no limit)
    user_turns_in_flight: int = 10  # the same per end user of an org (0: no limit)
    redis_prefix: str = "agent-platform"
    prices: dict = dataclasses.field(default_factory=dict, compare=False, hash=False)
    mcp_stdio_enabled: bool = False
    mcp_connect_timeout_ms: int = 5000
    mcp_stdio_start_timeout_ms: int = 30000
    mcp_list_timeout_ms: int = 10000
    mcp_call_timeout_ms: int = 30000
    rebuild_queue: str = "rebuild"
    rebuild_wait_ms: int = 10000
    # Workflows, runs and schedules (runtime/workflow*, jobs/).
    workflow_queue: str = "workflows"
    inline_workers: int = 4
    scheduler: str = "auto"
    scheduler_interval_ms: int = 1000
    scheduler_batch: int = 500
    scheduler_fires_per_job: int = 25
    scheduler_threads: int = 4
    run_lease_ms: int = 60000
    run_max_attempts: int = 3
    run_requeue_after_ms: int = 300000
    step_timeout_ms: int = 300000
    step_retry_backoff_ms: int = 500
    fire_wait_ms: int = 10000
    fire_handoff_ms: int = 1000
    fire_batch_threads: int = 1
    worker_jobs_in_flight: int = 500
    worker_threads: int = 4
    # The agent runtime: handoffs, nesting, turn heartbeat, follow-ups, tool threads.
    max_handoffs: int = 5
    run_max_depth: int = 3
    turn_stale_ms: int = 60000
    followups: int = 3
    tool_workers: int = 32
    turns_in_flight: int = 1000
    sync_run_wait_ms: int = 30000
    db_hop_threads: int = 8
    db_outage_wait_ms: int = 30000
    # Chat (runtime/chat*, jobs/tasks.py).
    chat_queue: str = "chat"
    chat_keepalive_s: float = 15.0
    # Request size limits (server/body_limit.py; docs/limits.md).
    # Above the largest schema-valid body: 100,000 astral characters in one field, each sent as a
    # JSON surrogate pair (12 bytes), plus a second 10,000-character field in the same request.
    max_body_bytes: int = 4 * 1024 * 1024
    max_import_bytes: int = 5 * 1024 * 1024
    # An OpenAPI import (rules/openapi_import.py): values as sent and once expanded, and bytes
    # once expanded (YAML aliases and local $refs resolved).
    max_import_values: int = 200_000
    max_import_expanded_bytes: int = 16 * 1024 * 1024
    # Observability (core/metrics.py, core/tracing.py; docs/operating.md).
    # Webhooks out and triggers in (store/webhooks.py, jobs/webhooks.py; docs/webhooks.md).
    webhook_queue: str = "webhooks"
    webhook_timeout_s: float = 10.0
    webhook_retry_base_ms: int = 5000
    webhook_retry_max_ms: int = 10 * 3600 * 1000
    webhook_retry_for_s: int = 86400
    webhook_disable_after_s: int = 3 * 86400
    webhook_secret_overlap_s: int = 86400
    webhook_poll_ms: int = 250
    webhook_batch: int = 200
    webhook_log_days: int = 30
    metrics: bool = True
    metrics_dir: Path | None = None
    metrics_port: int = 0
    metrics_host: str = "127.0.0.1"
    tracing: bool = False
    trace_content: bool = False

    @property
    def is_sqlite(self) -> bool:
        return self.database_url.startswith("sqlite")

    @property
    def database_shown(self) -> str:
        """DATABASE_URL as it may be shown to a person: without its password."""
        return redact_url(self.database_url)

    @classmethod
    def from_env(cls, env: dict | None = None, **overrides) -> "Settings":
        """Build settings from environment variables (see the README's table).

        With no AGENT_PLATFORM_SECRET_KEY, a key is generated once and kept in the data
        directory (file mode 0600) so that restarts keep API keys and tokens valid.
        """
        env = dict(os.environ if env is None else env)
        data_dir = data_directory(env)
        database_url = env.get("DATABASE_URL") or f"sqlite:///{data_dir / 'agent-platform.db'}"
        values = dict(
            data_dir=data_dir,
            database_url=database_url,
            redis_url=env.get("REDIS_URL") or None,
            secret_key=env.get("AGENT_PLATFORM_SECRET_KEY") or "",
            admin_token=env.get("AGENT_PLATFORM_ADMIN_TOKEN") or None,
            host=env.get("AGENT_PLATFORM_HOST") or "127.0.0.1",
            port=_int(env, "AGENT_PLATFORM_PORT", 8080),
            workers=_int(env, "AGENT_PLATFORM_WORKERS", 1),
            http_keepalive_s=_float(env, "AGENT_PLATFORM_HTTP_KEEPALIVE_S", 75.0) or 75.0,
            log_level=(env.get("AGENT_PLATFORM_LOG_LEVEL") or "INFO").upper(),
            validate_responses=_bool(env.get("AGENT_PLATFORM_VALIDATE_RESPONSES"), False),
            db_pool_size=_int(env, "AGENT_PLATFORM_DB_POOL_SIZE", 20),
            db_prepare=_bool(env.get("AGENT_PLATFORM_DB_PREPARE"), True),
            db_pool_timeout=_int(env, "AGENT_PLATFORM_DB_POOL_TIMEOUT", 10),
            ssrf_allow=_list(env.get("AGENT_PLATFORM_SSRF_ALLOW")),
            default_model_provider=(env.get("AGENT_PLATFORM_MODEL_PROVIDER") or "echo").lower(),
            openai_base_url=env.get("AGENT_PLATFORM_OPENAI_BASE_URL") or "https://api.openai.com/v1",
            openai_api_key=env.get("AGENT_PLATFORM_OPENAI_API_KEY") or None,
            anthropic_base_url=(env.get("AGENT_PLATFORM_ANTHROPIC_BASE_URL")
                                or "https://api.anthropic.com"),
            anthropic_api_key=env.get("AGENT_PLATFORM_ANTHROPIC_API_KEY") or None,
            model_connect_timeout=_float(env, "AGENT_PLATFORM_MODEL_CONNECT_TIMEOUT", 10.0),
            model_read_timeout=_float(env, "AGENT_PLATFORM_MODEL_READ_TIMEOUT", 120.0),
            model_max_retries=_int(env, "AGENT_PLATFORM_MODEL_MAX_RETRIES", 2),
            model_retry_backoff=_float(env, "AGENT_PLATFORM_MODEL_RETRY_BACKOFF", 0.5),
            model_retry_max_wait=_float(env, "AGENT_PLATFORM_MODEL_RETRY_MAX_WAIT", 60.0),
            mcp_stdio_enabled=_bool(env.get("AGENT_PLATFORM_MCP_STDIO"), False),
            mcp_connect_timeout_ms=_int(env, "AGENT_PLATFORM_MCP_CONNECT_TIMEOUT_MS", 5000),
            mcp_stdio_start_timeout_ms=_int(env, "AGENT_PLATFORM_MCP_STDIO_START_TIMEOUT_MS",
                                            30000),
            mcp_list_timeout_ms=_int(env, "AGENT_PLATFORM_MCP_LIST_TIMEOUT_MS", 10000),
            mcp_call_timeout_ms=_int(env, "AGENT_PLATFORM_MCP_CALL_TIMEOUT_MS", 30000),
            rebuild_queue=env.get("AGENT_PLATFORM_REBUILD_QUEUE") or "rebuild",
            rebuild_wait_ms=_int(env, "AGENT_PLATFORM_REBUILD_WAIT_MS", 10000),
            workflow_queue=env.get("AGENT_PLATFORM_WORKFLOW_QUEUE") or "workflows",
            inline_workers=_positive(env, "AGENT_PLATFORM_INLINE_WORKERS", 4),
            scheduler=_choice(env, "AGENT_PLATFORM_SCHEDULER", ("auto", "on", "off"), "auto"),
            scheduler_interval_ms=_positive(env, "AGENT_PLATFORM_SCHEDULER_INTERVAL_MS", 1000),
            scheduler_batch=_positive(env, "AGENT_PLATFORM_SCHEDULER_BATCH", 500),
            scheduler_fires_per_job=_positive(env, "AGENT_PLATFORM_SCHEDULER_FIRES_PER_JOB", 25),
            scheduler_threads=_positive(env, "AGENT_PLATFORM_SCHEDULER_THREADS", 4),
            run_lease_ms=_positive(env, "AGENT_PLATFORM_RUN_LEASE_MS", 60000),
            run_max_attempts=_positive(env, "AGENT_PLATFORM_RUN_MAX_ATTEMPTS", 3),
            run_requeue_after_ms=_positive(env, "AGENT_PLATFORM_RUN_REQUEUE_AFTER_MS", 300000),
            step_timeout_ms=_positive(env, "AGENT_PLATFORM_STEP_TIMEOUT_MS", 300000),
            step_retry_backoff_ms=_int(env, "AGENT_PLATFORM_STEP_RETRY_BACKOFF_MS", 500),
            fire_wait_ms=_positive(env, "AGENT_PLATFORM_FIRE_WAIT_MS", 10000),
            fire_handoff_ms=_positive(env, "AGENT_PLATFORM_FIRE_HANDOFF_MS", 1000),
            fire_batch_threads=_positive(env, "AGENT_PLATFORM_FIRE_BATCH_THREADS", 1),
            worker_jobs_in_flight=_positive(env, "AGENT_PLATFORM_WORKER_JOBS_IN_FLIGHT", 500),
            worker_threads=_positive(env, "AGENT_PLATFORM_WORKER_THREADS", 4),
            chat_queue=env.get("AGENT_PLATFORM_CHAT_QUEUE") or "chat",
            chat_keepalive_s=_float(env, "AGENT_PLATFORM_CHAT_KEEPALIVE_S", 15.0) or 15.0,
            encryption_keys=tuple(
                k.strip() for k in (env.get("AGENT_PLATFORM_ENCRYPTION_KEYS") or "").split(",")
                if k.strip()
            ),
        )
        values.update(_identity_settings(env))
        values.update(_price_settings(env))
        values.update(_runtime_settings(env))
        values.update(_limit_settings(env))
        values.update(_observe_settings(env, values["data_dir"]))
        values.update(_webhook_settings(env))
        values.update(overrides)
        if not values["secret_key"]:
            values["secret_key"] = _stored_secret(values["data_dir"])
        return cls(**values)

    @property
    def scheduler_thread(self) -> bool:
        """Whether `serve` runs the in-process scheduler thread: `auto` means on the embedded
        default (no REDIS_URL), where no separate `agent-platform scheduler` process runs."""
        return self.scheduler == "on" or (self.scheduler == "auto" and not self.redis_url)

    @property
    def active_encryption_keys(self) -> list[str]:
        """Fernet keys, newest first; derived from the secret key when none are configured."""
        from core.crypto import derive_key

        return list(self.encryption_keys) or [derive_key(self.secret_key)]


def _limit_settings(env: dict) -> dict:
    """Request size limits: the whole body of any request, and of an OpenAPI import (its
    bytes as sent, its values as sent and once expanded, its bytes once expanded)."""
    return dict(
        max_body_bytes=_positive(env, "AGENT_PLATFORM_MAX_BODY_BYTES", 4 * 1024 * 1024),
        max_import_bytes=_positive(env, "AGENT_PLATFORM_MAX_IMPORT_BYTES", 5 * 1024 * 1024),
        max_import_values=_positive(env, "AGENT_PLATFORM_MAX_IMPORT_VALUES", 200_000),
        max_import_expanded_bytes=_positive(env, "AGENT_PLATFORM_MAX_IMPORT_EXPANDED_BYTES",
                                            16 * 1024 * 1024),
    )


def _webhook_settings(env: dict) -> dict:
    """Outbound webhook delivery: the queue, each attempt's timeout, the retry schedule
    (exponential from the base, at most the max, for at least retry_for), when a failing
    endpoint is disabled, how long a rotated secret still signs, the dispatcher's poll."""
    return dict(
        webhook_queue=env.get("AGENT_PLATFORM_WEBHOOK_QUEUE") or "webhooks",
        webhook_timeout_s=_float(env, "AGENT_PLATFORM_WEBHOOK_TIMEOUT_S", 10.0) or 10.0,
        webhook_retry_base_ms=_positive(env, "AGENT_PLATFORM_WEBHOOK_RETRY_BASE_MS", 5000),
        webhook_retry_max_ms=_positive(env, "AGENT_PLATFORM_WEBHOOK_RETRY_MAX_MS",
                                       10 * 3600 * 1000),
        webhook_retry_for_s=_positive(env, "AGENT_PLATFORM_WEBHOOK_RETRY_FOR_S", 86400),
        webhook_disable_after_s=_positive(env, "AGENT_PLATFORM_WEBHOOK_DISABLE_AFTER_S",
                                          3 * 86400),
        webhook_secret_overlap_s=_positive(env, "AGENT_PLATFORM_WEBHOOK_SECRET_OVERLAP_S",
                                           86400),
        webhook_poll_ms=_positive(env, "AGENT_PLATFORM_WEBHOOK_POLL_MS", 250),
        webhook_batch=_positive(env, "AGENT_PLATFORM_WEBHOOK_BATCH", 200),
        webhook_log_days=_positive(env, "AGENT_PLATFORM_WEBHOOK_LOG_DAYS", 30),
    )


def _identity_settings(env: dict) -> dict:
    host = env.get("AGENT_PLATFORM_HOST") or "127.0.0.1"
    port = _int(env, "AGENT_PLATFORM_PORT", 8080)
    return dict(
        session_access_ttl=_int(env, "AGENT_PLATFORM_SESSION_ACCESS_TTL", 900),
        session_refresh_ttl=_int(env, "AGENT_PLATFORM_SESSION_REFRESH_TTL", 30 * 24 * 3600),
        public_url=(env.get("AGENT_PLATFORM_PUBLIC_URL") or f"http://{host}:{port}").rstrip("/"),
        oauth_state_ttl=_int(env, "AGENT_PLATFORM_OAUTH_STATE_TTL", 600),
        oauth_timeout=_int(env, "AGENT_PLATFORM_OAUTH_TIMEOUT", 10),
        rate_limit_per_minute=_int(env, "AGENT_PLATFORM_RATE_LIMIT_PER_MINUTE", 0),
        runs_per_month=_int(env, "AGENT_PLATFORM_RUNS_PER_MONTH", 0),
        limits_cache_seconds=_int(env, "AGENT_PLATFORM_LIMITS_CACHE_SECONDS", 5),
        org_turns_in_flight=_non_negative(env, "AGENT_PLATFORM_ORG_TURNS_IN_FLIGHT", 200),
        user_turns_in_flight=_non_negative(env, "AGENT_PLATFORM_USER_TURNS_IN_FLIGHT", 10),
        redis_prefix=env.get("AGENT_PLATFORM_REDIS_PREFIX") or "agent-platform",
    )


def _observe_settings(env: dict, data_dir: Path) -> dict:
    """Metrics on by default (served only to the operator token or on their own port); traces
    only when an OTLP endpoint is configured (the standard OTEL_* variables)."""
    endpoint = env.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") or env.get(
        "OTEL_EXPORTER_OTLP_ENDPOINT")
    tracing = bool(endpoint) and not _bool(env.get("OTEL_SDK_DISABLED"), False) and (
        env.get("OTEL_TRACES_EXPORTER") or "otlp").strip().lower() != "none"
    return {
        "metrics": _bool(env.get("AGENT_PLATFORM_METRICS"), True),
        "metrics_dir": Path(env.get("AGENT_PLATFORM_METRICS_DIR") or data_dir / "metrics"),
        "metrics_port": _int(env, "AGENT_PLATFORM_METRICS_PORT", 0),
        "metrics_host": env.get("AGENT_PLATFORM_METRICS_HOST") or "127.0.0.1",
        "tracing": tracing,
        "trace_content": _bool(env.get("AGENT_PLATFORM_TRACE_CONTENT"), False),
    }


def data_directory(env: dict) -> Path:
    """The data directory, the same for every command wherever it runs:
    AGENT_PLATFORM_DATA_DIR, else $XDG_DATA_HOME/agent-platform, else
    ~/.local/share/agent-platform (a relative XDG_DATA_HOME is ignored, as the XDG base
    directory specification says)."""
    explicit = env.get("AGENT_PLATFORM_DATA_DIR")
    if explicit:
        return Path(explicit).expanduser().resolve()
    xdg = env.get("XDG_DATA_HOME") or ""
    if os.path.isabs(xdg):
        base = Path(xdg)
    else:
        base = Path(env.get("HOME") or Path.home()) / ".local" / "share"
    return (base / "agent-platform").resolve()


def redact_url(url: str) -> str:
    """url with the password of its user part, and any password query parameter, replaced by
    ``***``."""
    parts = urlsplit(url)
    secret_query = any(k.lower() in ("password", "passfile") for k, _ in parse_qsl(parts.query))
    if parts.password is None and not secret_query:
        return url
    netloc = parts.netloc
    if parts.password is not None:
        user, _, host = netloc.rpartition("@")
        netloc = f"{user.partition(':')[0]}:***@{host}"
    query = "&".join(f"{k}=***" if k.lower() in ("password", "passfile") else f"{k}={v}"
                     for k, v in parse_qsl(parts.query, keep_blank_values=True))
    return urlunsplit(parts._replace(netloc=netloc, query=query))


def _stored_secret(data_dir: Path) -> str:
    path = data_dir / "agent-platform.secret"
    if path.exists():
        return path.read_text().strip()
    data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = secrets.token_urlsafe(48)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process created it first
        return path.read_text().strip()
    try:
        os.write(fd, key.encode())
    finally:
        os.close(fd)
    return key
