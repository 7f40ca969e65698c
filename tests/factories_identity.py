"""Factories of the identity area: tool provider rows, users, sessions, captured logs."""
from __future__ import annotations

import contextlib
import logging
import uuid

from core import crypto
from core import db
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
        if record.exc_info:  # as logging.Formatter does: the record's exc_text when set
            text += " " + (record.exc_text or logging.Formatter().formatException(record.exc_info))
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


ECHO_MODULE = "identity_echo"


def echo_spec(spec: dict) -> dict:
    """A copy of the API description with one more operation, GET /v1/_echo/caller, reachable
    with an API key or a session token, whose handler returns the Caller it received."""
    import copy
    import sys
    import types

    if f"handlers.{ECHO_MODULE}" not in sys.modules:
        module = types.ModuleType(f"handlers.{ECHO_MODULE}")

        def echo_caller(caller):
            from handlers import ok
            return ok({"kind": caller.kind, "org_id": caller.org_id, "key_id": caller.key_id,
                       "user_id": caller.user_id, "session_id": caller.session_id,
                       "group_id": caller.group_id, "user_key": caller.user_key})

        module.echo_caller = echo_caller
        sys.modules[module.__name__] = module
        import handlers
        setattr(handlers, ECHO_MODULE, module)
    spec = copy.deepcopy(spec)
    spec["paths"]["/v1/_echo/caller"] = {"get": {
        "tags": [ECHO_MODULE], "operationId": "echo_caller",
        "security": [{"apiKey": []}, {"sessionToken": []}],
        "parameters": [{"$ref": "#/components/parameters/OrganizationHeader"},
                       {"$ref": "#/components/parameters/UserHeader"}],
        "responses": {"200": {"description": "the caller",
                              "content": {"application/json": {"schema": {"type": "object"}}}},
                      "401": {"$ref": "#/components/responses/Unauthorized"},
                      "403": {"$ref": "#/components/responses/Forbidden"}}}}
    return spec


@contextlib.contextmanager
def echo_app(settings):
    """create_app over echo_spec (for tests that need an operation reachable by sessions)."""
    import pytest

    from server import app as app_module

    original = app_module.load_spec
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(app_module, "load_spec", lambda *a, **k: echo_spec(original(*a, **k)))
        yield app_module.create_app(settings, migrate=True)
