"""The SSRF policy's I/O half: resolving a URL's host, and connections pinned to the
addresses the policy (rules/ssrf.py) checked.

Checking a name and then letting the HTTP client resolve it again leaves a window: a DNS
server that answers a public address to the check and a private one to the connect (DNS
rebinding) would reach the private address. Here the name is resolved once, at connect time,
every address is checked (``connect_addresses``), and the socket connects to one of
those very addresses; TLS still verifies the certificate against the name. A refusal raises
the policy's own error (Forbidden ``url_not_allowed``, Invalid ``url_unresolvable``) through
the client, not a connection error.

- ``resolve(url)``: a URL's addresses for a call, every one checked (MCP servers, model
  providers and OAuth URLs check before they call).
- ``requests_adapter()``: a requests transport adapter (HTTP tool calls).
- ``pin_httpx(client)``: the same for an ``httpx.Client`` (OAuth token exchange), and
  ``pin_async_httpx(client)`` for an ``httpx.AsyncClient`` (model providers: a turn awaits its
  model on the event loop; cancelling the awaiting task closes the connection). A call made inside ``Call().running()`` can be aborted from another thread
  (``Call.abort``): the socket it reads or writes, or whose TLS handshake it waits for, is
  shut down (a model call cancelled while the model is silent), a TCP connect in progress
  gives up within ``ABORT_POLL_S`` (a server that never completes the connect), and its next
  connect, read or write fails at once.
"""
from __future__ import annotations

import asyncio
import errno
import ipaddress
import os
import selectors
import socket
import threading
import time

import httpcore
import httpcore._backends.auto
import httpcore._backends.sync
import requests.adapters
from urllib3.connection import HTTPConnection, HTTPSConnection
from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
from urllib3.exceptions import ConnectTimeoutError, NewConnectionError

from rules import ssrf
from rules.errors import Invalid


def connect_addresses(host: str, port: int) -> list[str] | None:
    """The addresses a connection to host may use, every one checked against the policy
    (403 ``url_not_allowed`` when any is refused, 400 ``url_unresolvable`` when there is none);
    None for a host the operator allow-lists by name."""
    host = host.lower().rstrip(".").strip("[]")
    if ssrf.check_host(host):
        return None
    try:
        infos = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except OSError as exc:
        raise Invalid(f"the URL's host {host!r} cannot be resolved", code="url_unresolvable") from exc
    return ssrf.check_addresses(host, list(dict.fromkeys(info[4][0] for info in infos)))


def resolve(url: str, *, timeout: float = 5.0) -> list[str]:
    """Resolve a URL's host for a call and refuse it if any address is not allowed.
    Returns the resolved addresses. Clients pinned here check again when they connect, on the
    very addresses they connect to."""
    ssrf.check_url(url)
    _, host, port = ssrf.split(url)
    previous = socket.getdefaulttimeout()
    socket.setdefaulttimeout(timeout)
    try:
        addresses = connect_addresses(host, port)
    finally:
        socket.setdefaulttimeout(previous)
    return [host] if addresses is None else sorted(addresses)


class _Pinned:
    """urllib3 connection mixin: connect to a checked address of the host."""

    def _new_conn(self):
        addresses = connect_addresses(self._dns_host, self.port)
        if addresses is None:  # allow-listed by name: connect as usual
            return super()._new_conn()
        name, failure = self._dns_host, None
        for address in addresses:
            self._dns_host = address  # the host the socket connects to (TLS uses it after)
            try:
                return super()._new_conn()
            except (NewConnectionError, ConnectTimeoutError) as exc:
                failure = exc
            finally:
                self._dns_host = name
        raise failure


class _HTTPConnection(_Pinned, HTTPConnection):
    pass


class _HTTPSConnection(_Pinned, HTTPSConnection):
    pass


class _HTTPPool(HTTPConnectionPool):
    ConnectionCls = _HTTPConnection


class _HTTPSPool(HTTPSConnectionPool):
    ConnectionCls = _HTTPSConnection


class _Adapter(requests.adapters.HTTPAdapter):
    def init_poolmanager(self, *args, **kwargs):
        super().init_poolmanager(*args, **kwargs)
        self.poolmanager.pool_classes_by_scheme = {"http": _HTTPPool, "https": _HTTPSPool}


