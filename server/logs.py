"""Structured logging: one JSON line per request (method, path, status, duration, org id).

Never logs headers, bodies or query strings, so no token or credential reaches the log.
"""
from __future__ import annotations

import json
import logging
import sys
import time

from server.auth import LOG_SCOPE_KEY

request_log = logging.getLogger("agent_platform.request")


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        entry.update(getattr(record, "fields", {}))
        if record.exc_info and record.levelno >= logging.ERROR:
            entry["exc_type"] = record.exc_info[0].__name__ if record.exc_info[0] else None
            entry["traceback"] = self.formatException(record.exc_info)
        return json.dumps(entry, default=str)


def configure(level: str) -> None:
    root = logging.getLogger()
    if not any(isinstance(h.formatter, JsonFormatter) for h in root.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(JsonFormatter())
        root.addHandler(handler)
    root.setLevel(level)
    for noisy in ("connexion", "uvicorn.access"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


class RequestLogMiddleware:
    """ASGI middleware writing the request log line after each HTTP response."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        info = {"status": 500}
        scope[LOG_SCOPE_KEY] = info
        started = time.perf_counter()

        async def send_wrapper(message):
            if message["type"] == "http.response.start":
                info["status"] = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_wrapper)
        finally:
            if request_log.isEnabledFor(logging.INFO):
                request_log.info("request", extra={"fields": {
                    "method": scope.get("method"),
                    "path": scope.get("path"),
                    "status": info["status"],
                    "duration_ms": round((time.perf_counter() - started) * 1000, 2),
                    "org_id": info.get("org_id"),
                }})
