"""MCP client: one persistent connection per provider on a background event-loop thread.

Sync code (handlers, jobs) calls ``list_tools`` / ``call_tool``; both run on one asyncio loop
in a daemon thread; a turn (a coroutine of the turn loop) awaits ``acall_tool``. Each
connection lives in its own task (the MCP client's task groups must be entered and left by the
same task) and is reused by every call until it fails or the provider's configuration changes.

A provider has one connection per distinct set of what reaches its server (headers, and for a
stdio program its arguments and environment): every end user without credentials of their own
shares the provider's connection (one process of a stdio server), a user with their own
credentials gets one of theirs. The connection key is the provider id and an HMAC (keyed with
the service's secret key) of its update time and that set, never a secret itself; a provider
keeps at most ``MAX_CONNECTIONS_PER_PROVIDER``, the least recently used closed first. Connect
(for a stdio server: starting the program), list and call each have a timeout (settings).
"""
from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import hmac
import json
import logging
import os
import threading

from rules import ssrf
from rules.outside_text import clean, clean_text
from runtime import ssrf_connect
from runtime.tools import mcp_stdio
from core import concurrency
from core import metrics

log = logging.getLogger("agent_platform.mcp")
for _noisy in ("httpx2", "httpx", "mcp"):  # request lines carry URLs; keep them out of logs
    logging.getLogger(_noisy).setLevel(logging.WARNING)


@dataclasses.dataclass
class Timeouts:
    connect_s: float = 5.0
    stdio_start_s: float = 30.0
    list_s: float = 10.0
    call_s: float = 30.0

    def open_s(self, server: "Server") -> float:
        """How long connecting may take: a stdio server's program starts first."""
        return self.stdio_start_s if server.transport == "stdio" else self.connect_s


TIMEOUTS = Timeouts()
TEARDOWN_S = 5.0  # a listing past its own deadline is cancelled; its connection closes in this
_stdio_enabled = False
_key = os.urandom(32)  # of connection keys; from the secret key once configured


def configure(settings) -> None:
    global _stdio_enabled, _key
    TIMEOUTS.connect_s = settings.mcp_connect_timeout_ms / 1000
    TIMEOUTS.stdio_start_s = settings.mcp_stdio_start_timeout_ms / 1000
    TIMEOUTS.list_s = settings.mcp_list_timeout_ms / 1000
    TIMEOUTS.call_s = settings.mcp_call_timeout_ms / 1000
    _stdio_enabled = settings.mcp_stdio_enabled
    _key = hashlib.sha256(b"mcp-connection-key\0" + settings.secret_key.encode()).digest()


class McpError(Exception):
    """A connection, listing or call failed. The message never carries a secret."""


@dataclasses.dataclass(frozen=True)
class Server:
    """What is needed to reach one provider's MCP server."""

    key: str  # provider id + update time: a new configuration makes a new connection
    transport: str
    url: str | None = None
    headers: dict | None = dataclasses.field(default=None, compare=False, hash=False,
                                             repr=False)
    command: str | None = None
    args: tuple = dataclasses.field(default=(), repr=False)
    env: dict | None = dataclasses.field(default=None, compare=False, hash=False, repr=False)
    secret_args: tuple = dataclasses.field(default=(), compare=False, hash=False, repr=False)

    @property
    def provider_id(self) -> str:
        return self.key.rsplit("@", 1)[0]

    def connection_key(self) -> str:
        """The provider id and an HMAC of everything that reaches the server: the same for
        every caller that sends the same, never a secret."""
        material = json.dumps([self.key, self.transport, self.url, self.command,
                               list(self.args), self.headers or {}, self.env or {}],
                              sort_keys=True, separators=(",", ":"), default=str)
        digest = hmac.new(_key, material.encode("utf-8"), hashlib.sha256).hexdigest()[:32]
        return f"{self.provider_id}#{digest}"

    def hidden(self) -> tuple:
        """The secret values this server is reached with (to mask in anything relayed)."""
        values = [*(self.headers or {}).values(), *(self.env or {}).values(),
                  *self.secret_args]
        return tuple(str(v) for v in values if v and len(str(v)) >= 4)


class _Loop:
    def __init__(self):
        self._lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None

    def get(self) -> asyncio.AbstractEventLoop:
        with self._lock:
            if self.loop is None or not self.loop.is_running():
                loop = asyncio.new_event_loop()
                started = threading.Event()

                def run():
                    asyncio.set_event_loop(loop)
                    loop.call_soon(started.set)
                    loop.run_forever()

                concurrency.thread("mcp-client-loop", run)
                started.wait(5)
                self.loop = loop
            return self.loop

    def run(self, coro, timeout: float):
        future = asyncio.run_coroutine_threadsafe(coro, self.get())
        try:
            return future.result(timeout + 1.0)
        except TimeoutError as exc:
            future.cancel()
            raise McpError(f"timed out after {timeout:g} s") from exc


_LOOP = _Loop()


