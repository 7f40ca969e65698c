"""The SSRF policy: refused address classes, the operator allow-list, resolve-time checks."""
import ipaddress

import pytest

from rules import ssrf
from runtime import ssrf_connect
from store.errors import Forbidden, Invalid


@pytest.fixture(autouse=True)
def restore_allow_list(settings):
    yield
    ssrf.configure(settings.ssrf_allow)


@pytest.mark.parametrize("url", [
    "http://127.0.0.1:8080/", "http://10.1.2.3/", "http://192.168.0.1/", "http://172.16.5.5/",
    "http://169.254.169.254/latest/meta-data", "http://[::1]/", "http://[fe80::1]/",
    "http://0.0.0.0/", "http://localhost/", "http://metadata.google.internal/",
    "http://100.64.0.1/", "http://[::ffff:127.0.0.1]/",
])
def test_private_addresses_are_refused(url):
    ssrf.configure([])
    with pytest.raises(Forbidden) as err:
        ssrf.check_url(url)
    assert err.value.code == "url_not_allowed"


@pytest.mark.parametrize("url", ["ftp://example.com/", "/relative", "http://", "http://u:p@example.com/"])
def test_malformed_urls_are_refused(url):
    with pytest.raises(Invalid) as err:
        ssrf.check_url(url)
    assert err.value.code == "invalid_url"


def test_public_addresses_pass_and_allow_list_opens_private_ones():
    ssrf.configure([])
    assert ssrf.check_url("https://93.184.216.34/x") == "https://93.184.216.34/x"
    ssrf.configure(["127.0.0.1", "10.0.0.0/8"])
    ssrf.check_url("http://127.0.0.1:9/")
    ssrf.check_url("http://10.9.9.9/")
    with pytest.raises(Forbidden):
        ssrf.check_url("http://192.168.1.1/")


def test_names_are_checked_when_resolved():
    """A DNS name that resolves to a private address passes the save check but not the call."""
    import socket

    name = socket.gethostname()  # this machine's own name resolves to a private/loopback address
    assert not ipaddress.ip_address(socket.gethostbyname(name)).is_global
    ssrf.configure([])
    assert ssrf.check_url(f"http://{name}:8080/") == f"http://{name}:8080/"
    with pytest.raises(Forbidden) as err:
        ssrf_connect.resolve(f"http://{name}:8080/")
    assert err.value.code == "url_not_allowed"
    ssrf.configure(["127.0.0.1"])
    assert ssrf_connect.resolve("http://127.0.0.1:5/") == ["127.0.0.1"]
