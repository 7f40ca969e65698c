"""An example customer backend embedding the Agent Platform chat widget (Python standard
library only: copy it, or read it as a recipe).

It plays the part of your own web application:

* `GET /` serves a page with `<agent-platform-chat>` and the widget's script, pinned with its
  Subresource Integrity hash.
* `POST /session` is your backend minting a session token for the signed-in user with the
  organization's API key (`POST /v1/sessions`). The key never leaves this process; the browser
  only receives the short-lived session tokens.
* `POST /connect?provider_id=...` asks the API (with the key) for the OAuth authorization URL
  that connects the user to a tool provider; the widget opens it in a popup.
* With `--proxy`, `/v1/...` and `/widget/...` are forwarded to the API, so the page calls the
  API from its own origin. Without it, the page calls the API directly: the organization must
  list this page's origin among its allowed browser origins.

"The signed-in user" here is a random id kept in a cookie; your application has its own.

    python examples/widget-host/host.py --api http://127.0.0.1:8080 \\
        --api-key ap_... --copilot COPILOT_ID --port 8081
"""
from __future__ import annotations

import argparse
import html
import http.client
import json
import os
import secrets
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

# The Subresource Integrity hash of /widget/v1/chat.js (docs/widget.md lists it with each
# release of the script).
WIDGET_SRI = "sha384-KYofxucMJeXnbidQvG6YyFBl+wx3JLNfVJrydBo8dmYrVJQTzVgh2AbTolEJlaN0"
PAGE = Path(__file__).resolve().parent / "index.html"
SHOP_CSS = (b"body { font-family: system-ui, sans-serif; margin: 0 auto; max-width: 720px; "
            b"padding: 24px; }\n")
TIMEOUT = 10  # seconds for every call to the API (the chat stream: STREAM_TIMEOUT)
STREAM_TIMEOUT = 60  # longer than the stream's keep-alive interval
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "te", "trailer", "upgrade",
              "proxy-authenticate", "proxy-authorization", "content-length"}


class Config:
    def __init__(self, api: str, api_key: str, copilot_id: str, public_api: str | None = None,
                 proxy: bool = False):
        self.api = api.rstrip("/")
        self.api_key = api_key
        self.copilot_id = copilot_id
        self.proxy = proxy
        self.public_api = (public_api or api).rstrip("/")