def _transport(server: Server):
    import httpx2
    from mcp.client.sse import sse_client
    from mcp.client.streamable_http import streamable_http_client

    headers = dict(server.headers or {})
    if server.transport == "stdio":
        if not _stdio_enabled:
            raise McpError("stdio MCP servers are disabled by the operator")
        return mcp_stdio.transport(server)
    ssrf_connect.resolve(server.url)  # checked again at connect time (DNS rebinding)
    if server.transport == "sse":
        return sse_client(server.url, headers=headers, timeout=TIMEOUTS.connect_s,
                          sse_read_timeout=max(TIMEOUTS.call_s, TIMEOUTS.list_s) + 60)
    client = httpx2.AsyncClient(headers=headers, follow_redirects=False,
                                timeout=httpx2.Timeout(TIMEOUTS.connect_s,
                                                       read=max(TIMEOUTS.call_s, 30) + 5))
    return streamable_http_client(server.url, http_client=client)


class _Connection:
    """One live client, owned by its own task on the background loop."""

    def __init__(self, server: Server):
        self.server = server
        self.client = None
        self._closed = asyncio.Event()
        self._task: asyncio.Task | None = None

    async def open(self) -> None:
        from mcp import Client

        ready = asyncio.get_running_loop().create_future()
        ready.add_done_callback(lambda f: f.cancelled() or f.exception())  # always retrieved

        async def own():
            state = "connecting"
            metrics.mcp_state(None, state)
            try:
                async with Client(_transport(self.server), read_timeout_seconds=None) as client:
                    self.client = client
                    metrics.mcp_state(state, "open")
                    state = "open"
                    ready.set_result(None)
                    await self._closed.wait()
            except BaseException as exc:  # reported through `ready` or by the next call
                if not ready.done():
                    ready.set_exception(exc)
            finally:
                self.client = None
                metrics.mcp_state(state, None)

        self._task = asyncio.get_running_loop().create_task(own())
        try:
            await asyncio.wait_for(asyncio.shield(ready), TIMEOUTS.open_s(self.server))
        except BaseException:
            self._task.cancel()
            raise

    @property
    def alive(self) -> bool:
        return self.client is not None and self._task is not None and not self._task.done()

    def close(self) -> None:
        self._closed.set()


_connections: dict[str, _Connection] = {}  # by connection key, least recently used first
_opening: dict[str, asyncio.Lock] = {}


MAX_CONNECTIONS_PER_PROVIDER = 64


def _drop(key: str) -> None:
    conn = _connections.pop(key, None)
    _opening.pop(key, None)
    if conn is not None:
        conn.close()


async def _connection(server: Server) -> _Connection:
    key = server.connection_key()
    lock = _opening.setdefault(key, asyncio.Lock())
    async with lock:
        conn = _connections.pop(key, None)
        if conn is not None and conn.alive:
            _connections[key] = conn  # the most recently used
            return conn
        if conn is not None:
            conn.close()
        mine = [k for k in list(_connections) if k.split("#", 1)[0] == server.provider_id]
        for old in mine[:max(0, len(mine) - MAX_CONNECTIONS_PER_PROVIDER + 1)]:
            _drop(old)
        conn = _Connection(server)
        await conn.open()
        _connections[key] = conn
        return conn


def connections_of(provider_id: str) -> list[_Connection]:
    """The provider's live connections (one per distinct set of what reaches its server)."""
    return [c for k, c in list(_connections.items())
            if k.split("#", 1)[0] == provider_id and c.alive]


def _describe(exc: BaseException, hidden: tuple = ()) -> str:
    """A short reason without URLs, headers or other request details."""
    while isinstance(exc, BaseExceptionGroup) and exc.exceptions:
        exc = exc.exceptions[0]
    if isinstance(exc, McpError):
        return str(exc)
    if isinstance(exc, (TimeoutError, asyncio.TimeoutError)):
        return "timed out"
    name = type(exc).__name__
    if "Connect" in name or isinstance(exc, (ConnectionError, OSError)):
        return f"cannot connect ({name})"
    if "HTTPStatus" in name:
        status = getattr(getattr(exc, "response", None), "status_code", "?")
        return f"the server answered HTTP {status}"
    if getattr(exc, "code", None) == "url_not_allowed":
        return "the server address is not allowed"
    if name == "MCPError":  # a JSON-RPC error: the server's own words, secrets masked
        from rules.masking import Masker

        text = Masker(hidden).text(clean_text(str(exc)[:2000]))[:200]
        return f"the server answered an error: {text}"
    return f"the server failed ({name})"


async def _with_connection(server: Server, action, timeout: float):
    hidden = server.hidden()
    for attempt in (1, 2):
        try:
            conn = await _connection(server)
        except BaseException as exc:
            raise McpError(f"cannot connect: {_describe(exc, hidden)}") from None
        try:
            return await asyncio.wait_for(action(conn.client), timeout)
        except (asyncio.TimeoutError, TimeoutError):
            raise McpError(f"timed out after {timeout:g} s") from None
        except Exception as exc:
            dead = not conn.alive
            conn.close()
            if _connections.get(server.connection_key()) is conn:
                _connections.pop(server.connection_key(), None)
            if attempt == 2 or not dead:  # retry once only when the connection had broken
                raise McpError(_describe(exc, hidden)) from None
    raise McpError("unreachable")


