"""Browser harness of the chat widget tests: the system Chromium driven by Playwright (nothing
is downloaded), host pages that embed `<agent-platform-chat>`, the customer's backend that
mints session tokens with the API key, and screenshots of failed tests in the log directory
(TEST_LOG_DIR when set)."""
from __future__ import annotations

import html
import json
import os
import re
import shutil
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest

from tests.factories_tools import UvicornThread
from tests.waiting import scaled, wait_until
from testkit import OpenAIServer, text

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]

# Wraps window.fetch before any page script runs: the chat stream's bytes are teed, and the
# time the first `message.delta` event reaches the page is kept in window.__widget.firstDelta;
# a frame callback notes when the reply's first text is in the widget (window.__widget.visible).
TIMING = """
window.__widget = {firstDelta: null, visible: null, streams: 0};
const realFetch = window.fetch.bind(window);
window.fetch = async (input, init) => {
  const res = await realFetch(input, init);
  const url = String(input && input.url || input);
  if (!url.includes('/v1/chat/stream') || !res.body || !res.ok) return res;
  window.__widget.streams += 1;
  const [mine, theirs] = res.body.tee();
  (async () => {
    const reader = theirs.getReader(), dec = new TextDecoder();
    let seen = '';
    for (;;) {
      const {value, done} = await reader.read();
      if (done) break;
      seen += dec.decode(value, {stream: true});
      if (window.__widget.firstDelta === null && seen.includes('event: message.delta'))
        window.__widget.firstDelta = performance.now();
    }
  })();
  return new Response(mine, {status: res.status, statusText: res.statusText, headers: res.headers});
};
requestAnimationFrame(function tick() {
  const host = document.querySelector('agent-platform-chat');
  const body = host && host.shadowRoot &&
      host.shadowRoot.querySelector('.msg.assistant[aria-busy] .body');
  if (window.__widget.firstDelta !== null && window.__widget.visible === null && body &&
      body.textContent.length) window.__widget.visible = performance.now();
  requestAnimationFrame(tick);
});
"""


