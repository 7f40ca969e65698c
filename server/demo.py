"""`agent-platform demo`: one command from a checkout to chatting in a browser.

It starts the service on the embedded default (SQLite in the data directory, in-process
jobs, the built-in `echo` model), a small local order-status API that the sample agent's tool
calls, and the example host page (examples/widget-host/host.py) that mints sessions with the
demo organization's API key; then it prints the address to open.

What it creates is kept between runs (`demo.json` in the data directory, mode 0600, holding
the demo organization's API key): an organization "Demo", its API key, a tool provider with
the `lookup_order` tool, an agent using it, a dev network with the widget's settings and its
`prod` deployment, which the page chats with. Each run points the provider at that run's
order API (the service allows calls to 127.0.0.1 for this; the demo listens on 127.0.0.1
only).
"""
from __future__ import annotations

import dataclasses
import importlib.util
import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx

from core.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_HOST = ROOT / "examples" / "widget-host" / "host.py"
STATE = "demo.json"
GREETING = ("Hi! I run on the built-in **echo** model, so I repeat what you write. To watch a "
            "tool call, send: `call lookup_order {\"order_id\": \"A-1001\"}`")
SDK_UI = {"title": "Demo shop assistant", "theme": "auto", "accent_color": "#1d4ed8",
          "placeholder": "Ask about an order", "greeting": GREETING, "position": "bottom-right"}
FOLLOWUPS = [{"type": "text", "content": "call lookup_order {\"order_id\": \"A-1002\"}"},
             {"type": "text", "content": "What can you do?"}]
ORDERS = {"A-1001": {"status": "shipped", "carrier": "DHL", "eta": "tomorrow"},
          "A-1002": {"status": "packing", "carrier": None, "eta": "in 3 days"}}


class _Orders(BaseHTTPRequestHandler):
    """The sample tool's API: GET /orders/{order_id}."""

    def log_message(self, *args):
        pass

    def do_GET(self):
        order_id = self.path.rstrip("/").rsplit("/", 1)[-1]
        found = ORDERS.get(order_id)
        body = json.dumps({"order_id": order_id, **found} if found else
                          {"error": f"no order {order_id}"}).encode()
        self.send_response(200 if found else 404)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def _start_orders() -> ThreadingHTTPServer:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Orders)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _start_api(settings: Settings, host: str, port: int):
    import uvicorn

    from server.app import create_app

    app = create_app(settings, migrate=True)
    config = uvicorn.Config(app, host=host, port=port, log_config=None, access_log=False,
                            lifespan="on", timeout_keep_alive=settings.http_keepalive_s)
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise SystemExit(f"the service did not start on {host}:{port} (is the port free?)")
        time.sleep(0.05)
    return server, thread


def _load_state(settings: Settings) -> dict:
    path = Path(settings.data_dir) / STATE
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _save_state(settings: Settings, state: dict) -> None:
    path = Path(settings.data_dir) / STATE
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(state, fh)


def _org_and_key(settings: Settings, state: dict, api: httpx.Client) -> dict:
    """The demo organization and its API key: kept from an earlier run while the key works."""
    if state.get("key"):
        ok = api.get("/v1/organization", headers={"Authorization": f"Bearer {state['key']}"})
        if ok.status_code == 200:
            return state
    from store import keys, orgs
    from core import db

    with db.connection():
        org = orgs.create(name="Demo")
        row, plaintext = keys.create(org_id=org.id, name="demo", secret=settings.secret_key)
    return {"org_id": org.id, "key_id": row.id, "key": plaintext}


def _exists(api: httpx.Client, path: str | None) -> bool:
    return bool(path) and api.get(path).status_code == 200


def _call(api: httpx.Client, method: str, path: str, body: dict) -> dict:
    resp = api.request(method, path, json=body)
    if resp.status_code >= 300:
        raise SystemExit(f"demo setup failed: {method} {path}: {resp.status_code} {resp.text}")
    return resp.json()


