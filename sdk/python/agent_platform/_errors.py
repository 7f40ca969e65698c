"""One exception per class of problem, each carrying the problem+json answer.

Every error of the service is `application/problem+json` with a stable `code` and the
`request_id` of the request; a 400 also lists every invalid field with its JSON path
(`errors`). `APIStatusError.from_response` picks the class by `code` first (a spend cap is a
429 of its own kind), then by status.
"""
from __future__ import annotations

import dataclasses
import email.utils
import json
import time
import typing as t

import httpx


@dataclasses.dataclass(frozen=True)
class InvalidField:
    """One invalid field of a 400: `location` (`body`, `query`, `path`, `header`), `path` (a
    body field's JSON path, `$.steps[0].ref`, or a parameter's name), `message` (the rule it
    breaks)."""

    location: str
    path: str
    message: str


class AgentPlatformError(Exception):
    """The base of every error this library raises."""


class APIConnectionError(AgentPlatformError):
    """The service could not be reached, or the connection broke before an answer."""


class APITimeoutError(APIConnectionError):
    """The request timed out."""


class APIStatusError(AgentPlatformError):
    """The service answered with an error status; `problem` is the whole problem+json body."""

    status: int
    code: str
    request_id: str | None
    detail: str
    errors: list[InvalidField]
    problem: dict[str, t.Any]

    def __init__(self, status: int, problem: dict[str, t.Any],
                 headers: httpx.Headers | None = None) -> None:
        self.status = status
        self.problem = problem
        self.headers = headers if headers is not None else httpx.Headers()
        self.code = str(problem.get("code") or "error")
        request_id = problem.get("request_id") or self.headers.get("x-request-id")
        self.request_id = str(request_id) if request_id else None
        self.detail = str(problem.get("detail") or problem.get("title") or "")
        self.errors = [InvalidField(str(e.get("location", "body")), str(e.get("path", "$")),
                                    str(e.get("message", "")))
                       for e in problem.get("errors") or [] if isinstance(e, dict)]
        super().__init__(f"{status} {self.code}: {self.detail} (request {self.request_id})")

    @staticmethod
    def from_response(response: httpx.Response, body: bytes | None = None) -> APIStatusError:
        raw = response.content if body is None else body
        try:
            problem = json.loads(raw) if raw else {}
        except ValueError:
            problem = {}
        if not isinstance(problem, dict):
            problem = {}
        problem.setdefault("status", response.status_code)
        problem.setdefault("detail", raw[:200].decode("utf-8", "replace") if raw else "")
        status = response.status_code
        cls = _BY_CODE.get(str(problem.get("code")))
        if cls is None:
            cls = _BY_STATUS.get(status, InternalServerError if status >= 500 else APIStatusError)
        return cls(status, problem, response.headers)


class BadRequestError(APIStatusError):
    """400: the request is invalid; `errors` names every invalid field."""


class AuthenticationError(APIStatusError):
    """401: the credential is missing, unknown, revoked or expired."""


class PermissionDeniedError(APIStatusError):
    """403: the credential may not do this."""


class NotFoundError(APIStatusError):
    """404: no such resource in this organization."""


class ConflictError(APIStatusError):
    """409: the change conflicts with the stored state (a name in use, a busy resource)."""


class PreconditionFailedError(APIStatusError):
    """412: `If-Match` named a version that is no longer current: read again, then write."""


class PayloadTooLargeError(APIStatusError):
    """413: the body is over its size limit."""


class UnprocessableEntityError(APIStatusError):
    """422: understood but refused (an `Idempotency-Key` reused with another body)."""


class RateLimitError(APIStatusError):
    """429: a rate limit or quota; `retry_after` is the seconds the service asks to wait."""

    @property
    def retry_after(self) -> float | None:
        return retry_after_seconds(self.headers)


class SpendCapReachedError(RateLimitError):
    """429 `spend_cap_reached`: the group's spend cap is used up."""


class InternalServerError(APIStatusError):
    """5xx: the service failed."""


class ServiceUnavailableError(InternalServerError):
    """503: a dependency (database, queue) is unavailable for now."""


_BY_STATUS: dict[int, type[APIStatusError]] = {
    400: BadRequestError, 401: AuthenticationError, 403: PermissionDeniedError,
    404: NotFoundError, 409: ConflictError, 412: PreconditionFailedError,
    413: PayloadTooLargeError, 422: UnprocessableEntityError, 429: RateLimitError,
    503: ServiceUnavailableError,
}
_BY_CODE: dict[str, type[APIStatusError]] = {
    "spend_cap_reached": SpendCapReachedError,
}


def retry_after_seconds(headers: httpx.Headers) -> float | None:
    """`Retry-After` in seconds (delta-seconds or an HTTP date), or None."""
    value = headers.get("retry-after")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - time.time())
