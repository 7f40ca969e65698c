"""stdio MCP servers: the program's parameters and its standard error.

A stdio provider runs a program on the host (operator setting AGENT_PLATFORM_MCP_STDIO). Its
environment variables (``mcp.env``, and ``mcp.credential_env`` filled from the credentials in
use) and its secret arguments are secrets: they reach the program and nothing else. The
program's standard error is relayed to the service's log line by line, every secret masked,
each line cut to ``LINE_CHARS`` and at most ``MAX_LINES`` lines per program.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import os

from rules.masking import Masker
from rules.outside_text import clean_text

log = logging.getLogger("agent_platform.mcp")
MAX_LINES = 200
LINE_CHARS = 500


def program(mcp: dict, secrets: dict, credentials: dict | None) -> tuple[tuple, dict, tuple]:
    """(arguments, environment, the secret arguments' values) of a stdio provider's program:
    secret arguments from ``secrets["args"]`` (by index), ``secrets["env"]``, and the variables
    of ``mcp.credential_env`` filled from ``credentials`` (default: the provider's own)."""
    stored = secrets.get("args") or {}
    hidden = set(mcp.get("secret_args") or ())
    args = tuple(stored.get(str(i), "") if i in hidden else value
                 for i, value in enumerate(mcp.get("args") or ()))
    creds = (secrets.get("credentials") or {}) if credentials is None else credentials
    env = {**(secrets.get("env") or {}),
           **{name: str(creds[field]) for name, field in (mcp.get("credential_env") or {}).items()
              if creds.get(field) is not None}}
    return args, env, tuple(str(v) for v in stored.values())


@contextlib.asynccontextmanager
async def transport(server):
    """The MCP SDK's stdio transport for ``server`` (a runtime.tools.mcp_client.Server): starts the
    program, its standard error relayed to the log."""
    from mcp.client.stdio import StdioServerParameters, stdio_client

    params = StdioServerParameters(command=server.command, args=list(server.args),
                                   env=dict(server.env) if server.env else None)
    relay = StderrRelay(server.provider_id, server.hidden())
    try:
        await relay.start()
        async with stdio_client(params, errlog=relay.errlog) as streams:
            relay.started()
            yield streams
    finally:
        relay.close()


class _Lines(asyncio.Protocol):
    def __init__(self, relay: "StderrRelay"):
        self.relay = relay
        self.pending = b""

    def data_received(self, data: bytes) -> None:
        self.pending += data
        *lines, self.pending = self.pending.split(b"\n")
        for line in lines:
            self.relay.emit(line)
        if len(self.pending) > 4 * LINE_CHARS:  # a line without end: cut it here
            self.relay.emit(self.pending)
            self.pending = b""

    def connection_lost(self, exc) -> None:
        if self.pending:
            self.relay.emit(self.pending)
            self.pending = b""


class StderrRelay:
    """A pipe for one program's standard error, read on the running event loop."""

    def __init__(self, provider_id: str, hidden: tuple):
        read_fd, write_fd = os.pipe()
        self.errlog = os.fdopen(write_fd, "w")  # handed to the program, closed once it runs
        self._reader = os.fdopen(read_fd, "rb", buffering=0)
        self._transport = None
        self._masker = Masker(hidden)
        self._provider_id = provider_id
        self._lines = 0

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._transport, _ = await loop.connect_read_pipe(lambda: _Lines(self), self._reader)

    def emit(self, raw: bytes) -> None:
        self._lines += 1
        if self._lines > MAX_LINES:
            if self._lines == MAX_LINES + 1:
                log.info("MCP server output: further lines dropped",
                         extra={"fields": {"provider_id": self._provider_id}})
            return
        text = self._masker.text(clean_text(raw.decode("utf-8", "replace")).rstrip())
        if text:
            log.info("MCP server output", extra={"fields": {
                "provider_id": self._provider_id, "line": text[:LINE_CHARS]}})

    def started(self) -> None:
        """The program runs (it holds its own copy of the pipe): close ours."""
        if not self.errlog.closed:
            self.errlog.close()

    def close(self) -> None:
        self.started()
        if self._transport is not None:
            self._transport.close()
        elif not self._reader.closed:
            self._reader.close()
