"""Every IPv4 form the C library's inet_aton reads (one to four parts, decimal, octal or
hexadecimal) is the address it names when a URL is saved: http://2130706433, 0x7f.0.0.1,
127.1, 0 and 0177.0.0.1 are loopback and refused like 127.0.0.1."""
from __future__ import annotations

import ipaddress
import socket
import sys

import pytest

from rules import ssrf
from store.errors import Forbidden
from tests.factories import assert_problem, make_org

FORMS = {
    "2130706433": "127.0.0.1",
    "0x7f.0.0.1": "127.0.0.1",
    "0x7f000001": "127.0.0.1",
    "127.1": "127.0.0.1",
    "127.0.1": "127.0.0.1",
    "0": "0.0.0.0",
    "0177.0.0.1": "127.0.0.1",
    "017700000001": "127.0.0.1",
    "0xa.0x0.0.1": "10.0.0.1",
    "10.1": "10.0.0.1",
    "192.168.257": "192.168.1.1",
    "0xa9fea9fe": "169.254.169.254",
    "1.2.3.4": "1.2.3.4",
}
NOT_ADDRESSES = ["example.com", "1.2.3.4.5", "08", "0x", "0x.1", "256.1", "1.2.3.256",
                 "4294967296", "1e3", "", "1..2", ".1", "0x1g", "127.0.0.1.example.com"]


@pytest.fixture(autouse=True)
def no_allow_list(settings):
    ssrf.configure([])
    yield
    ssrf.configure(settings.ssrf_allow)


@pytest.mark.parametrize("host, address", FORMS.items())
def test_inet_aton_forms(host, address):
    assert ssrf.inet_aton(host) == ipaddress.IPv4Address(address)


@pytest.mark.parametrize("host", NOT_ADDRESSES)
def test_names_that_are_not_addresses(host):
    assert ssrf.inet_aton(host) is None


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's inet_aton")
@pytest.mark.parametrize("host", [*FORMS, *NOT_ADDRESSES, "127.1 x", "0X7F.1", "1.0xffffff",
                                  "1.0x1000000", "0.0377.1", "0.0400.1", "00000000000177.1"])
def test_the_c_library_reads_the_same(host):
    try:
        expected = ipaddress.IPv4Address(socket.inet_aton(host))
    except OSError:
        expected = None
    assert ssrf.inet_aton(host) == expected


@pytest.mark.parametrize("host", ["2130706433", "0x7f.0.0.1", "127.1", "0", "0177.0.0.1",
                                  "0xa.0.0.1", "0xa9fea9fe", "0300.0250.1.1"])
def test_refused_at_save_by_the_policy(host):
    with pytest.raises(Forbidden) as err:
        ssrf.check_url(f"http://{host}:8080/x")
    assert err.value.code == "url_not_allowed"


def test_a_public_address_in_another_form_passes_and_the_allow_list_applies():
    assert ssrf.check_url("http://0x5db8d822/") == "http://0x5db8d822/"  # 93.184.216.34
    ssrf.configure(["127.0.0.1"])
    assert ssrf.check_url("http://127.1:9/") == "http://127.1:9/"
    with pytest.raises(Forbidden):
        ssrf.check_url("http://127.2/")


@pytest.mark.parametrize("host", ["2130706433", "0x7f.0.0.1", "127.1", "0", "0177.0.0.1"])
def test_a_provider_with_such_a_base_url_is_refused_with_the_policys_code(client, host):
    org = make_org(client)
    resp = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": f"p-{host}", "type": "api", "base_url": f"http://{host}/",
        "auth": {"type": "none"}})
    assert_problem(resp, 403, "url_not_allowed")
    mcp = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": f"m-{host}", "type": "mcp", "mcp": {"url": f"http://{host}:9/mcp"}})
    assert_problem(mcp, 403, "url_not_allowed")
    assert client.get("/v1/tool-providers", headers=org["headers"]).json()[
        "tool_providers"] == []
