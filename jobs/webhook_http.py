"""The HTTP/1.1 client of webhook deliveries: one POST, its status and the first KB of the
answer, on asyncio streams, with kept-alive connections per receiver.

A general client (httpx) spends about a millisecond of CPU per request on a 2-core machine,
which caps a process near a thousand deliveries a second with nothing else running, and far
below that on a busy one; a POST with a known body and an answer read only as far as its first
KB needs a small part of that. What this client does, and no more:

- connects only to addresses the SSRF policy allows, resolved at connect time
  (runtime/ssrf_connect.py: the address checked is the one connected to); TLS verifies the
  certificate against the URL's host;
- sends `POST` with `Content-Length`, follows no redirect (a 3xx is the answer);
- reads the status line and headers (at most 64 KB), then the body as far as the first KB
  (`Content-Length`, chunked, or until the server closes); a connection whose answer was read
  whole, without `Connection: close`, is kept for the receiver's next delivery;
- a kept connection the receiver closed meanwhile (nothing of an answer read) is replaced by a
  new one once.

The caller bounds each call's time (jobs/webhooks.py); a call cut short closes its
connection.
"""
from __future__ import annotations

import asyncio
import ssl
from urllib.parse import urlsplit

from runtime import ssrf_connect

KEEP_IDLE = 32  # kept-alive connections per receiver
HEAD_LIMIT = 64 * 1024
_idle: dict[tuple, list] = {}
_tls: ssl.SSLContext | None = None


class Broken(Exception):
    """The receiver's answer was not HTTP/1.x, or the connection ended inside it."""


def _context() -> ssl.SSLContext:
    global _tls
    if _tls is None:
        _tls = ssl.create_default_context()
    return _tls


async def _connect(scheme: str, host: str, port: int):
    addresses = await ssrf_connect.connect_addresses_async(host, port)
    tls = _context() if scheme == "https" else None
    failure: Exception | None = None
    for address in addresses if addresses is not None else [host]:
        try:
            return await asyncio.open_connection(
                address, port, ssl=tls, server_hostname=host if tls else None,
                limit=HEAD_LIMIT)
        except OSError as exc:
            failure = exc
    raise failure or OSError(f"no address to connect to for {host}")


def _close(conn) -> None:
    try:
        conn[1].close()
    except Exception:  # already closed
        pass


def _request(url, target: str, headers: dict, body: bytes) -> bytes:
    host = url.hostname if ":" not in url.hostname else f"[{url.hostname}]"
    default = 443 if url.scheme == "https" else 80
    lines = [f"POST {target} HTTP/1.1",
             f"host: {host}" + (f":{url.port}" if url.port and url.port != default else ""),
             f"content-length: {len(body)}", "connection: keep-alive"]
    lines += [f"{name}: {value}" for name, value in headers.items()
              if "\r" not in value and "\n" not in value]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


async def _head(reader) -> tuple[int, dict]:
    while True:
        try:
            raw = await reader.readuntil(b"\r\n\r\n")
        except asyncio.LimitOverrunError as exc:
            raise Broken("the answer's headers are over 64 KB") from exc
        lines = raw.decode("latin-1").split("\r\n")
        parts = lines[0].split(" ", 2)
        if len(parts) < 2 or not parts[0].startswith("HTTP/1.") or not parts[1].isdigit():
            raise Broken(f"not an HTTP/1.x answer: {lines[0][:80]!r}")
        status = int(parts[1])
        if 100 <= status < 200 and status != 101:  # 100 Continue and friends: the real one next
            continue
        headers = {}
        for line in lines[1:]:
            name, sep, value = line.partition(":")
            if sep:
                headers[name.strip().lower()] = value.strip()
        return status, headers


async def _body(reader, status: int, headers: dict, keep: int) -> tuple[bytes, bool]:
    """(the first `keep` bytes of the body, whether the connection may be used again)."""
    again = headers.get("connection", "").lower() != "close"
    if status in (204, 304):
        return b"", again
    if "chunked" in headers.get("transfer-encoding", "").lower():
        kept = b""
        while True:
            size_line = await reader.readuntil(b"\r\n")
            size = int(size_line.split(b";")[0].strip() or b"0", 16)
            if size == 0:
                await reader.readuntil(b"\r\n")  # the end (trailers are not expected)
                return kept, again
            if len(kept) + size > keep:
                kept += await reader.readexactly(keep - len(kept))
                return kept, False  # the rest is not read: the connection cannot be reused
            kept += await reader.readexactly(size)
            await reader.readexactly(2)
    length = headers.get("content-length")
    if length is not None and length.isdigit():
        size = int(length)
        if size <= keep:
            return await reader.readexactly(size), again
        return await reader.readexactly(keep), False
    return await reader.read(keep), False  # no length: the body ends when the server closes


async def post(url_text: str, headers: dict, body: bytes, keep: int = 1024) -> tuple[int, str]:
    """(status, the first `keep` bytes of the answer as text). Raises OSError (connecting,
    TLS), Broken, asyncio.IncompleteReadError, or the SSRF policy's error."""
    url = urlsplit(url_text)
    if url.scheme not in ("http", "https") or not url.hostname:
        raise Broken(f"not an http(s) URL: {url_text[:80]!r}")
    port = url.port or (443 if url.scheme == "https" else 80)
    key = (url.scheme, url.hostname, port)
    target = (url.path or "/") + (f"?{url.query}" if url.query else "")
    request = _request(url, target, headers, body)
    pool = _idle.setdefault(key, [])
    conn, reused = (pool.pop(), True) if pool else (None, False)
    while True:
        if conn is None:
            conn = await _connect(url.scheme, url.hostname, port)
        done = False
        try:
            reader, writer = conn
            try:
                writer.write(request)
                await writer.drain()
                status, answer = await _head(reader)
            except (asyncio.IncompleteReadError, ConnectionError) as exc:
                partial = getattr(exc, "partial", b"")
                if reused and not partial:  # a kept connection closed meanwhile: a new one
                    _close(conn)
                    conn, reused = None, False
                    continue
                raise
            text, again = await _body(reader, status, answer, keep)
            done = again and not reader.at_eof()
            return status, text.decode("utf-8", "replace")
        finally:
            if done and len(pool) < KEEP_IDLE:
                pool.append(conn)
            elif conn is not None:
                _close(conn)