def requests_adapter() -> requests.adapters.HTTPAdapter:
    return _Adapter()


_current = threading.local()  # .call: the abortable call this thread is making


class Call:
    """An HTTP call that another thread may abort: ``with call.running():`` around the
    request on the calling thread, ``call.abort()`` from anywhere."""

    def __init__(self):
        self.aborted = False
        self.stream: "_Abortable | None" = None

    def running(self):
        call = self

        class _Scope:
            def __enter__(self):
                _current.call = call
                return call

            def __exit__(self, *exc):
                _current.call = None

        return _Scope()

    def abort(self) -> None:
        self.aborted = True  # set before the look-up: a read starting now sees it
        stream = self.stream
        if stream is not None:
            stream.shutdown()


def _check_current(stream: "_Abortable | None" = None) -> None:
    call = getattr(_current, "call", None)
    if call is None:
        return
    if stream is not None:
        call.stream = stream  # registered before the check: abort() sees it or we see the flag
    if call.aborted:
        raise httpcore.ReadError("the call was aborted")


class _Abortable(httpcore.NetworkStream):
    """A connection's stream that the abortable call using it (``Call``) can shut down from
    another thread."""

    def __init__(self, inner):
        self._inner = inner
        self._twin: socket.socket | None = None

    def read(self, max_bytes, timeout=None):
        _check_current(self)
        return self._inner.read(max_bytes, timeout)

    def write(self, buffer, timeout=None):
        _check_current(self)
        return self._inner.write(buffer, timeout)

    def close(self):
        self._inner.close()

    def start_tls(self, ssl_context, server_hostname=None, timeout=None):
        # The TLS socket takes the plain socket's descriptor over: a duplicate of it lets
        # shutdown() end a handshake the server never answers.
        sock = self._inner.get_extra_info("socket")
        self._twin = sock.dup() if sock is not None else None
        try:
            _check_current(self)
            return _Abortable(self._inner.start_tls(ssl_context, server_hostname, timeout))
        finally:
            twin, self._twin = self._twin, None
            if twin is not None:
                twin.close()

    def get_extra_info(self, info):
        return self._inner.get_extra_info(info)

    def shutdown(self):
        sock = self._twin or self._inner.get_extra_info("socket")
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass


ABORT_POLL_S = 0.05


def _abortable_connect(call: Call, host: str, port: int, timeout: float | None,
                       local_address: str | None, socket_options) -> httpcore.NetworkStream:
    """httpcore's TCP connect, made without blocking so that ``call.abort()`` ends it within
    ABORT_POLL_S (a SYN never answered, a full backlog), like a read or a write."""
    failure: Exception = httpcore.ConnectError("no address to connect to")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise httpcore.ConnectError(str(exc)) from exc
    deadline = None if timeout is None else time.monotonic() + timeout
    for family, kind, proto, _, address in infos:
        sock = socket.socket(family, kind, proto)
        try:
            if local_address is not None:
                sock.bind((local_address, 0))
            sock.setblocking(False)
            error = sock.connect_ex(address)
            with selectors.DefaultSelector() as selector:
                selector.register(sock, selectors.EVENT_WRITE)
                while error in (errno.EINPROGRESS, errno.EWOULDBLOCK, errno.EALREADY):
                    if call.aborted:
                        raise httpcore.ConnectError("the call was aborted")
                    left = None if deadline is None else deadline - time.monotonic()
                    if left is not None and left <= 0:
                        raise httpcore.ConnectTimeout("timed out connecting")
                    if selector.select(ABORT_POLL_S if left is None else min(ABORT_POLL_S, left)):
                        error = sock.getsockopt(socket.SOL_SOCKET, socket.SO_ERROR)
            if error:
                raise httpcore.ConnectError(os.strerror(error))
            sock.settimeout(timeout)
            for option in socket_options or ():
                sock.setsockopt(*option)
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            return httpcore._backends.sync.SyncStream(sock)
        except (httpcore.ConnectError, httpcore.ConnectTimeout, OSError) as exc:
            sock.close()
            if call.aborted:
                raise httpcore.ConnectError("the call was aborted") from None
            failure = exc if not isinstance(exc, OSError) else httpcore.ConnectError(str(exc))
    raise failure


