"""Request ids: the client's `X-Request-Id` when it is well formed, else a new one; the id of
the request being served (or of the request that started a job) in a context variable that
log lines, problem bodies and new runs read."""
from __future__ import annotations

import contextlib
import contextvars
import os
import re

HEADER = "X-Request-Id"
_VALID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")

_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("request_id", default=None)


def accept(value: str | None) -> str:
    """The client's id when it is 1-128 characters of [A-Za-z0-9._:-], else a new one."""
    if value and _VALID.match(value):
        return value
    return new()


def new() -> str:
    """A new id: `req_` and 32 random hex digits."""
    return "req_" + os.urandom(16).hex()


def current() -> str | None:
    """The id of the request being served (or that started the running job), or None."""
    return _current.get()


@contextlib.contextmanager
def bound(request_id: str | None):
    """Run the block as part of the request `request_id` (a job the request started)."""
    token = _current.set(request_id)
    try:
        yield request_id
    finally:
        _current.reset(token)


def bind(request_id: str | None):
    """Set the id for the rest of this context; returns the token for ``unbind``."""
    return _current.set(request_id)


def unbind(token) -> None:
    _current.reset(token)
