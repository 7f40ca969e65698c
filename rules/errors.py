"""The one domain error hierarchy, on the bottom floor so that pure rules can raise it.

server/errors.py maps it to application/problem+json. The floors above import it as
``store.errors`` (the same classes).
"""
from __future__ import annotations


class DomainError(Exception):
    status = 500
    title = "Internal Server Error"
    code = "internal_error"

    def __init__(self, detail: str, *, code: str | None = None, headers: dict | None = None):
        super().__init__(detail)
        self.detail = detail
        if code:
            self.code = code
        self.headers = headers or {}


class Invalid(DomainError):
    status, title, code = 400, "Bad Request", "invalid_request"


class Unauthorized(DomainError):
    status, title, code = 401, "Unauthorized", "unauthorized"


class Forbidden(DomainError):
    status, title, code = 403, "Forbidden", "forbidden"


class NotFound(DomainError):
    status, title, code = 404, "Not Found", "not_found"


class Conflict(DomainError):
    status, title, code = 409, "Conflict", "conflict"


class TooLarge(DomainError):
    status, title, code = 413, "Payload Too Large", "payload_too_large"


class LimitReached(DomainError):
    status, title, code = 429, "Too Many Requests", "usage_limit_reached"


class BadGateway(DomainError):
    """A service this one called answered with something it cannot use."""
    status, title, code = 502, "Bad Gateway", "bad_gateway"


class Unavailable(DomainError):
    status, title, code = 503, "Service Unavailable", "unavailable"


class DependencyUnavailable(Unavailable):
    """The database (``database_unavailable``) or Redis (``queue_unavailable``) does not
    answer: the request may succeed when retried after ``Retry-After`` seconds."""
    RETRY_AFTER_S = 5

    def __init__(self, detail: str, *, code: str, headers: dict | None = None):
        super().__init__(detail, code=code,
                         headers={"Retry-After": str(self.RETRY_AFTER_S), **(headers or {})})


class PreconditionFailed(DomainError):
    """`If-Match` names a version of the resource that is no longer current."""
    status, title, code = 412, "Precondition Failed", "precondition_failed"


class Unprocessable(DomainError):
    """Well-formed, but cannot be done as asked (an idempotency key reused for another body)."""
    status, title, code = 422, "Unprocessable Content", "unprocessable"
