"""Structured logging: one JSON line per request (method, path, status, duration, org id;
written by server/conventions.py).
Every line written while serving a request, or running a job a request started, carries that
request's `request_id`.

Never logs headers, bodies or query strings, so no token or credential reaches the log. No
log line carries a query string at any level, whoever wrote it: a log record factory strips
the query of every URL and request line (urllib3's and httpx's debug lines, uvicorn's access
log) before any handler sees the record, and the JSON formatter does the same for
tracebacks and extra fields.
"""
from __future__ import annotations

import json
import logging
import re
import sys

from core import request_ids

request_log = logging.getLogger("agent_platform.request")
QUERY_REMOVED = "?[query removed]"
_URL_QUERY = re.compile(r"((?:[A-Za-z][A-Za-z0-9+.-]*://|\s|^|[\"'(=])/?[^\s?#\"'<>]*/[^\s?#\"'<>]*)"
                        r"\?(?!\[query removed\])[^\s#\"'<>]+")
_SCHEME_QUERY = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*://[^\s?#\"'<>]*)\?[^\s#\"'<>]+")


def strip_queries(text: str) -> str:
    """The text with the query string of every URL or path removed."""
    if "?" not in text:
        return text
    text = _SCHEME_QUERY.sub(lambda m: m.group(1) + QUERY_REMOVED, text)
    return _URL_QUERY.sub(lambda m: m.group(1) + QUERY_REMOVED, text)


def _scrub(record: logging.LogRecord) -> None:
    if record.exc_info and record.exc_info[1] is not None and "?" in str(record.exc_info[1]):
        # handlers format the traceback once into exc_text (logging.Formatter caches it there)
        record.exc_text = strip_queries(logging.Formatter().formatException(record.exc_info))
    args = record.args
    suspect = "?" in str(record.msg)
    if not suspect and args:
        values = args.values() if isinstance(args, dict) else args
        suspect = any("?" in str(v) for v in values)
    if not suspect:
        return
    try:
        message = record.getMessage()
    except Exception:  # a malformed record: leave it to the handler's own error path
        return
    cleaned = strip_queries(message)
    if cleaned != message:
        record.msg, record.args = cleaned, ()


_base_factory = None


def _install_record_factory() -> None:
    global _base_factory
    if _base_factory is not None:
        return
    _base_factory = logging.getLogRecordFactory()

    def factory(*args, **kwargs):
        record = _base_factory(*args, **kwargs)
        record.request_id = request_ids.current()  # the request (or job) the line belongs to
        _scrub(record)
        return record

    logging.setLogRecordFactory(factory)


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        entry["msg"] = strip_queries(entry["msg"])
        request_id = getattr(record, "request_id", None) or request_ids.current()
        if request_id is not None:
            entry["request_id"] = request_id
        for key, value in getattr(record, "fields", {}).items():
            entry[key] = strip_queries(value) if isinstance(value, str) else value
        if record.exc_info and record.levelno >= logging.ERROR:
            entry["exc_type"] = record.exc_info[0].__name__ if record.exc_info[0] else None
            entry["traceback"] = strip_queries(self.formatException(record.exc_info))
        return json.dumps(entry, default=str)


def configure(level: str) -> None:
    _install_record_factory()
    root = logging.getLogger()
    if not any(isinstance(h.formatter, JsonFormatter) for h in root.handlers):
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(JsonFormatter())
        root.addHandler(handler)
    root.setLevel(level)
    for noisy in ("connexion", "uvicorn.access"):
        logging.getLogger(noisy).setLevel(logging.WARNING)


POLICY = "requests"
RUNS_POLICY = "runs"


def rate_headers(rate: tuple[int, int, int] | None,
                 runs: tuple[int, int, int, int] | None = None) -> list[tuple[bytes, bytes]]:
    """The IETF httpapi RateLimit fields, one list item per policy: the organization's
    per-minute request limit ``"requests"`` from its (limit, remaining, seconds until reset),
    and its monthly run quota ``"runs"`` from (quota, remaining, seconds until the next month,
    seconds in this month)."""
    policies, states = [], []
    if rate is not None:
        limit, remaining, reset = rate
        policies.append(f'"{POLICY}";q={limit};w=60')
        states.append(f'"{POLICY}";r={remaining};t={reset}')
    if runs is not None:
        quota, left, reset, window = runs
        policies.append(f'"{RUNS_POLICY}";q={quota};w={window}')
        states.append(f'"{RUNS_POLICY}";r={left};t={reset}')
    return [(b"ratelimit-policy", ", ".join(policies).encode()),
            (b"ratelimit", ", ".join(states).encode())]
