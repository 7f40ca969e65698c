"""CORS for browsers, and only for what a browser may call (applied by server/conventions.py).

A browser holds a session token (never the API key), so only operations whose security in
openapi.yaml lists ``sessionToken`` (and those marked ``x-cors: true``: the token refresh, which
takes no bearer) answer cross-origin requests, and only for origins an organization allows
(``PUT /v1/organization/cors``, store/cors.py):

- a preflight (``OPTIONS`` with ``Access-Control-Request-Method``) of such an operation from an
  origin some organization allows is 204 with the CORS headers (a preflight carries no
  credential, so it cannot name an organization); any other preflight is 403 ``cors_not_allowed``;
- an actual request with an ``Origin`` gets ``Access-Control-Allow-Origin`` when its session
  token's organization allows the origin; an API key or the admin token never gets it; a
  request without a valid token (401, or the refresh) gets it when some organization allows
  the origin, so that the browser can read why it was refused.

Requests without ``Origin`` (servers, SDKs, curl) pass through untouched.
"""
from __future__ import annotations

import re

from server import errors
from server.auth import SESSION_TOKEN, in_thread
from store import cors, keys, sessions
from core import db
from store.errors import Unauthorized

EXPOSED = "X-Request-Id, ETag, RateLimit, RateLimit-Policy, Retry-After, Location, " \
          "Idempotent-Replayed"
ALLOWED_HEADERS = ("authorization", "content-type", "x-request-id", "idempotency-key",
                   "if-match", "if-none-match", "last-event-id", "x-user-id",
                   "x-organization-id")
MAX_AGE_S = 600
_EXPOSED = EXPOSED.encode()
_METHODS = ("get", "put", "post", "patch", "delete")


def browser_methods(spec: dict):
    """A function path -> the methods of the path a browser may call (empty when none)."""
    table = []
    for template, item in spec["paths"].items():
        methods = []
        for method in _METHODS:
            op = item.get(method)
            if not isinstance(op, dict):
                continue
            security = op.get("security", spec.get("security", []))
            if op.get("x-cors") or any(SESSION_TOKEN in req for req in security):
                methods.append(method.upper())
        pattern = re.compile("^" + re.sub(r"\\{[^}]+\\}", "[^/]+", re.escape(template)) + "$")
        table.append((template.count("{"), pattern, tuple(methods)))
    table.sort(key=lambda row: row[0])  # literal segments win over parameters

    def lookup(path: str) -> tuple[str, ...]:
        for _, pattern, methods in table:
            if pattern.match(path):
                return methods
        return ()

    return lookup


def _header(scope, name: bytes) -> str | None:
    for key, value in scope["headers"]:
        if key == name:
            return value.decode("latin-1")
    return None


def _bearer(scope) -> str | None:
    scheme, _, token = (_header(scope, b"authorization") or "").partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


class Policy:
    """The CORS answers of the service; server/conventions.py consults it only for requests
    that carry ``Origin``."""

    def __init__(self, spec: dict, settings):
        self.settings = settings
        self.methods_of = browser_methods(spec)

    def browser_may_call(self, scope) -> bool:
        """Whether the request's operation answers cross-origin requests at all."""
        methods = self.methods_of(scope["path"])
        method = scope["method"]
        return method in methods or (method == "HEAD" and "GET" in methods)

    async def response_headers(self, scope, origin: str, status: int):
        """The CORS headers of an actual request's answer of `status`."""
        if await in_thread(self._allows, origin, _bearer(scope), status):
            return _actual_headers(origin)
        return _VARY_ORIGIN

    def _allows(self, origin: str, token: str | None, status: int) -> bool:
        """Whether the response to this request may be read by the origin."""
        with db.connection():
            if token is None or token.startswith(sessions.ACCESS_PREFIX):
                try:
                    if token is None:
                        raise Unauthorized("no token")
                    session = sessions.verify(token, self.settings)
                except Unauthorized:
                    return cors.listed_anywhere(origin=origin)
                return cors.allowed(org_id=session.org_id, origin=origin)
            if token.startswith(keys.PREFIX):
                return False  # the API key is never used from a browser
            return status == 401 and cors.listed_anywhere(origin=origin)

    async def preflight(self, scope, send, origin: str, wanted: str):
        """Answer a preflight (``OPTIONS`` with ``Access-Control-Request-Method``)."""
        methods = self.methods_of(scope["path"])
        ok = wanted.upper() in methods
        if ok:
            def listed():
                with db.connection():
                    return cors.listed_anywhere(origin=origin)
            ok = await in_thread(listed)
        if not ok:
            await errors.send_problem(send, errors.problem(
                403, "cross-origin requests from this origin are not allowed for this operation",
                "cors_not_allowed", headers={"Vary": "Origin"}))
            return
        headers = [*_actual_headers(origin),
                   (b"access-control-allow-methods", ", ".join(methods).encode()),
                   (b"access-control-allow-headers",
                    ", ".join(ALLOWED_HEADERS).encode()),
                   (b"access-control-max-age", str(MAX_AGE_S).encode()),
                   (b"vary", b"Access-Control-Request-Method, Access-Control-Request-Headers"),
                   (b"content-length", b"0")]
        await send({"type": "http.response.start", "status": 204, "headers": headers})
        await send({"type": "http.response.body", "body": b""})


_VARY_ORIGIN = ((b"vary", b"Origin"),)


def _actual_headers(origin: str) -> tuple[tuple[bytes, bytes], ...]:
    return ((b"access-control-allow-origin", origin.encode("latin-1")),
            (b"access-control-expose-headers", _EXPOSED), (b"vary", b"Origin"))
