"""The transport both clients share: authentication, retries with backoff, idempotency keys
and the mapping of error answers to exceptions.

Retried: connection errors and timeouts, 503, 429 `usage_limit_reached` and
`concurrency_limit_reached` (never `spend_cap_reached`: waiting does not lift a cap), and 409
`idempotency_key_in_use` (the first attempt is still being answered). The wait is the
answer's `Retry-After` when it has one (a 429 asking for more than `max_retry_wait` is raised
at once), else exponential backoff with jitter. Every POST carries an `Idempotency-Key`, made
once per call and sent again on every attempt, so a retried POST never does its work twice.
"""
from __future__ import annotations

import dataclasses
import random
import typing as t
import uuid

import httpx

from ._errors import (APIConnectionError, APIStatusError, APITimeoutError,
                      retry_after_seconds)

DEFAULT_BASE_URL = "http://127.0.0.1:8080"
DEFAULT_TIMEOUT = httpx.Timeout(60.0, connect=10.0)
RETRIED_CODES = frozenset({"usage_limit_reached", "concurrency_limit_reached",
                           "idempotency_key_in_use", "database_unavailable",
                           "queue_unavailable", "unavailable", "not_ready"})
Params = t.Mapping[str, t.Union[str, int, float, bool, None]]


def user_agent() -> str:
    from . import __version__
    return f"agent-platform-client-python/{__version__}"


@dataclasses.dataclass
class Request:
    """One API call: what the clients send, whatever the attempt."""

    method: str
    path: str
    params: dict[str, t.Any] = dataclasses.field(default_factory=dict)
    json: t.Any = None
    headers: dict[str, str] = dataclasses.field(default_factory=dict)

    def prepared(self, idempotency_key: str | None) -> Request:
        headers = dict(self.headers)
        if self.method == "POST" and "Idempotency-Key" not in headers:
            headers["Idempotency-Key"] = idempotency_key or f"sdk-{uuid.uuid4()}"
        params = {k: (str(v).lower() if isinstance(v, bool) else str(v))
                  for k, v in self.params.items() if v is not None}
        return Request(self.method, self.path, params, self.json, headers)


@dataclasses.dataclass
class RetryPolicy:
    """How failed attempts are retried: `max_retries` after the first attempt, waits of
    `initial_delay * 2**n` (at most `max_delay`, with jitter) unless the answer says
    `Retry-After`; a `Retry-After` above `max_retry_wait` is not waited for."""

    max_retries: int = 2
    initial_delay: float = 0.5
    max_delay: float = 8.0
    max_retry_wait: float = 60.0

    def delay(self, attempt: int, response: httpx.Response | None) -> float:
        if response is not None:
            asked = retry_after_seconds(response.headers)
            if asked is not None:
                return asked
        backoff: float = min(self.initial_delay * 2.0 ** attempt, self.max_delay)
        return backoff * (0.75 + random.random() / 2)  # noqa: S311 (jitter, not security)


def should_retry(response: httpx.Response, policy: RetryPolicy) -> bool:
    """Whether an error answer is worth another attempt (see the module docstring)."""
    status = response.status_code
    if status not in (409, 429, 502, 503, 504):
        return False
    code = _peek_code(response)
    if status == 409 and code != "idempotency_key_in_use":
        return False
    if status == 429 and code not in RETRIED_CODES:
        return False
    asked = retry_after_seconds(response.headers)
    return asked is None or asked <= policy.max_retry_wait


def _peek_code(response: httpx.Response) -> str | None:
    try:
        body = response.json()
    except ValueError:
        return None
    return str(body.get("code")) if isinstance(body, dict) else None


def raise_for_problem(response: httpx.Response) -> None:
    if response.status_code >= 400:
        raise APIStatusError.from_response(response)


def connection_error(exc: httpx.TransportError) -> APIConnectionError:
    if isinstance(exc, httpx.TimeoutException):
        return APITimeoutError(str(exc) or "the request timed out")
    return APIConnectionError(str(exc) or type(exc).__name__)


def client_headers(api_key: str | None, user_id: str | None,
                   organization_id: str | None) -> dict[str, str]:
    headers = {"User-Agent": user_agent(), "Accept": "application/json"}
    if api_key:
        headers["Authorization"] = f"Bearer {api_key}"
    if user_id:
        headers["X-User-Id"] = user_id
    if organization_id:
        headers["X-Organization-Id"] = organization_id
    return headers