def log_dir(tmp_path_factory) -> Path:
    path = Path(os.environ.get("TEST_LOG_DIR") or tmp_path_factory.getbasetemp() / "logs")
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="module")
def browser():
    if os.environ.get("AGENT_PLATFORM_TEST_DATABASE_URL", "").startswith("postgres"):
        pytest.skip("the widget is tested on the embedded default (the SQLite pass)")
    if not os.path.exists(CHROMIUM) and not shutil.which("chromium"):
        if os.environ.get("CI"):
            pytest.fail("Chromium is missing: apt-get install -y chromium")
        pytest.skip("Chromium is not installed (apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def model():
    """The module's OpenAI-compatible model server; answers "ok" when nothing is queued."""
    with OpenAIServer(responder=lambda request: text("ok")) as server:
        yield server


@pytest.fixture(autouse=True)
def fresh_model(request):
    """Each test starts with nothing queued on the model server: the replies a failed test left
    behind never answer the next test's messages."""
    if "model" in request.fixturenames:
        request.getfixturevalue("model").reset()
    yield


@pytest.fixture(scope="module")
def served(app):
    thread = UvicornThread(app)
    yield thread.url
    thread.close()


def host_page(base_url: str, copilot_id: str, *, script_src: str | None = None,
              connect: bool = False, attrs: str = "") -> str:
    """A customer's page: the widget element, getSessionToken() asking the page's own backend
    (`/backend/session`), and the script from the service."""
    src = script_src or f"{base_url}/widget/v1/chat.js"
    connect_js = ("el.getConnectUrl = async (p) => (await (await fetch('/backend/connect?provider_id=' "
                  "+ p.provider_id, {method: 'POST'})).json()).url;") if connect else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Shop</title></head>
<body><main><h1>Shop</h1><button id="before">Before the widget</button>
<div style="height:560px"><agent-platform-chat base-url="{html.escape(base_url)}"
 copilot-id="{html.escape(copilot_id)}" {attrs}></agent-platform-chat></div></main>
<script>
const el = document.querySelector('agent-platform-chat');
el.getSessionToken = async () => {{
  const r = await fetch('/backend/session', {{method: 'POST'}});
  if (!r.ok) throw new Error('mint failed');
  return r.json();
}};
{connect_js}
</script>
<script src="{html.escape(src)}"></script></body></html>"""


class Backend:
    """The customer's backend for one user, inside the test: routes of the page's origin
    (`/backend/session` mints with the API key; `/host.html` is the page) fulfilled by
    Playwright, so the page shares the service's origin."""

    def __init__(self, served: str, org: dict, user_id: str, **mint_fields):
        self.served, self.org, self.user_id, self.mint_fields = served, org, user_id, mint_fields
        self.mints = 0
        self.servers: list = []
        self.requests: list = []  # (method, url, headers) of every request of the page

    def mint(self) -> dict:
        self.mints += 1
        resp = httpx.post(f"{self.served}/v1/sessions", headers=self.org["headers"], timeout=10,
                          json={"user_id": self.user_id, **self.mint_fields})
        assert resp.status_code == 201, resp.text
        return resp.json()

    def attach(self, page, body: str, *, origin: str | None = None) -> str:
        origin = origin or self.served
        page.route(f"{origin}/host.html", lambda route: route.fulfill(
            status=200, content_type="text/html; charset=utf-8", body=body))
        page.route(f"{origin}/backend/session", lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps(self.mint())))
        page.on("request", lambda r: self.requests.append((r.method, r.url, r.headers)))
        return f"{origin}/host.html"

    def serve(self, page, body: str, *, host: str = "127.0.0.1") -> str:
        """The page and `/backend/session` from a real server of another origin (a page the
        browser got from a loopback server may call the loopback API; one fulfilled by
        Playwright counts as public and may not). Returns the page's address."""
        backend = self

        class Page(BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def _send(self, status, data: bytes, media: str):
                self.send_response(status)
                self.send_header("Content-Type", media)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self):
                if self.path == "/host.html":
                    return self._send(200, body.encode(), "text/html; charset=utf-8")
                self._send(404, b"", "text/plain")

            def do_POST(self):
                if self.path == "/backend/session":
                    return self._send(200, json.dumps(backend.mint()).encode(), "application/json")
                self._send(404, b"", "text/plain")

        server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
        server.daemon_threads = True
        threading.Thread(target=server.serve_forever, daemon=True).start()
        self.servers.append(server)
        page.on("request", lambda r: self.requests.append((r.method, r.url, r.headers)))
        return f"http://{host}:{server.server_address[1]}/host.html"

    def close(self):
        for server in self.servers:
            server.shutdown()
            server.server_close()

    def calls(self, pattern: str, method: str | None = None) -> list:
        return [r for r in self.requests if re.search(pattern, r[1])
                and (method is None or r[0] == method)]


@pytest.fixture
def context(browser, request, tmp_path_factory):
    """A fresh browser context (own storage) per test; a screenshot of every open page is
    kept in the log directory when the test fails."""
    ctx = browser.new_context(viewport={"width": 1000, "height": 800})
    ctx.add_init_script(TIMING)
    ctx.set_default_timeout(20_000)
    yield ctx
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        folder = log_dir(tmp_path_factory)
        for n, page in enumerate(ctx.pages):
            name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)[-120:]
            try:
                page.screenshot(path=str(folder / f"{name}-{n}.png"), full_page=True)
            except Exception as exc:  # noqa: BLE001 (a closed page has nothing to show)
                print(f"no screenshot of page {n}: {exc}")
    ctx.close()


def shadow(page, selector: str):
    """A locator inside the widget's shadow root (Playwright's CSS pierces open roots)."""
    return page.locator(f"agent-platform-chat {selector}")


