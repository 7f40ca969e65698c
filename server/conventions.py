"""One ASGI middleware for what every HTTP answer carries (docs/conventions.md):

- the request id: the client's ``X-Request-Id`` when well formed, else a new one; bound for the
  request's log lines, problem bodies and the runs and jobs it starts (core/request_ids.py),
  and returned on every response, errors included;
- the request log line, the request's metric and its trace span (server/logs.py,
  core/metrics.py, core/tracing.py);
- the RateLimit fields of the request's organization: its request rate (counted in
  server/auth.py) and, on the operations that start runs, its monthly run quota
  (server/run_quota.py);
- CORS (server/cors.py), consulted only when the request carries ``Origin``.

One layer instead of four, and one pass over the request headers: each answer's start message
is rewritten once, with one new header list.
"""
from __future__ import annotations

import logging
import time

from server import cors, logs
from server.auth import LOG_SCOPE_KEY, RATE_KEY
from server.run_quota import RUNS_KEY
from core import metrics
from core import request_ids
from core import tracing

SCOPE_KEY = "agent_platform.request_id"
_REQUEST_ID = b"x-request-id"
# the request headers read here (ASGI header names are lower-case)
_WANTED = {_REQUEST_ID: 0, b"origin": 1, b"access-control-request-method": 2}


class Conventions:
    def __init__(self, app, spec: dict, settings, ids_inside: bool = False):
        """``ids_inside``: an inner layer (request_ids.RequestIdOnResponse) already puts the id
        on the handlers' answers, so it is added here only where it is missing."""
        self.app = app
        self.cors = cors.Policy(spec, settings)
        self.ids_inside = ids_inside

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        found = [None, None, None]
        for name, value in scope["headers"]:
            index = _WANTED.get(name)
            if index is not None and found[index] is None:
                found[index] = value
        given, origin, preflight = found
        request_id = request_ids.accept(None if given is None else given.decode("latin-1"))
        scope[SCOPE_KEY] = request_id
        id_header = (_REQUEST_ID, request_id.encode())
        info = {"status": 500}
        scope[LOG_SCOPE_KEY] = info
        extensions = scope.setdefault("extensions", {})  # routing notes the operationId here
        started = time.perf_counter()
        traced = tracing.start_request(scope)
        browser = asked = False
        if origin is not None:  # a browser's request: CORS applies
            origin = origin.decode("latin-1")
            asked = bool(preflight) and scope["method"] == "OPTIONS"
            browser = not asked and self.cors.browser_may_call(scope)
        ids_inside = self.ids_inside

        async def send_wrapper(message):
            if message["type"] == "http.response.start":
                status = info["status"] = message["status"]
                headers = message.get("headers") or []
                if ids_inside:
                    headers = [h for h in headers if h[0] != _REQUEST_ID]
                headers = [*headers, id_header]
                rate, runs = info.get(RATE_KEY), info.get(RUNS_KEY)
                if rate is not None or runs is not None:
                    headers += logs.rate_headers(rate, runs)
                if browser:
                    headers += await self.cors.response_headers(scope, origin, status)
                message = {**message, "headers": headers}
            await send(message)

        token = request_ids.bind(request_id)
        try:
            if asked:
                await self.cors.preflight(scope, send_wrapper, origin, preflight.decode("latin-1"))
            else:
                await self.app(scope, receive, send_wrapper)
        finally:
            operation = (extensions.get("connexion_routing") or {}).get("operation_id")
            if metrics.enabled:
                metrics.http_request(operation, info["status"], time.perf_counter() - started)
            if traced is not None:
                traced.end(operation, info["status"])
            if logs.request_log.isEnabledFor(logging.INFO):
                fields = {
                    "method": scope.get("method"),
                    "path": tracing.shown_path(scope.get("path") or ""),
                    "status": info["status"],
                    "duration_ms": round((time.perf_counter() - started) * 1000, 2),
                    "org_id": info.get("org_id"),
                }
                if traced is not None:
                    fields["trace_id"] = traced.trace_id
                logs.request_log.info("request", extra={"fields": fields})
            request_ids.unbind(token)
