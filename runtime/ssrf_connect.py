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
- ``pin_httpx(client)``: the same for an ``httpx.Client`` (model providers, OAuth token
  exchange).
"""
from __future__ import annotations

import socket

import httpcore
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


class _Backend(httpcore.SyncBackend):
    def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        addresses = connect_addresses(host, port)
        if addresses is None:
            return super().connect_tcp(host, port, timeout, local_address, socket_options)
        failure = None
        for address in addresses:
            try:
                return super().connect_tcp(address, port, timeout, local_address, socket_options)
            except (httpcore.ConnectError, httpcore.ConnectTimeout) as exc:
                failure = exc
        raise failure


def pin_httpx(client):
    """Make every new connection of the httpx client connect to checked addresses only;
    returns the client."""
    pool = getattr(client._transport, "_pool", None)
    if not isinstance(pool, httpcore.ConnectionPool):
        raise RuntimeError("the httpx client's transport has no connection pool to pin")
    pool._network_backend = _Backend()
    return client
