"""Factories of the identity area: tool provider rows, users, sessions, captured logs."""
from __future__ import annotations

import contextlib
import logging
import uuid

from store import crypto, db
from store.models import ToolProvider


def make_provider(org_id: str, *, auth: dict | None = None, base_url: str = "https://api.example.com",
                  type: str = "api", name: str | None = None, secrets: dict | None = None) -> str:
    """A tool provider row of org_id (the tools part owns the HTTP CRUD); returns its id."""
    with db.connection():
        row = ToolProvider.create(org=org_id, name=name or f"prov-{uuid.uuid4().hex[:6]}",
                                  type=type, base_url=base_url, auth=auth or {"type": "bearer"},
                                  secrets=crypto.encrypt(secrets) if secrets else None)
    return row.id


def mint(client, org: dict, user_id: str | None = None, **fields) -> dict:
    body = {"user_id": user_id or f"u-{uuid.uuid4().hex[:8]}", **fields}
    resp = client.post("/v1/sessions", json=body, headers=org["headers"])
    assert resp.status_code == 201, resp.text
    return resp.json()


class _Capture(logging.Handler):
    def __init__(self):
        super().__init__(level=logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record):
        text = record.getMessage()
        extra = getattr(record, "fields", None)
        if extra:
            text += " " + repr(extra)
        if record.exc_info:
            text += " " + logging.Formatter().formatException(record.exc_info)
        self.lines.append(f"{record.name} {record.levelname} {text} {record.args!r}")


@contextlib.contextmanager
def capture_all_logs():
    """Every log record of every logger, at DEBUG, while the block runs."""
    root = logging.getLogger()
    handler = _Capture()
    previous = root.level
    loggers = [logging.getLogger(n) for n in list(logging.root.manager.loggerDict)]
    levels = {lg: lg.level for lg in loggers if isinstance(lg, logging.Logger)}
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    for lg in levels:
        lg.setLevel(logging.NOTSET)
    try:
        yield handler.lines
    finally:
        root.removeHandler(handler)
        root.setLevel(previous)
        for lg, level in levels.items():
            lg.setLevel(level)
