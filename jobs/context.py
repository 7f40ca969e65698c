"""The settings a process runs jobs with.

``create_app`` configures them for the API process (and its in-process jobs) through
jobs.tasks.start; an `agent-platform worker` or `scheduler` process, and every job function
(which may run in a fresh RQ worker process), go through jobs.tasks.ready, which calls
``ensure_ready``: it reads the environment once, binds the database and configures encryption,
the SSRF policy and the MCP client the same way the app does.
"""
from __future__ import annotations

import threading

_settings = None
_lock = threading.Lock()


def configure(settings) -> None:
    global _settings
    _settings = settings


def ensure_ready(settings=None):
    """Settings of this process; binds the database first when nothing has bound it yet."""
    global _settings
    with _lock:
        from core import db

        if settings is None:
            settings = _settings
        if settings is None:
            from core.settings import Settings

            settings = Settings.from_env()
        if db.database.obj is None:
            from rules import ssrf
            from runtime.tools import mcp_client
            from core import crypto

            crypto.configure(settings.active_encryption_keys)
            ssrf.configure(settings.ssrf_allow)
            mcp_client.configure(settings)
            db.bind(settings.database_url,
                    # the job threads, the turn loop's hop threads and the background threads
                    pool_size=max(settings.db_pool_size,
                                  max(settings.inline_workers, settings.worker_threads)
                                  + settings.fire_batch_threads + settings.db_hop_threads + 4),
                    pool_timeout=settings.db_pool_timeout, prepare=settings.db_prepare)
            from core import metrics
            from core import tracing

            metrics.configure(settings)
            tracing.configure(settings)
        _settings = settings
        return settings
