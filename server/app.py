"""create_app(settings): the ASGI application. No side effects at import time."""
from __future__ import annotations

import asyncio
import contextlib
import copy
import functools
from pathlib import Path

import connexion
import yaml
from connexion.middleware import MiddlewarePosition
from connexion.options import SwaggerUIOptions

from jobs import tasks
from server import (a2a_edge, auth, body_limit, conditional, conventions, docs, errors, logs,
                    mcp_edge, openai_errors, openapi31, operations, request_ids, widget)
from server.auth import GuardedResolver, security_map
from store import migrations
from core import db
from core.settings import Settings

SPEC_PATH = Path(__file__).resolve().parent.parent / "openapi.yaml"
# libyaml's safe loader when PyYAML has it: the document parses about five times faster
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.lru_cache(maxsize=4)
def _load(path: str, mtime: float) -> dict:
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=_LOADER)  # noqa: S506 (a safe loader)


def load_spec(path: Path = SPEC_PATH) -> dict:
    """The OpenAPI document (parsed once per file version)."""
    return _load(str(path), path.stat().st_mtime)


def operation_modules(spec: dict) -> dict[str, str]:
    """operationId → handler module, which is named after the operation's first tag."""
    found = {}
    for item in spec["paths"].values():
        for method, op in item.items():
            if isinstance(op, dict) and "operationId" in op:
                found[op["operationId"]] = op["tags"][0]
    return found


def _lifespan(settings: Settings, mcp=None):
    """Start-up and shut-down of a serving process: the turns a stopped process left running
    (jobs/orphans.py), the in-process scheduler thread on the embedded default
    (AGENT_PLATFORM_SCHEDULER), the outbox relay (jobs/outbox.py) and the MCP edge's session
    manager."""

    @contextlib.asynccontextmanager
    async def lifespan(_app):
        from jobs import orphans
        from jobs.outbox import Relay

        # turns the process before this one left mid-answer end now, not a minute later
        await asyncio.to_thread(orphans.interrupt, settings)
        thread = None
        if settings.scheduler_thread:
            from jobs.scheduler import InProcess

            thread = InProcess(settings).start()
        relay = Relay(settings).start()
        dispatcher = None
        if not settings.redis_url:  # with Redis the workers send webhooks (jobs/webhooks.py)
            from jobs.webhooks import Dispatcher

            dispatcher = Dispatcher(settings).start()
        try:
            async with (mcp.run() if mcp is not None else contextlib.nullcontext()):
                yield
        finally:
            if dispatcher is not None:
                dispatcher.close()
            relay.close()
            if thread is not None:
                thread.close()

    return lifespan


class SchemaOutOfDate(SystemExit):
    pass


def create_app(settings: Settings, *, migrate: bool = False) -> connexion.AsyncApp:
    """Build the app for settings. The database schema must be current: pass migrate=True to
    apply pending migrations, otherwise an out-of-date schema stops start-up with a message."""
    logs.configure(settings.log_level)
    tasks.start(settings)  # core.bootstrap: plumbing configured, the database bound
    auth.configure(settings)
    with db.connection():
        if migrate:
            migrations.apply()
        todo = migrations.pending()
    if todo:
        raise SchemaOutOfDate(
            f"the database schema is out of date ({len(todo)} pending migration(s): "
            f"{', '.join(todo)}); run `agent-platform migrate` or start with --migrate"
        )

    openapi31.install(cache_dir=settings.data_dir)  # valid documents remembered there
    spec = load_spec()
    written = copy.deepcopy(spec)  # served as written: Connexion resolves refs for routing
    mcp = mcp_edge.Edge(settings)
    app = operations.App(__name__, lifespan=_lifespan(settings, mcp),
                         swagger_ui_options=SwaggerUIOptions(serve_spec=False, swagger_ui=False))
    app.add_api(
        spec,
        resolver=GuardedResolver(settings, operation_modules(spec), conditional.roles(spec)),
        strict_validation=True,
        validate_responses=settings.validate_responses,
        validator_map=openapi31.VALIDATOR_MAP,
        security_map=security_map(settings, spec),
        pythonic_params=False,
    )
    errors.register(app, spec)
    app.add_middleware(errors.LiteralPathMethods, position=MiddlewarePosition.BEFORE_ROUTING, spec=spec)
    app.add_middleware(body_limit.BodyLimit, position=MiddlewarePosition.BEFORE_ROUTING,
                       default=settings.max_body_bytes,
                       per_path=((r"^/v1/tool-providers/[^/]+/import$", settings.max_import_bytes,
                                  settings.max_import_values),
                                 (r"^/v1/organization/(plan|apply)$", settings.max_import_bytes,
                                  settings.max_import_values)))
    app.add_middleware(docs.Documents, position=MiddlewarePosition.BEFORE_ROUTING, spec=written)
    app.add_middleware(widget.Widget, position=MiddlewarePosition.BEFORE_ROUTING)
    # the protocol edges: /mcp (MCP) and /a2a/{id} (A2A) over the exposed targets
    app.add_middleware(mcp_edge.Middleware, position=MiddlewarePosition.BEFORE_ROUTING, edge=mcp)
    app.add_middleware(a2a_edge.Middleware, position=MiddlewarePosition.BEFORE_ROUTING,
                       edge=a2a_edge.Edge(settings))
    # the request id, the request log, RateLimit fields and CORS, on every answer (errors too)
    app.add_middleware(conventions.Conventions, position=MiddlewarePosition.BEFORE_EXCEPTION,
                       spec=spec, settings=settings, ids_inside=settings.validate_responses)
    # under /openai/: errors in OpenAI's shape (inside Conventions: its headers still apply)
    app.add_middleware(openai_errors.OpenAIErrors, position=MiddlewarePosition.BEFORE_EXCEPTION)
    if settings.validate_responses:  # the id where Connexion checks the declared headers
        app.add_middleware(request_ids.RequestIdOnResponse,
                           position=MiddlewarePosition.BEFORE_CONTEXT)
    return app