def call_api(config: Config, method: str, path: str, body: dict | None = None) -> dict:
    """One call to the API with the organization's API key (server side only)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(config.api + path, data=data, method=method, headers={
        "Authorization": f"Bearer {config.api_key}", "Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as resp:
            return json.loads(resp.read())
    except urllib.error.HTTPError as exc:
        raise ApiError(exc.code, exc.read()) from None


class ApiError(Exception):
    def __init__(self, status: int, body: bytes):
        super().__init__(status)
        self.status, self.body = status, body


def _origin(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def page(config: Config, origin: str) -> bytes:
    base = origin if config.proxy else config.public_api
    values = {"API_BASE": base, "COPILOT_ID": config.copilot_id, "SRI": WIDGET_SRI}
    text = PAGE.read_text(encoding="utf-8")
    for name, value in values.items():
        text = text.replace("{{" + name + "}}", html.escape(value, quote=True))
    return text.encode()


class Handler(BaseHTTPRequestHandler):
    server_version = "widget-host"
    config: Config

    def log_message(self, fmt, *args):  # one line per request, no query strings or headers
        sys.stderr.write(f"widget-host: {self.command} {self.path.split('?')[0]}\n")

    # -- the signed-in user (a random id in a cookie, for the example) --
    def user_id(self) -> tuple[str, bool]:
        for part in (self.headers.get("Cookie") or "").split(";"):
            name, _, value = part.strip().partition("=")
            if name == "demo_user" and value.isalnum() and len(value) <= 64:
                return value, False
        return "visitor" + secrets.token_hex(8), True

    def origin(self) -> str:
        return f"http://{self.headers.get('Host') or '127.0.0.1'}"

    def same_origin(self) -> bool:
        sent = self.headers.get("Origin")
        return sent is None or sent == self.origin()

    def policy(self) -> str:
        """A strict Content Security Policy: scripts and styles from the API's origin only
        (the widget's script and its stylesheet), no inline script or style."""
        api = self.origin() if self.config.proxy else _origin(self.config.public_api)
        return (f"default-src 'self'; script-src {api}; style-src 'self' {api}; "
                f"connect-src 'self' {api}; img-src 'self'; frame-ancestors 'none'")

    def send(self, status: int, body: bytes, media: str, cookie: str | None = None,
             csp: str | None = None):
        self.send_response(status)
        self.send_header("Content-Type", media)
        if csp:
            self.send_header("Content-Security-Policy", csp)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        if cookie:
            self.send_header("Set-Cookie", f"demo_user={cookie}; Path=/; HttpOnly; SameSite=Lax")
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        path = urllib.parse.urlsplit(self.path).path
        if self.config.proxy and (path.startswith("/v1/") or path.startswith("/widget/")):
            return self.forward()
        if path in ("/", "/index.html"):
            user, new = self.user_id()
            return self.send(200, page(self.config, self.origin()), "text/html; charset=utf-8",
                             cookie=user if new else None, csp=self.policy())
        if path == "/shop.css":
            return self.send(200, SHOP_CSS, "text/css; charset=utf-8")
        self.send(404, b"not found", "text/plain")

    def do_POST(self):
        parts = urllib.parse.urlsplit(self.path)
        if self.config.proxy and parts.path.startswith("/v1/"):
            return self.forward()
        if parts.path not in ("/session", "/connect"):
            return self.send(404, b"not found", "text/plain")
        if not self.same_origin():  # only this site's own pages may ask
            return self.send(403, b"forbidden", "text/plain")
        user, new = self.user_id()
        try:
            if parts.path == "/session":
                answer = call_api(self.config, "POST", "/v1/sessions", {"user_id": user})
            else:
                provider = urllib.parse.parse_qs(parts.query).get("provider_id", [""])[0]
                query = urllib.parse.urlencode({"user_id": user})
                answer = call_api(self.config, "GET", "/v1/tool-providers/"
                                  f"{urllib.parse.quote(provider, safe='')}/oauth/authorize?{query}")
                answer = {"url": answer["authorization_url"]}
        except ApiError as exc:
            return self.send(exc.status, exc.body, "application/problem+json")
        except OSError:
            return self.send(502, b'{"detail": "the API cannot be reached"}', "application/json")
        self.send(200, json.dumps(answer).encode(), "application/json",
                  cookie=user if new else None)

    def do_other(self):
        if self.config.proxy and urllib.parse.urlsplit(self.path).path.startswith("/v1/"):
            return self.forward()
        self.send(405, b"method not allowed", "text/plain")

    do_DELETE = do_PATCH = do_PUT = do_OPTIONS = do_other

    def forward(self):
        """`--proxy`: the request to the API as it came (the browser's session token), the
        answer streamed back as it arrives (the chat stream included)."""
        target = urllib.parse.urlsplit(self.config.api)
        conn_class = (http.client.HTTPSConnection if target.scheme == "https"
                      else http.client.HTTPConnection)
        stream = self.path.startswith("/v1/chat/stream") and self.command == "GET"
        conn = conn_class(target.netloc, timeout=STREAM_TIMEOUT if stream else TIMEOUT)
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else None
        headers = {k: v for k, v in self.headers.items()
                   if k.lower() not in HOP_BY_HOP and k.lower() not in ("host", "cookie", "origin")}
        try:
            conn.request(self.command, target.path.rstrip("/") + self.path, body=body,
                         headers=headers)
            resp = conn.getresponse()
            self.send_response(resp.status)
            for name, value in resp.getheaders():
                if name.lower() not in HOP_BY_HOP:
                    self.send_header(name, value)
            self.send_header("Connection", "close")
            self.end_headers()
            while chunk := resp.read1(65536):
                self.wfile.write(chunk)
                self.wfile.flush()
        except OSError:
            self.close_connection = True
        finally:
            conn.close()
        self.close_connection = True


def serve(config: Config, host: str = "127.0.0.1", port: int = 8081) -> ThreadingHTTPServer:
    """Start the example host in a thread; returns the server (`.shutdown()` stops it)."""
    handler = type("BoundHandler", (Handler,), {"config": config})
    server = ThreadingHTTPServer((host, port), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--api", default=os.environ.get("AGENT_PLATFORM_URL",
                                                        "http://127.0.0.1:8080"))
    parser.add_argument("--api-key", default=os.environ.get("AGENT_PLATFORM_API_KEY"))
    parser.add_argument("--copilot", default=os.environ.get("AGENT_PLATFORM_COPILOT_ID"))
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8081)
    parser.add_argument("--proxy", action="store_true",
                        help="forward /v1/ and /widget/ to the API (same-origin page)")
    args = parser.parse_args(argv)
    if not args.api_key or not args.copilot:
        parser.error("--api-key (or AGENT_PLATFORM_API_KEY) and --copilot are required")
    server = serve(Config(args.api, args.api_key, args.copilot, proxy=args.proxy),
                   args.host, args.port)
    print(f"widget-host: open http://{args.host}:{server.server_address[1]}/", flush=True)
    try:
        threading.Event().wait()
    except KeyboardInterrupt:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
