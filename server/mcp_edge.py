"""`/mcp`: the organization's exposed networks, agents and workflows as the tools of an MCP
server (Streamable HTTP, the `mcp` package's server side), a thin edge over runtime/protocols/exposed.py.

Every request carries `Authorization: Bearer` with an API key or a session token (401/403
problem+json otherwise, before any MCP framing). With an API key the end user is `X-User-Id`
(or none); with a session token it is the token's user. The request counts against the
organization's rate limit like any other; over the limit every MCP request of it answers a
JSON-RPC error whose `data.code` is `usage_limit_reached` (`data.status` 429). The server keeps
no session: each POST stands alone (the 2026-07-28 protocol's single exchanges, and the
handshake-era protocols in stateless mode), so any process of any host answers any request.
Closing a `tools/call` response stream cancels the run.
"""
from __future__ import annotations

import contextlib
import logging

import mcp_types as types
from mcp.server import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.shared.exceptions import MCPError

from runtime.protocols import exposed
from server import auth
from store import exposures, limits
from core import db
from core import tracing
from store.errors import DomainError, LimitReached, Unavailable

log = logging.getLogger("agent_platform.mcp")
PATH = "/mcp"
CALLER_KEY = "agent_platform.mcp_caller"
REFUSED_KEY = "agent_platform.mcp_refused"
TRACE_KEY = "agent_platform.mcp_trace"
IDEMPOTENCY_META = "io.agent-platform/idempotency-key"
SERVER_ERROR = -32000  # JSON-RPC's implementation-defined server errors start here
_CODES = {400: -32602, 404: -32602}  # the caller's arguments or tool name


def mcp_error(exc: DomainError) -> MCPError:
    """The domain error as a JSON-RPC error: the HTTP API's code and status in `data`."""
    data = {"code": exc.code, "status": exc.status}
    retry = exc.headers.get("Retry-After")
    if retry:
        data["retry_after"] = int(retry)
    return MCPError(_CODES.get(exc.status, SERVER_ERROR), exc.detail, data)


def _caller(ctx) -> auth.Caller:
    scope = ctx.request.scope if ctx.request is not None else {}
    refused = scope.get(REFUSED_KEY)
    if refused is not None:
        raise mcp_error(refused)
    return scope[CALLER_KEY]


@contextlib.contextmanager
def _request_trace(ctx):
    """The HTTP request's trace made current where the MCP server runs the handler (in a
    session task of its own on the handshake-era protocols)."""
    carried = ctx.request.scope.get(TRACE_KEY) if ctx.request is not None else None
    if carried is None:
        yield
        return
    from opentelemetry import context

    token = context.attach(carried)
    try:
        yield
    finally:
        context.detach(token)


def _who(caller: auth.Caller) -> exposed.Who:
    return exposed.Who(org_id=caller.org_id, user_id=caller.user_id, group_id=caller.group_id,
                       key_id=caller.key_id, session_id=caller.session_id)


def _tools(org_id: str) -> list[types.Tool]:
    return [types.Tool(name=row.name, description=exposed.description(row, target),
                       input_schema=exposed.input_schema(row, target))
            for row, target in exposures.live(org_id=org_id)]


async def list_tools(ctx, params) -> types.ListToolsResult:
    caller = _caller(ctx)
    tools = await _hop(_tools, caller.org_id)
    return types.ListToolsResult(tools=tools)


async def _hop(fn, *args, **kwargs):
    from core import concurrency

    try:
        return await concurrency.hop(fn, *args, **kwargs)
    except DomainError as exc:
        raise mcp_error(exc) from None


async def call_tool(ctx, params: types.CallToolRequestParams) -> types.CallToolResult:
    caller = _caller(ctx)
    settings = ctx.lifespan_context["settings"]
    meta = params.meta if isinstance(params.meta, dict) else \
        (params.meta.model_dump(by_alias=True) if params.meta is not None else {})
    key = meta.get(IDEMPOTENCY_META)
    who = _who(caller)
    with _request_trace(ctx), tracing.span("mcp tools/call", {
            "gen_ai.tool.name": params.name, "agent_platform.org.id": caller.org_id}):
        try:
            started = await exposed.start(settings, who=who, name=params.name,
                                          arguments=dict(params.arguments or {}),
                                          key=key if isinstance(key, str) else None)
        except DomainError as exc:
            raise mcp_error(exc) from None

        async def progress(done: int, message: str) -> None:
            try:
                await ctx.session.report_progress(done, None, message)
            except Exception:  # the client went away: the call's end says the rest
                pass

        try:
            result = await exposed.finish(settings, who=who, started=started,
                                          progress=progress)
        except DomainError as exc:  # no room for the run (503 at_capacity), ...
            raise mcp_error(exc) from None
    return types.CallToolResult(content=[types.TextContent(type="text", text=result.text())],
                                structured_content=result.structured(),
                                is_error=result.status in ("failed", "cancelled"))


def build_server(settings) -> Server:
    @contextlib.asynccontextmanager
    async def lifespan(_server):
        yield {"settings": settings}

    return Server("agent-platform", version="1.0.0", lifespan=lifespan,
                  instructions="The organization's exposed networks, agents and workflows.",
                  on_list_tools=list_tools, on_call_tool=call_tool)


class Edge:
    """The `/mcp` ASGI edge of one process: authentication, then the MCP session manager
    (started with the app, ``run()`` in its lifespan)."""

    def __init__(self, settings):
        self.settings = settings
        self.server = build_server(settings)
        self.manager: StreamableHTTPSessionManager | None = None

    @contextlib.asynccontextmanager
    async def run(self):
        """The session manager of this serving (a new one each time the app starts)."""
        manager = StreamableHTTPSessionManager(app=self.server, stateless=True)
        previous = self.manager
        async with manager.run():
            self.manager = manager
            try:
                yield
            finally:
                self.manager = previous

    async def handle(self, scope, receive, send) -> None:
        """Serve one `/mcp` request (a DomainError of authentication propagates: the app's
        problem+json answer)."""
        allowed = frozenset({auth.API_KEY, auth.SESSION_TOKEN})

        def admit():
            with db.connection():
                caller = auth.authorize(self.settings, allowed, True, scope)
                try:
                    limits.check_request(org_id=caller.org_id, settings=self.settings)
                except LimitReached as exc:
                    scope[REFUSED_KEY] = exc
                return caller

        scope[CALLER_KEY] = await auth.in_thread(admit)
        if tracing.enabled():
            from opentelemetry import context

            scope[TRACE_KEY] = context.get_current()
        if self.manager is None:
            raise Unavailable("the MCP server is starting", code="not_ready",
                              headers={"Retry-After": "1"})
        await self.manager.handle_request(scope, receive, send)


class Middleware:
    """Routes `/mcp` to the edge; everything else to the app."""

    def __init__(self, app, edge: Edge):
        self.app, self.edge = app, edge

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http" and scope["path"].rstrip("/") == PATH:
            if scope["method"] != "POST":  # no session, no server-initiated stream
                from server.errors import problem, send_problem

                await send_problem(send, problem(
                    405, f"{scope['method']} is not allowed on {PATH}: each request is a POST "
                    "(the server keeps no session and opens no stream of its own)",
                    headers={"Allow": "POST"}))
                return
            await self.edge.handle(scope, receive, send)
            return
        await self.app(scope, receive, send)
