"""The chat widget's script at `/widget/v1/chat.js` (server/static/widget/chat.js, the
minified build of chat.src.js, committed: the service needs no Node): a static,
dependency-free Web Component that browsers load from the service (docs/widget.md).

The path names the widget's major version; the file may change within it (fixes), so it is
cached for an hour and revalidated with its `ETag` (a digest of the bytes). Gzip is sent when
the browser accepts it. Any page may load it (`Access-Control-Allow-Origin: *`, so that a
`<script integrity=... crossorigin>` tag can check its Subresource Integrity hash): the script
holds no data and no credential. Calling the API from a page is a separate matter (the
organization's allowed origins).
"""
from __future__ import annotations

import base64
import functools
import gzip
import hashlib
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "static" / "widget" / "chat.js"
PATH = "/widget/v1/chat.js"
MEDIA = b"text/javascript; charset=utf-8"


@functools.lru_cache(maxsize=1)
def asset() -> tuple[bytes, bytes, bytes]:
    """(the script, its gzip, its ETag)."""
    body = SCRIPT.read_bytes()
    etag = b'"' + hashlib.sha256(body).hexdigest()[:32].encode() + b'"'
    return body, gzip.compress(body, 9, mtime=0), etag


def sri() -> str:
    """The script's Subresource Integrity value (`sha384-...`)."""
    return "sha384-" + base64.b64encode(hashlib.sha384(asset()[0]).digest()).decode()


def _accepts_gzip(headers: dict) -> bool:
    for part in headers.get(b"accept-encoding", b"").decode("latin-1").lower().split(","):
        name, _, params = part.partition(";")
        if name.strip() == "gzip":
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


class Widget:
    """ASGI middleware answering GET and HEAD on the widget's script path."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if (scope["type"] != "http" or scope["path"] != PATH
                or scope["method"] not in ("GET", "HEAD")):
            return await self.app(scope, receive, send)
        body, zipped, etag = asset()
        headers = dict(scope.get("headers") or [])
        common = [(b"etag", etag), (b"cache-control", b"public, max-age=3600"),
                  (b"vary", b"Accept-Encoding"), (b"access-control-allow-origin", b"*"),
                  (b"cross-origin-resource-policy", b"cross-origin"),
                  (b"x-content-type-options", b"nosniff")]
        match = headers.get(b"if-none-match", b"")
        if match and (match.strip() == b"*" or etag in [m.strip().removeprefix(b"W/")
                                                        for m in match.split(b",")]):
            await send({"type": "http.response.start", "status": 304, "headers": common})
            return await send({"type": "http.response.body", "body": b""})
        if _accepts_gzip(headers):
            body, common = zipped, [*common, (b"content-encoding", b"gzip")]
        await send({"type": "http.response.start", "status": 200, "headers": [
            (b"content-type", MEDIA), (b"content-length", str(len(body)).encode()), *common]})
        await send({"type": "http.response.body",
                    "body": b"" if scope["method"] == "HEAD" else body})


if __name__ == "__main__":  # python -m server.widget: the SRI value to publish
    print(sri())