async def _list_all(client) -> list:
    tools, cursor = [], None
    while True:
        page = await client.list_tools(cursor=cursor, cache_mode="refresh")
        tools.extend(page.tools)
        cursor = page.next_cursor
        if not cursor:
            return tools


def _tool_dict(tool) -> dict:
    """A listed tool, its strings cleaned (NUL, lone surrogates: rules/outside_text.py)."""
    return clean({"name": tool.name, "description": tool.description,
                  "input_schema": tool.input_schema, "output_schema": tool.output_schema})


async def _list(server: Server) -> list[dict]:
    tools = await _with_connection(server, _list_all, TIMEOUTS.list_s)
    return [_tool_dict(t) for t in tools]


def list_tools(server: Server) -> list[dict]:
    """The server's tools as dicts {name, description, input_schema, output_schema}."""
    return _LOOP.run(_list(server), TIMEOUTS.open_s(server) + TIMEOUTS.list_s + 1)


def list_many(servers: list[Server]) -> list[list[dict] | McpError]:
    """List several servers concurrently; a failing one yields its McpError, never stalls."""
    async def one(server):
        try:
            return await asyncio.wait_for(_list(server),
                                          TIMEOUTS.open_s(server) + TIMEOUTS.list_s)
        except McpError as exc:
            return exc
        except BaseException as exc:
            return McpError(_describe(exc, server.hidden()))

    async def all_():
        return await asyncio.gather(*(one(s) for s in servers))

    longest = max((TIMEOUTS.open_s(s) for s in servers), default=TIMEOUTS.connect_s)
    try:  # each server's own deadline ends it first; this bounds their teardown as well
        return _LOOP.run(all_(), longest + TIMEOUTS.list_s + TEARDOWN_S)
    except McpError as exc:
        return [exc for _ in servers]


def call_tool(server: Server, name: str, arguments: dict, timeout_s: float | None = None) -> dict:
    """Call a tool: {is_error, content (list of dicts), structured (dict or None)}."""
    timeout = timeout_s or TIMEOUTS.call_s
    return _outcome(_LOOP.run(_calling(server, name, arguments, timeout),
                              TIMEOUTS.open_s(server) + timeout))


async def acall_tool(server: Server, name: str, arguments: dict,
                     timeout_s: float | None = None) -> dict:
    """``call_tool`` for a coroutine on another event loop (a turn): the call runs on the
    client's loop while the caller awaits it, holding no thread."""
    timeout = timeout_s or TIMEOUTS.call_s
    future = asyncio.run_coroutine_threadsafe(_calling(server, name, arguments, timeout),
                                              _LOOP.get())
    budget = TIMEOUTS.open_s(server) + timeout
    try:
        result = await asyncio.wait_for(asyncio.wrap_future(future), budget + 1.0)
    except (asyncio.TimeoutError, TimeoutError):
        future.cancel()
        raise McpError(f"timed out after {budget:g} s") from None
    return _outcome(result)


def _calling(server: Server, name: str, arguments: dict, timeout: float):
    async def call(client):
        return await client.call_tool(name, arguments)

    return _with_connection(server, call, timeout)


def _outcome(result) -> dict:
    content = [c.model_dump(mode="json", exclude_none=True, by_alias=True)
               for c in (result.content or [])]
    return {"is_error": bool(result.is_error), "content": clean(content),
            "structured": clean(result.structured_content)}


def close(provider_id: str) -> None:
    """Drop every connection of a provider (deleted or reconfigured)."""
    for key in [k for k in list(_connections) if k.split("#", 1)[0] == provider_id]:
        conn = _connections.pop(key, None)
        _opening.pop(key, None)
        if conn is not None and _LOOP.loop is not None:
            _LOOP.loop.call_soon_threadsafe(conn.close)


def is_connected(provider_id: str) -> bool:
    return bool(connections_of(provider_id))


def server_for(provider, secrets: dict, credentials: dict | None = None) -> Server:
    """How to reach provider's server with ``secrets`` (``secrets_of(provider)``, its
    ``headers`` those to send). A stdio program gets the secret arguments and ``env`` of
    ``secrets``, and the variables of ``mcp.credential_env`` filled from ``credentials`` (the
    credentials in use; default: the provider's own)."""
    mcp = provider.mcp or {}
    updated = provider.updated_at.isoformat() if provider.updated_at else ""
    key = f"{provider.id}@{updated}"
    if mcp.get("transport") != "stdio":
        return Server(key=key, transport=mcp.get("transport", "streamable_http"),
                      url=mcp.get("url"), headers=secrets.get("headers") or {})
    args, env, secret_args = mcp_stdio.program(mcp, secrets, credentials)
    return Server(key=key, transport="stdio", command=mcp.get("command"), args=args, env=env,
                  secret_args=secret_args)
