"""The one place where errors become application/problem+json {type, title, status, detail, code}."""
from __future__ import annotations

import json
import logging
import re

import peewee
import redis
from connexion.exceptions import ProblemException
from connexion.lifecycle import ConnexionResponse
from playhouse.pool import MaxConnectionsExceeded
from starlette.exceptions import HTTPException
from starlette.formparsers import MultiPartException

from core import db
from core import request_ids
from store.errors import DependencyUnavailable, DomainError

log = logging.getLogger("agent_platform.errors")

PROBLEM_MEDIA_TYPE = "application/problem+json"
TYPE_BASE = "https://agent-platform.dev/problems/"
MAX_DETAIL_CHARS = 1000

_TITLES = {
    400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
    405: "Method Not Allowed", 406: "Not Acceptable", 409: "Conflict", 412: "Precondition Failed",
    413: "Payload Too Large", 415: "Unsupported Media Type", 422: "Unprocessable Content",
    429: "Too Many Requests", 500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
    503: "Service Unavailable",
}
_CODES = {
    400: "invalid_request", 401: "unauthorized", 403: "forbidden", 404: "not_found",
    405: "method_not_allowed", 406: "not_acceptable", 409: "conflict", 412: "precondition_failed",
    413: "payload_too_large", 415: "unsupported_media_type", 422: "unprocessable",
    429: "usage_limit_reached", 500: "internal_error", 501: "not_implemented", 502: "bad_gateway",
    503: "unavailable",
}


def problem(status: int, detail: str, code: str | None = None, *, title: str | None = None,
            headers: dict | None = None, errors: list | None = None) -> ConnexionResponse:
    code = code or _CODES.get(status, "error")
    detail = str(detail)
    if len(detail) > MAX_DETAIL_CHARS:  # no answer repeats a large value back
        detail = detail[:MAX_DETAIL_CHARS] + "..."
    body = {
        "type": TYPE_BASE + code,
        "title": title or _TITLES.get(status, "Error"),
        "status": status,
        "detail": detail,
        "code": code,
        "request_id": request_ids.current() or request_ids.new(),
    }
    if errors:  # every invalid field of a 400: {location, path, message}
        body["errors"] = errors
    return ConnexionResponse(
        status_code=status,
        mimetype=PROBLEM_MEDIA_TYPE,
        content_type=PROBLEM_MEDIA_TYPE,
        body=json.dumps(body),
        headers={k: v for k, v in (headers or {}).items() if k.lower() != "content-type"},
    )


def _domain(_request, exc: DomainError) -> ConnexionResponse:
    return problem(exc.status, exc.detail, exc.code, title=exc.title, headers=exc.headers)


def _connexion_problem(_request, exc: ProblemException) -> ConnexionResponse:
    status = exc.status or 500
    if status >= 500:
        log.error("request failed: %s", exc.detail or exc.title)
        detail = "the server could not complete the request"
        if "response" in str(exc.title or "").lower():
            detail = "the response did not conform to the API description"
        return problem(status, detail)
    return problem(status, str(exc.detail or exc.title or _TITLES.get(status, "Error")),
                   headers=dict(exc.headers or {}), errors=(exc.ext or {}).get("errors"))


_HTTP_METHODS = ("get", "put", "post", "patch", "delete")


def allowed_methods(spec: dict):
    """A function path -> the methods openapi.yaml declares for it (HEAD with GET), or None.

    Connexion's router answers 405 with the methods of the first route that matched the path
    only; the Allow header must list every method the document declares for the path."""
    table = []
    for template, item in spec["paths"].items():
        pattern = re.compile("^" + re.sub(r"\\{[^}]+\\}", "[^/]+", re.escape(template)) + "$")
        methods = [m.upper() for m in _HTTP_METHODS if m in item]
        if "GET" in methods:
            methods.append("HEAD")
        table.append((template.count("{"), pattern, methods))
    table.sort(key=lambda row: row[0])  # literal segments win over parameters

    def lookup(path: str) -> list[str] | None:
        for _, pattern, methods in table:
            if pattern.match(path):
                return methods
        return None

    return lookup


