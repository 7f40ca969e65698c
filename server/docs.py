"""The API's own description, served as written: `/openapi.json`, `/openapi.yaml` and the
interactive documentation at `/ui/` (Swagger UI 5, vendored under server/static; no outside
network).

The documents keep their `$ref`s (Connexion resolves them for routing only); `servers` names
the address the document was fetched from, so generators and "try it out" call the same
server. No credential is needed for any of these.
"""
from __future__ import annotations

import functools
import json
from pathlib import Path

import yaml

STATIC = Path(__file__).resolve().parent / "static" / "swagger-ui"
_ASSETS = {
    "swagger-ui-bundle.js": "application/javascript; charset=utf-8",
    "swagger-ui.css": "text/css; charset=utf-8",
    "favicon-32x32.png": "image/png",
}
_INDEX = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>{title}</title>
  <link rel="stylesheet" href="swagger-ui.css">
  <link rel="icon" type="image/png" href="favicon-32x32.png">
</head>
<body>
  <div id="swagger-ui"></div>
  <script src="swagger-ui-bundle.js"></script>
  <script>
    window.ui = SwaggerUIBundle({{
      url: "../openapi.json",
      dom_id: "#swagger-ui",
      deepLinking: true,
      docExpansion: "list",
      persistAuthorization: true,
      displayRequestDuration: true,
      tryItOutEnabled: false
    }});
  </script>
</body>
</html>
"""


def _origin(scope) -> str:
    headers = dict(scope.get("headers") or [])
    host = headers.get(b"host", b"").decode("latin-1")
    if not host:
        server = scope.get("server") or ("127.0.0.1", 80)
        host = f"{server[0]}:{server[1]}"
    return f"{scope.get('scheme', 'http')}://{host}{scope.get('root_path', '')}"


class Documents:
    """ASGI middleware answering GET (and HEAD) on the description's own paths."""

    def __init__(self, app, spec: dict):
        self.app = app
        self.spec = spec
        self.index = _INDEX.format(title=spec["info"]["title"]).encode()

    @functools.lru_cache(maxsize=16)
    def _rendered(self, origin: str, kind: str) -> bytes:
        doc = {**self.spec, "servers": [{"url": origin, "description": "This server."}]}
        if kind == "json":
            return json.dumps(doc, ensure_ascii=False).encode()
        dumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
        return yaml.dump(doc, Dumper=dumper, sort_keys=False, allow_unicode=True,
                         width=100).encode()

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope["method"] not in ("GET", "HEAD"):
            return await self.app(scope, receive, send)
        path = scope["path"]
        if path == "/openapi.json":
            body, media = self._rendered(_origin(scope), "json"), "application/json"
        elif path == "/openapi.yaml":
            body, media = self._rendered(_origin(scope), "yaml"), "application/yaml"
        elif path in ("/ui", "/ui/", "/ui/index.html"):
            if path == "/ui":
                return await _send(send, scope, 308, b"", "text/plain", [(b"location", b"/ui/")])
            body, media = self.index, "text/html; charset=utf-8"
        elif path.startswith("/ui/") and path[4:] in _ASSETS:
            body, media = _asset(path[4:]), _ASSETS[path[4:]]
        else:
            return await self.app(scope, receive, send)
        await _send(send, scope, 200, body, media, [(b"cache-control", b"no-cache")])


@functools.lru_cache(maxsize=8)
def _asset(name: str) -> bytes:
    return (STATIC / name).read_bytes()


async def _send(send, scope, status: int, body: bytes, media: str, extra: list) -> None:
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", media.encode()), (b"content-length", str(len(body)).encode()), *extra]})
    await send({"type": "http.response.body", "body": b"" if scope["method"] == "HEAD" else body})
