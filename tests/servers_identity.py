"""A small OAuth 2.0 authorization server of the test suite (authorization code + refresh
grants; PKCE S256 required on every authorization, RFC 7636; clients authenticate with
client_secret_post or client_secret_basic, RFC 6749 section 2.3.1), served on 127.0.0.1 on a
random port in a thread."""
from __future__ import annotations

import base64
import hashlib
import json
import secrets
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote_plus, urlencode, urlsplit


def _s256(verifier: str) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()


class OAuthServer:
    def __init__(self, *, client_id="cid", client_secret="csecret", expires_in=3600,
                 rotate_refresh=True):
        self.client_id, self.client_secret = client_id, client_secret
        self.expires_in, self.rotate_refresh = expires_in, rotate_refresh
        self.codes: dict[str, dict] = {}
        self.refresh_tokens: set[str] = set()
        self.issued: list[dict] = []
        self.token_requests: list[dict] = []
        self.fail_token_endpoint = False
        self.client_auth: str | None = None  # require one method; None accepts both
        self.client_auth_used: list[str] = []
        self.junk: dict | None = None  # merged into the next token responses
        server = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _json(self, status, body):
                raw = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            def do_GET(self):
                parts = urlsplit(self.path)
                if parts.path != "/authorize":
                    return self._json(404, {"error": "not_found"})
                q = {k: v[0] for k, v in parse_qs(parts.query).items()}
                if q.get("client_id") != server.client_id or q.get("response_type") != "code":
                    return self._json(400, {"error": "invalid_request"})
                if q.get("code_challenge_method") != "S256" or len(q.get("code_challenge", "")) != 43:
                    return self._json(400, {"error": "invalid_request",
                                            "error_description": "PKCE S256 is required"})
                code = secrets.token_urlsafe(12)
                server.codes[code] = {"redirect_uri": q["redirect_uri"], "scope": q.get("scope"),
                                      "challenge": q["code_challenge"]}
                self.send_response(302)
                self.send_header("Location", q["redirect_uri"] + "?" + urlencode(
                    {"code": code, "state": q["state"], "scope": q.get("scope", "")}))
                self.send_header("Content-Length", "0")
                self.end_headers()

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
                server.token_requests.append(form)
                if server.fail_token_endpoint:
                    return self._json(500, {"error": "server_error"})
                if self.path != "/token":
                    return self._json(404, {"error": "not_found"})
                header = self.headers.get("Authorization", "")
                if header.startswith("Basic "):
                    user, _, password = base64.b64decode(header[6:]).decode().partition(":")
                    method, pair = "client_secret_basic", (unquote_plus(user), unquote_plus(password))
                    if "client_secret" in form:  # RFC 6749: one method per request
                        return self._json(400, {"error": "invalid_request"})
                else:
                    method = "client_secret_post"
                    pair = (form.get("client_id"), form.get("client_secret"))
                server.client_auth_used.append(method)
                if server.client_auth and method != server.client_auth:
                    return self._json(401, {"error": "invalid_client"})
                if pair != (server.client_id, server.client_secret):
                    return self._json(401, {"error": "invalid_client"})
                grant = form.get("grant_type")
                if grant == "authorization_code":
                    issued = server.codes.pop(form.get("code", ""), None)
                    if issued is None or issued["redirect_uri"] != form.get("redirect_uri"):
                        return self._json(400, {"error": "invalid_grant"})
                    if _s256(form.get("code_verifier", "")) != issued["challenge"]:
                        return self._json(400, {"error": "invalid_grant",
                                                "error_description": "PKCE verification failed"})
                    return self._json(200, server._issue(new_refresh=True))
                if grant == "refresh_token":
                    token = form.get("refresh_token")
                    if token not in server.refresh_tokens:
                        return self._json(400, {"error": "invalid_grant"})
                    if server.rotate_refresh:
                        server.refresh_tokens.discard(token)
                    return self._json(200, server._issue(new_refresh=server.rotate_refresh))
                return self._json(400, {"error": "unsupported_grant_type"})

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def _issue(self, *, new_refresh: bool) -> dict:
        body = {"access_token": "at-" + secrets.token_urlsafe(16), "token_type": "Bearer",
                "expires_in": self.expires_in}
        if new_refresh:
            body["refresh_token"] = "rt-" + secrets.token_urlsafe(16)
            self.refresh_tokens.add(body["refresh_token"])
        if self.junk:
            body.update(self.junk)
        self.issued.append(body)
        return body

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.httpd.shutdown()
        self.httpd.server_close()