async def send_problem(send, response: ConnexionResponse) -> None:
    """Send a problem response straight over ASGI (middleware that answers by itself)."""
    await send({"type": "http.response.start", "status": response.status_code, "headers": [
        (b"content-type", PROBLEM_MEDIA_TYPE.encode()),
        *[(k.lower().encode(), v.encode()) for k, v in response.headers.items()
          if k.lower() != "content-type"]]})
    await send({"type": "http.response.body", "body": response.body.encode()})


class LiteralPathMethods:
    """ASGI middleware: a request on a literal path of the document (no parameters) with a
    method that path does not declare is 405, even when a templated sibling would match it
    (OpenAPI: concrete paths match before templated ones; `/v1/x/sync` is not `/v1/x/{id}`)."""

    def __init__(self, app, spec: dict):
        self.app = app
        self.literal = {}
        for template, item in spec["paths"].items():
            if "{" not in template:
                methods = [m.upper() for m in _HTTP_METHODS if m in item]
                self.literal[template] = methods + (["HEAD"] if "GET" in methods else [])

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            methods = self.literal.get(scope["path"])
            if methods is not None and scope["method"] not in methods:
                await send_problem(send, problem(
                    405, f"{scope['method']} is not allowed on {scope['path']}",
                    headers={"Allow": ", ".join(methods)}))
                return
        await self.app(scope, receive, send)


def _http_handler(allow):
    def _http(request, exc: HTTPException) -> ConnexionResponse:
        status = exc.status_code
        if status == 404:
            return problem(404, f"no route matches {request.url.path}", "route_not_found")
        headers = dict(exc.headers or {})
        if status == 405:
            methods = allow(request.url.path)
            if methods:
                headers["Allow"] = ", ".join(methods)
            return problem(405, f"{request.method} is not allowed on {request.url.path}",
                           headers=headers)
        return problem(status, str(exc.detail or _TITLES.get(status, "Error")), headers=headers)

    return _http


def _multipart(_request, exc: Exception) -> ConnexionResponse:
    """A multipart body that cannot be parsed (no boundary, a broken part): 400."""
    return problem(400, f"the multipart body cannot be read: {exc}", "invalid_request")


def _unexpected(_request, exc: Exception) -> ConnexionResponse:
    log.error("unhandled error: %s", type(exc).__name__, exc_info=exc)
    return problem(500, "the server could not complete the request")


def _database(request, exc: Exception) -> ConnexionResponse:
    """A database that cannot serve now (refused or lost connection, no free pooled
    connection in time) is 503 `database_unavailable` with Retry-After; any other database
    error is a bug (500)."""
    if not db.unreachable(exc):
        return _unexpected(request, exc)
    log.warning("database unavailable: %s", type(exc).__name__)
    return _domain(request, DependencyUnavailable(
        "the database does not answer; retry shortly", code="database_unavailable"))


def _redis(_request, exc: Exception) -> ConnexionResponse:
    """Redis unreachable where an operation needs it: 503 `queue_unavailable`."""
    log.warning("redis unavailable: %s", type(exc).__name__)
    return _domain(_request, DependencyUnavailable(
        "the queue (Redis) does not answer; retry shortly", code="queue_unavailable"))


def register(app, spec: dict | None = None) -> None:
    allow = allowed_methods(spec) if spec else (lambda _path: None)
    app.add_error_handler(DomainError, _domain)
    for error in (peewee.OperationalError, peewee.InterfaceError, MaxConnectionsExceeded):
        app.add_error_handler(error, _database)
    for error in (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError):
        app.add_error_handler(error, _redis)
    app.add_error_handler(ProblemException, _connexion_problem)
    app.add_error_handler(MultiPartException, _multipart)
    app.add_error_handler(HTTPException, _http_handler(allow))
    app.add_error_handler(Exception, _unexpected)
