"""Start-up of every process: one call, ``bootstrap(settings, role=...)``.

The API process (server/app.create_app, through jobs.tasks.start), `agent-platform worker`
and `scheduler`, a job in a fresh RQ worker process (jobs.tasks.ready), the registry rebuild
and the command line all start here. It keeps the process's settings, configures the
plumbing from them (encryption keys, the SSRF policy, metrics, tracing) and binds the
database with a pool sized for the process's role; ``then`` are the upper floors' own
configure functions (the MCP client's timeouts and keys), run in the same step. Floors above
this one configure what is theirs only (the server: its log format and authentication).
"""
from __future__ import annotations

import threading
from typing import Callable, Iterable, Literal

from core import crypto, db, metrics, tracing
from core.settings import Settings
from rules import ssrf

Role = Literal["api", "jobs", "cli"]

_lock = threading.Lock()
_settings: Settings | None = None


def pool_size(settings: Settings, role: Role) -> int:
    """Database connections of a process: the API's setting; a job process holds one for each
    job thread, the turn loop's hop threads and the background threads; a command, two."""
    if role == "cli":
        return 2
    if role == "jobs":
        return max(settings.db_pool_size,
                   max(settings.inline_workers, settings.worker_threads)
                   + settings.fire_batch_threads + settings.db_hop_threads + 4)
    return settings.db_pool_size


def bootstrap(settings: Settings | None = None, *, role: Role = "api", rebind: bool = True,
              then: Iterable[Callable[[Settings], None]] = ()) -> Settings:
    """Configure this process for ``settings`` (without them: the ones it started with, else
    the environment's) and bind the database. ``rebind=False`` keeps a database already
    bound, so that a job in a started process pays nothing; the app factory rebinds (one
    process may build apps for several settings, as the tests do)."""
    global _settings
    with _lock:
        if settings is None:
            settings = _settings or Settings.from_env()
        if rebind or db.database.obj is None:
            crypto.configure(settings.active_encryption_keys)
            ssrf.configure(settings.ssrf_allow)
            if role != "cli":  # a command serves no metrics and sends no traces
                metrics.configure(settings)
                tracing.configure(settings)
            for configure in then:
                configure(settings)
            db.bind(settings.database_url, pool_size=pool_size(settings, role),
                    pool_timeout=settings.db_pool_timeout, prepare=settings.db_prepare)
        _settings = settings
        return settings


def current() -> Settings | None:
    """The settings this process was bootstrapped with (None before)."""
    return _settings
