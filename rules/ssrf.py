"""The one SSRF policy for every URL a user gives (tool base URLs, MCP servers, OAuth URLs).

Loopback, private, link-local, shared, reserved, multicast and cloud-metadata addresses are
refused unless the operator allow-lists them (AGENT_PLATFORM_SSRF_ALLOW: comma-separated
hosts, IPs or CIDR networks, e.g. ``127.0.0.1`` or ``10.0.0.0/8``). The check runs when a URL is
saved (``check_url``) and again on the addresses a name resolves to when it is called
(``check_host`` then ``check_addresses``), so a DNS name that later points at a private address
is refused at call time. This module is the policy alone: it resolves nothing. Resolution and
connections pinned to the checked addresses (no window for DNS rebinding between check and
connect) are runtime/ssrf_connect.py's.
"""
from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

from rules.errors import Forbidden, Invalid

_SCHEMES = {"http", "https"}
_METADATA_HOSTS = {"metadata.google.internal", "metadata", "instance-data"}
_allow_hosts: frozenset[str] = frozenset()
_allow_nets: tuple = ()


def configure(allow: list[str] | tuple[str, ...]) -> None:
    """Set the operator's allow-list (hosts, IPs, CIDR networks)."""
    global _allow_hosts, _allow_nets
    hosts, nets = set(), []
    for entry in allow:
        entry = entry.strip().lower()
        if not entry:
            continue
        try:
            nets.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            hosts.add(entry)
    _allow_hosts, _allow_nets = frozenset(hosts), tuple(nets)


def _forbidden_ip(ip: ipaddress._BaseAddress) -> bool:
    if any(ip in net for net in _allow_nets):
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped:
        return _forbidden_ip(ip.ipv4_mapped)
    return not ip.is_global or ip.is_multicast or ip.is_reserved or ip.is_unspecified


def split(url: str) -> tuple[str, str, int]:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise Invalid(f"invalid URL: {exc}", code="invalid_url") from exc
    if parts.scheme not in _SCHEMES or not parts.hostname:
        raise Invalid("the URL must be absolute http(s) with a host", code="invalid_url")
    if parts.username or parts.password:
        raise Invalid("credentials in URLs are not accepted; use the provider's auth",
                      code="invalid_url")
    return parts.scheme, parts.hostname.lower().rstrip("."), port or (443 if parts.scheme == "https" else 80)


ERRORS = (Invalid, Forbidden)  # what the checks (and resolve, connect) raise: malformed (400) or refused (403)


def _refuse(host: str) -> Forbidden:
    return Forbidden(f"the URL's host {host!r} is not allowed (private, loopback, link-local or "
                   "metadata address); an operator can allow-list it", code="url_not_allowed")


_INET_MAX = (0xFFFFFFFF, 0xFFFFFF, 0xFFFF, 0xFF)  # the last part, after 0, 1, 2 or 3 others
_WHITESPACE = " \t\n\v\f\r"


def _inet_part(text: str) -> int | None:
    """One part as inet_aton reads it: ``0x`` hexadecimal (at least one digit), ``0`` octal,
    else decimal; None when it is not such a number."""
    if not text or not text[0].isascii() or not text[0].isdigit():
        return None
    if text[:2].lower() == "0x":
        digits, base = text[2:], 16
        if not digits:
            return None
    elif text[0] == "0":
        digits, base = text[1:], 8
    else:
        digits, base = text, 10
    value = 0
    for char in digits:
        if not char.isascii() or char.lower() not in "0123456789abcdef"[:base]:
            return None
        value = value * base + int(char, 16)
        if value > 0xFFFFFFFF:
            return None
    return value


def inet_aton(host: str) -> ipaddress.IPv4Address | None:
    """The IPv4 address the C library's inet_aton reads in host, None when it reads none.

    Besides dotted decimal it reads one to four parts, each decimal, octal (a leading ``0``)
    or hexadecimal (``0x``); the last part fills the remaining bytes: ``2130706433``,
    ``0x7f.0.0.1``, ``0177.0.0.1``, ``127.1`` and ``0`` are addresses (127.0.0.1 and 0.0.0.0),
    and so is anything after whitespace that ends them (``127.1 x``)."""
    for index, char in enumerate(host):
        if char in _WHITESPACE:
            host = host[:index]
            break
    texts = host.split(".")
    if len(texts) > 4:
        return None
    values = [_inet_part(text) for text in texts]
    if None in values or any(value > 0xFF for value in values[:-1]):
        return None
    number = values[-1]
    if number > _INET_MAX[len(values) - 1]:
        return None
    for index, value in enumerate(values[:-1]):  # the leading bytes
        number |= value << 8 * (3 - index)
    return ipaddress.IPv4Address(number)


def literal_ip(host: str) -> ipaddress._BaseAddress | None:
    """The address a host names literally (IPv6 in brackets, or any IPv4 form inet_aton
    reads), None for a DNS name."""
    try:
        return ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        return inet_aton(host)


def check_url(url: str) -> str:
    """Validate a URL when it is saved: shape, and literal/metadata hosts. Returns the URL."""
    _, host, _ = split(url)
    if host in _allow_hosts:
        return url
    if host in _METADATA_HOSTS or host == "localhost" or host.endswith(".localhost"):
        raise _refuse(host)
    ip = literal_ip(host)
    if ip is None:
        return url  # a DNS name: its addresses are checked at resolve time
    if _forbidden_ip(ip):
        raise _refuse(host)
    return url


def check_host(host: str) -> bool:
    """A host about to be resolved for a call: True when the operator allow-lists it by name
    (its addresses are not checked), False when its addresses must be checked; refuses
    metadata and localhost names (403 ``url_not_allowed``)."""
    if host in _allow_hosts:
        return True
    if host in _METADATA_HOSTS or host == "localhost" or host.endswith(".localhost"):
        raise _refuse(host)
    return False


def check_addresses(host: str, addresses: list[str]) -> list[str]:
    """The addresses a name resolved to, every one allowed (403 ``url_not_allowed`` when any
    is refused). Returns them."""
    for address in addresses:
        if _forbidden_ip(ipaddress.ip_address(address.split("%")[0])):
            raise _refuse(host)
    return addresses