class _Backend(httpcore.SyncBackend):
    def _connect(self, host, port, timeout, local_address, socket_options):
        call = getattr(_current, "call", None)
        if call is None:
            return _Abortable(super().connect_tcp(host, port, timeout, local_address,
                                                  socket_options))
        return _Abortable(_abortable_connect(call, host, port, timeout, local_address,
                                             socket_options))

    def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        _check_current()
        addresses = connect_addresses(host, port)
        if addresses is None:
            return self._connect(host, port, timeout, local_address, socket_options)
        failure = None
        for address in addresses:
            try:
                return self._connect(address, port, timeout, local_address, socket_options)
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                failure = exc
                if getattr(getattr(_current, "call", None), "aborted", False):
                    break
        raise failure


def pin_httpx(client):
    """Make every new connection of the httpx client connect to checked addresses only;
    returns the client."""
    pool = getattr(client._transport, "_pool", None)
    if not isinstance(pool, httpcore.ConnectionPool):
        raise RuntimeError("the httpx client's transport has no connection pool to pin")
    pool._network_backend = _Backend()
    return client


async def connect_addresses_async(host: str, port: int) -> list[str] | None:
    """``connect_addresses`` for the event loop (the name resolved without blocking it)."""
    host = host.lower().rstrip(".").strip("[]")
    if ssrf.check_host(host):
        return None
    try:  # an address is its own answer: no resolver round trip (a thread) for it
        literal = ipaddress.ip_address(host)
    except ValueError:
        pass
    else:
        return ssrf.check_addresses(host, [str(literal)])
    try:
        infos = await asyncio.get_running_loop().getaddrinfo(host, port,
                                                             proto=socket.IPPROTO_TCP)
    except OSError as exc:
        raise Invalid(f"the URL's host {host!r} cannot be resolved", code="url_unresolvable") from exc
    return ssrf.check_addresses(host, list(dict.fromkeys(info[4][0] for info in infos)))


class _AsyncStream(httpcore.AsyncNetworkStream):
    """A connection whose TLS handshake, when interrupted (the awaiting task cancelled: a
    cancelled model call), closes the socket instead of leaving it open."""

    def __init__(self, inner):
        self.inner = inner

    async def read(self, max_bytes: int, timeout=None) -> bytes:
        return await self.inner.read(max_bytes, timeout)

    async def write(self, buffer: bytes, timeout=None) -> None:
        await self.inner.write(buffer, timeout)

    async def aclose(self) -> None:
        await self.inner.aclose()

    async def start_tls(self, ssl_context, server_hostname=None, timeout=None):
        try:
            return await self.inner.start_tls(ssl_context, server_hostname, timeout)
        except BaseException:
            await self.inner.aclose()
            raise

    def get_extra_info(self, info: str):
        return self.inner.get_extra_info(info)


class _AsyncBackend(httpcore.AsyncNetworkBackend):
    """Connects to checked addresses only (the async twin of ``_Backend``)."""

    def __init__(self):
        self.inner = httpcore._backends.auto.AutoBackend()

    async def connect_tcp(self, host, port, timeout=None, local_address=None,
                          socket_options=None):
        addresses = await connect_addresses_async(host, port)
        if addresses is None:
            return _AsyncStream(await self.inner.connect_tcp(host, port, timeout,
                                                             local_address, socket_options))
        failure = None
        for address in addresses:
            try:
                return _AsyncStream(await self.inner.connect_tcp(address, port, timeout,
                                                                 local_address, socket_options))
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                failure = exc
        raise failure

    async def connect_unix_socket(self, path, timeout=None, socket_options=None):
        raise httpcore.ConnectError("unix sockets are not reachable")

    async def sleep(self, seconds: float) -> None:
        await self.inner.sleep(seconds)


def pin_async_httpx(client):
    """``pin_httpx`` for an ``httpx.AsyncClient``; returns the client."""
    pool = getattr(client._transport, "_pool", None)
    if not isinstance(pool, httpcore.AsyncConnectionPool):
        raise RuntimeError("the httpx client's transport has no connection pool to pin")
    pool._network_backend = _AsyncBackend()
    return client