def seed(settings: Settings, base_url: str, orders_url: str) -> dict:
    """Create (or find again) the demo's organization, tool, agent and network; returns the
    state with `key` and `prod_copilot_id`."""
    state = _load_state(settings)
    with httpx.Client(base_url=base_url, timeout=30) as anon:
        state.update(_org_and_key(settings, state, anon))
    with httpx.Client(base_url=base_url, timeout=30,
                      headers={"Authorization": f"Bearer {state['key']}"}) as api:
        if _exists(api, state.get("provider_id") and f"/v1/tool-providers/{state['provider_id']}"):
            _call(api, "PATCH", f"/v1/tool-providers/{state['provider_id']}",
                  {"base_url": orders_url})
        else:
            provider = _call(api, "POST", "/v1/tool-providers", {
                "name": "Demo orders", "type": "api", "base_url": orders_url,
                "auth": {"type": "none"}})["tool_provider"]
            tool = _call(api, "POST", "/v1/tools", {
                "tool_provider_id": provider["id"], "name": "lookup_order", "method": "GET",
                "path": "/orders/{order_id}", "description": "Look up an order's status.",
                "input_schema": {"type": "object", "required": ["order_id"], "properties": {
                    "order_id": {"type": "string", "description": "The order number"}}}})
            state.update(provider_id=provider["id"], tool_id=tool["tool"]["id"],
                         agent_id=None, copilot_id=None)
        if not _exists(api, state.get("agent_id") and f"/v1/agents/{state['agent_id']}"):
            state["agent_id"] = _call(api, "POST", "/v1/agents", {
                "name": "Order helper", "description": "Answers questions about orders.",
                "instructions": "Help the customer with their orders; use lookup_order.",
                "model": {"provider": "echo", "name": "echo"},
                "tool_ids": [state["tool_id"]]})["agent"]["id"]
            state["copilot_id"] = None
        if not _exists(api, state.get("copilot_id") and f"/v1/copilots/{state['copilot_id']}"):
            state["copilot_id"] = _call(api, "POST", "/v1/copilots", {
                "name": "Demo shop", "agents": [{"agentId": state["agent_id"]}],
                "sdk_ui": SDK_UI, "followup_instructions": FOLLOWUPS})["copilot"]["id"]
        deployed = _call(api, "POST", f"/v1/copilots/{state['copilot_id']}/deploy",
                         {"target": "prod"})
        state["prod_copilot_id"] = deployed["copilot"]["id"]
    _save_state(settings, state)
    return state


def load_example_host():
    if not EXAMPLE_HOST.exists():
        raise SystemExit(f"the example host is missing ({EXAMPLE_HOST}); the demo runs from a "
                         "checkout of the project (pip install -e .)")
    spec = importlib.util.spec_from_file_location("widget_host_example", EXAMPLE_HOST)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run(settings: Settings, *, host: str = "127.0.0.1", port: int = 8080,
        page_port: int = 8081, ready=None, stop: threading.Event | None = None) -> None:
    """Serve the demo until interrupted (or until `stop` is set); `ready(url)` is called with
    the page's address once everything answers."""
    example = load_example_host()
    settings = dataclasses.replace(
        settings, ssrf_allow=tuple(dict.fromkeys((*settings.ssrf_allow, "127.0.0.1"))))
    orders = _start_orders()
    api_server, api_thread = _start_api(settings, host, port)
    base_url = f"http://{host}:{api_server.servers[0].sockets[0].getsockname()[1]}"
    page = None
    try:
        state = seed(settings, base_url, f"http://127.0.0.1:{orders.server_address[1]}")
        config = example.Config(base_url, state["key"], state["prod_copilot_id"], proxy=True)
        page = example.serve(config, host, page_port)
        url = f"http://{host}:{page.server_address[1]}/"
        if ready is not None:
            ready(url)
        (stop or threading.Event()).wait()
    except KeyboardInterrupt:
        pass
    finally:
        if page is not None:
            page.shutdown()
            page.server_close()
        orders.shutdown()
        api_server.should_exit = True
        api_thread.join(10)