def assistant_texts(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelector('agent-platform-chat').shadowRoot
        .querySelectorAll('.msg.assistant:not(.greeting) .body')].map(b => b.textContent)""")


def wait_idle(page, timeout: float = 20.0) -> None:
    """Until no reply is streaming (the send button is enabled again) and the page has shown
    what it built."""
    shadow(page, "button.send:not([disabled])").wait_for(timeout=scaled(timeout) * 1000)
    shadow(page, ".msg.assistant[aria-busy]").wait_for(state="detached",
                                                       timeout=scaled(timeout) * 1000)
    painted(page)


def painted(page) -> None:
    """Until the page has rendered twice since now. A message's blocks are
    `content-visibility: auto` (their layout and paint are skipped while out of view), and the
    browser decides which are in view when it renders: until then `innerText` of a block just
    built is empty, as for any block out of view."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => "
                  "requestAnimationFrame(() => done())))")


def wait_for(page, predicate, timeout: float = 20.0, every: float = 0.05):
    """Until predicate() is true; waits through the page (Playwright serves its routes and
    events only while the test is inside one of its calls)."""
    return wait_until(predicate, timeout, f"{predicate} on the page", every=every,
                      sleep=lambda seconds: page.wait_for_timeout(seconds * 1000))


class StreamCutter:
    """A TCP proxy on 127.0.0.1 in front of the service that drops, once, the connection
    carrying the chat stream right after its first `message.delta` event (as a network
    would); everything else, and everything after, passes through."""

    MARK = b"event: message.delta"

    def __init__(self, upstream_port: int):
        self.upstream = upstream_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.cut = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.upstream), timeout=30)
            upstream.settimeout(None)
            threading.Thread(target=self._pump, args=(client, upstream, False), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, True), daemon=True).start()

    def _pump(self, source, target, watch):
        seen = b""
        try:
            while chunk := source.recv(65536):
                if watch and not self.cut.is_set():
                    seen = (seen + chunk)[-65536:]
                    at = seen.find(self.MARK)
                    end = seen.find(b"\n\n", at) if at >= 0 else -1
                    if end >= 0:
                        keep = len(chunk) - (len(seen) - end - 2)
                        target.sendall(chunk[:max(keep, 0)])
                        self.cut.set()
                        break
                target.sendall(chunk)
        except OSError:
            pass
        for sock in (source, target):
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def close(self):
        self.listener.close()


NPM_DIR = Path(__file__).resolve().parents[1] / "npm-widget"


def npm_widget() -> Path:
    """tests/npm-widget installed (npm ci, once: the pinned axe-core, CommonMark examples, the
    reference CommonMark implementation and terser); its node_modules folder."""
    import fcntl
    import subprocess

    lock = json.loads((NPM_DIR / "package-lock.json").read_text())
    pinned = {name.removeprefix("node_modules/"): entry["version"]
              for name, entry in lock["packages"].items() if name.count("node_modules/") == 1}

    def installed() -> bool:
        for name, version in pinned.items():
            try:
                found = json.loads((NPM_DIR / "node_modules" / name / "package.json").read_text())
            except (OSError, ValueError):
                return False
            if found.get("version") != version:
                return False
        return True

    with open(NPM_DIR / "package.json") as held:  # one stage installs, another waits
        fcntl.flock(held, fcntl.LOCK_EX)
        if not installed():
            npm = shutil.which("npm")
            if npm is None:
                message = "npm is needed for the widget's checks (tests/npm-widget)"
                if os.environ.get("CI"):
                    pytest.fail(message)
                pytest.skip(message)
            subprocess.run([npm, "ci", "--prefix", str(NPM_DIR), "--no-audit", "--no-fund",
                            "--loglevel=error"], check=True, timeout=scaled(300))
    return NPM_DIR / "node_modules"


def axe_violations(page, tmp_root: Path | None = None) -> list:
    """axe-core's violations (WCAG A and AA, and best practices) of the page, the widget's
    shadow root included."""
    source = (npm_widget() / "axe-core" / "axe.min.js").read_text(encoding="utf-8")
    if not page.evaluate("() => !!window.axe"):
        page.evaluate(source)
    return page.evaluate("""async () => {
        const r = await axe.run(document, {resultTypes: ['violations']});
        return r.violations.map(v => ({id: v.id, impact: v.impact,
            nodes: v.nodes.map(n => n.target.join(' ') + ': ' + n.failureSummary)}));
    }""")
