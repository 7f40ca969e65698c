"""Factories and real servers for tool tests: an HTTP echo server and MCP servers on 127.0.0.1."""
from __future__ import annotations

import base64
import json
import socket
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit
from tests.waiting import wait_until

SESSION_PREFIX = "st_test_"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class _Echo(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def _answer(self):
        parts = urlsplit(self.path)
        length = int(self.headers.get("content-length") or 0)
        raw = self.rfile.read(length) if length else b""
        if parts.path.startswith("/sleep/"):
            arrived = time.monotonic()
            time.sleep(float(parts.path.split("/")[2]))
            self.server.sleeps.append((arrived, time.monotonic()))
        status = 200
        if parts.path.startswith("/status/"):
            status = int(parts.path.split("/")[2])
        if parts.path.startswith("/redirect"):
            status = 302
        body = {"method": self.command, "path": parts.path,
                "query": {k: v[0] for k, v in parse_qs(parts.query).items()},
                "headers": {k.lower(): v for k, v in self.headers.items()},
                "json": json.loads(raw) if raw else None}
        self.server.seen.append(body)
        if parts.path.startswith("/b64"):  # the credential base64-encoded inside larger blobs
            data, ctype = json.dumps(offset_forms(_credential(self.headers))).encode(), \
                "application/json"
        elif parts.path.startswith("/nul-text"):  # a NUL byte in a text answer
            data, ctype = b"plain\x00words", "text/plain"
        elif parts.path.startswith("/nul"):  # NUL and a lone surrogate in JSON (escaped)
            data = (b'{"text": "a\\u0000b", "lone": "x\\ud800y", "k\\u0000": ["\\u0000"],'
                    b' "path": "%s"}' % parts.path.encode())
            ctype = "application/json"
        elif parts.path.startswith("/text"):
            data, ctype = b"plain words", "text/plain"
        elif parts.path.startswith("/raw-json"):  # the request as JSON text (escaped forms)
            data = json.dumps({"line": self.requestline, "headers": dict(self.headers)}).encode()
            ctype = "text/plain"
        elif parts.path.startswith("/raw"):  # the request line and headers as sent
            data, ctype = (self.requestline + "\n" + str(self.headers)).encode(), "text/plain"
        else:
            data, ctype = json.dumps(body).encode(), "application/json"
        self.send_response(status)
        if status == 302:
            self.send_header("Location", "http://169.254.169.254/latest")
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = do_PUT = do_PATCH = do_DELETE = _answer


def _credential(headers) -> str:
    """The bare credential of a request: an Authorization header's token, else X-Key."""
    if headers.get("Authorization"):
        return headers["Authorization"].partition(" ")[2]
    return headers.get("X-Key") or ""


def offset_forms(secret: str) -> dict:
    """base64 blobs holding the secret at each of the three alignments (and URL-safe)."""
    raw = secret.encode()
    return {"basic_pair": base64.b64encode(b"user:" + raw).decode(),
            "one_before": base64.b64encode(b"x" + raw).decode(),
            "two_before": base64.b64encode(b"xy" + raw + b"z").decode(),
            "inside": base64.b64encode(b"lead bytes " + raw + b" tail bytes").decode(),
            "urlsafe": base64.urlsafe_b64encode(b"x" + raw + b"?>").decode().rstrip("=")}


class EchoServer:
    """A real HTTP server on 127.0.0.1 that answers with what it received (JSON)."""

    def __init__(self):
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), _Echo)
        self.server.daemon_threads = True
        self.server.seen = []
        self.seen = self.server.seen
        self.server.sleeps = []  # (arrived, answered) of each /sleep/ request, monotonic
        self.sleeps = self.server.sleeps
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class UvicornThread:
    """Serve an ASGI app on 127.0.0.1 in a thread (MCP test servers, the API itself)."""

    def __init__(self, app, port: int | None = None):
        import uvicorn

        from core.settings import Settings

        self.port = port or free_port()
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="error",
                                lifespan="on", log_config=None, access_log=False,
                                timeout_keep_alive=Settings.http_keepalive_s)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        wait_until(lambda: self.server.started, 10, f"a server on port {self.port}", every=0.01)
        self.url = f"http://127.0.0.1:{self.port}"

    def close(self):
        self.server.should_exit = True
        self.thread.join(10)


def mcp_server(tool_count: int = 0, name: str = "test"):
    """An MCPServer with `add`, `echo`, `fail` and tool_count extra tools `t0..tN`."""
    from mcp.server.mcpserver import MCPServer

    server = MCPServer(name, log_level="ERROR")

    @server.tool()
    def add(a: int, b: int) -> int:
        """Add two integers."""
        return a + b

    @server.tool()
    def echo(text: str) -> str:
        """Echo the text."""
        return text

    @server.tool()
    def fail(reason: str) -> str:
        """Always fails."""
        raise ValueError(reason)

    def make(i):
        def extra(x: int) -> int:
            return x + i
        return extra

    for i in range(tool_count):
        server.add_tool(make(i), name=f"t{i}", description=f"extra tool {i}")
    return server


def serve_mcp(server, transport: str = "streamable_http") -> tuple[UvicornThread, str]:
    if transport == "sse":
        thread = UvicornThread(server.sse_app())
        return thread, f"{thread.url}/sse"
    thread = UvicornThread(server.streamable_http_app())
    return thread, f"{thread.url}/mcp"


def make_provider(client, org, **fields) -> dict:
    body = {"name": f"prov-{uuid.uuid4().hex[:6]}", "type": "api", **fields}
    resp = client.post("/v1/tool-providers", json=body, headers=org["headers"])
    assert resp.status_code == 201, resp.text
    return resp.json()["tool_provider"]


def make_tool(client, org, provider_id, **fields) -> dict:
    body = {"tool_provider_id": provider_id, "name": f"tool-{uuid.uuid4().hex[:6]}",
            "path": f"/p/{uuid.uuid4().hex[:8]}", **fields}
    resp = client.post("/v1/tools", json=body, headers=org["headers"])
    assert resp.status_code == 201, resp.text
    return resp.json()["tool"]


def session_headers(org) -> dict:
    return {"Authorization": f"Bearer {SESSION_PREFIX}{org['id']}"}


def install_session_tokens(monkeypatch):
    """Recognise `st_test_<orgId>` as a session token of that org (the session mint lives
    elsewhere); lets tests check which operations a session token reaches."""
    from server import auth

    original = auth._identify

    def identify(settings, token):
        if token.startswith(SESSION_PREFIX):
            return auth.Caller(kind=auth.SESSION_TOKEN, org_id=token[len(SESSION_PREFIX):],
                               user_id="user-1")
        return original(settings, token)

    monkeypatch.setattr(auth, "_identify", identify)
