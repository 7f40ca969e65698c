"""DNS rebinding: a name that answers an allowed address to the check and a refused one to the
connect. Tool calls, model providers and OAuth token requests resolve once, when they connect,
check those addresses and connect to one of them, so the refused address is never reached.

Two real HTTP servers share one port: `good` on 127.0.0.2 (the operator allow-lists it here)
and `bad` on 127.0.0.1 (refused). The resolver of this module answers `good` to the first
lookup of the rebinding name and `bad` to every later one."""
import asyncio
import http.server
import socket
import threading

import httpx
import pytest

from rules import ssrf
from runtime import ssrf_connect
from store.errors import Forbidden
from tests.factories import make_org
from tests.factories_tools import make_provider, make_tool
from tests.waiting import scaled

REBIND, PRIVATE = "rebind.test", "private.test"


class _Server:
    def __init__(self, host: str, port: int):
        self.paths: list[str] = []
        seen = self.paths

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                seen.append(self.path)
                body = b'{"ok": true}'
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.httpd = http.server.ThreadingHTTPServer((host, port), Handler)
        threading.Thread(target=self.httpd.serve_forever, daemon=True).start()

    def close(self):
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="module")
def servers():
    for _ in range(20):
        probe = socket.socket()
        probe.bind(("127.0.0.2", 0))
        port = probe.getsockname()[1]
        probe.close()
        try:
            good, bad = _Server("127.0.0.2", port), None
            bad = _Server("127.0.0.1", port)
            break
        except OSError:  # the port is taken on 127.0.0.1: another one
            good.close()
    yield good, bad, port
    good.close()
    bad.close()


@pytest.fixture(autouse=True)
def resolver(monkeypatch, settings):
    """`rebind.test`: 127.0.0.2 once, then 127.0.0.1; `private.test`: 127.0.0.1."""
    real = socket.getaddrinfo
    lookups = {REBIND: 0}

    def getaddrinfo(host, port, *args, **kwargs):
        if host in (REBIND, PRIVATE):
            address = "127.0.0.2" if host == REBIND and lookups[REBIND] == 0 else "127.0.0.1"
            lookups[host] = lookups.get(host, 0) + 1
            return real(address, port, *args, **kwargs)
        return real(host, port, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", getaddrinfo)
    ssrf.configure(["127.0.0.2"])
    yield lookups
    ssrf.configure(settings.ssrf_allow)


def call_tool(client, base_url: str, path: str) -> dict:
    """Execute a GET tool at base_url + path through the API; the tool result."""
    org = make_org(client)
    provider = make_provider(client, org, base_url=base_url)
    tool = make_tool(client, org, provider["id"], method="GET", path=path)
    resp = client.post(f"/v1/tools/{tool['id']}/execute", json={"input": {}},
                       headers=org["headers"])
    assert resp.status_code == 200, resp.text
    return resp.json()


def test_a_tool_call_connects_to_the_address_it_checked(client, servers):
    good, bad, port = servers
    result = call_tool(client, f"http://{REBIND}:{port}", "/tool")
    assert result["status"] == "succeeded", result
    assert good.paths == ["/tool"] and bad.paths == []


def test_a_tool_whose_name_points_at_a_refused_address_is_not_called(client, servers):
    good, bad, port = servers
    result = call_tool(client, f"http://{PRIVATE}:{port}", "/never")
    assert result["status"] == "failed" and result["error"]["code"] == "url_not_allowed"
    assert "/never" not in good.paths + bad.paths


def test_pinned_httpx_clients_connect_to_the_address_they_checked(servers, resolver):
    good, bad, port = servers
    with ssrf_connect.pin_httpx(httpx.Client(timeout=scaled(5))) as http:
        assert http.get(f"http://{REBIND}:{port}/model").status_code == 200
        assert good.paths[-1] == "/model" and bad.paths == []
        with pytest.raises(Forbidden) as err:  # the name now answers the refused address
            http.get(f"http://{REBIND}:{port}/again", headers={"Connection": "close"})
    assert err.value.code == "url_not_allowed" and resolver[REBIND] >= 2


async def _get_with_the_providers_client(url: str):
    from runtime.models import http as model_http

    try:
        return await model_http.aclient().get(url)
    finally:  # the client belongs to this loop: the next use makes a new one
        await model_http.aclient().aclose()
        model_http._aclient = None


def test_the_model_providers_client_is_pinned(servers):
    good, bad, port = servers
    with pytest.raises(Forbidden):
        asyncio.run(_get_with_the_providers_client(f"http://{PRIVATE}:{port}/v1/chat/completions"))
    assert bad.paths == []
