"""The service from Node: the `openai` npm package and AG-UI's `HttpAgent` (`@ag-ui/client`)
in a small TypeScript program (tests/npm-openai/src/main.ts) compiled with `tsc --strict`,
against a live server with a session token: a deployed network as the model, and its AG-UI
stream of a turn with a handoff and a tool call, checked by HttpAgent event by event. The packages are pinned in tests/npm-openai and
installed with `npm ci`."""
import fcntl
import json
import os
import shutil
import subprocess
from pathlib import Path

import httpx
import pytest

from tests.factories import make_org
from tests.factories_identity import mint
from tests.factories_tools import EchoServer, UvicornThread, make_provider, make_tool
from tests.factories_turns import MODEL, use_model_server
from testkit import OpenAIServer, text, tool_calls
from tests.waiting import scaled

NPM_DIR = Path(__file__).parent.parent / "npm-openai"


@pytest.fixture(scope="module")
def program() -> Path:
    """The compiled program (npm ci once, then tsc --strict)."""
    npm, node = shutil.which("npm"), shutil.which("node")
    if npm is None or node is None:
        message = "node and npm are needed (tests/npm-openai)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    lock = NPM_DIR / "package-lock.json"
    stamp = NPM_DIR / "node_modules/.package-lock.json.ci"
    with open(NPM_DIR / "package.json") as held:  # the two test stages may run at once
        fcntl.flock(held, fcntl.LOCK_EX)
        if not stamp.exists() or stamp.read_bytes() != lock.read_bytes():
            subprocess.run([npm, "ci", "--prefix", str(NPM_DIR), "--no-audit", "--no-fund",
                            "--loglevel=error"], check=True, timeout=scaled(300))
            shutil.copy(lock, stamp)
        subprocess.run([str(NPM_DIR / "node_modules/.bin/tsc"), "-p",
                        str(NPM_DIR / "tsconfig.json")], check=True, timeout=scaled(300))
    return NPM_DIR / "dist/main.js"


@pytest.fixture(scope="module")
def server(app):
    running = UvicornThread(app)
    yield running
    running.close()


@pytest.fixture(scope="module")
def model():
    with OpenAIServer() as running:
        yield running


@pytest.fixture(scope="module")
def tools_server():
    running = EchoServer()
    yield running
    running.close()


def _shop(http, model, tools_server) -> tuple[dict, dict]:
    """An organization whose Shop network (Front hands order questions to Orders, which has
    the orders tool) is deployed to prod."""
    org = make_org(http)
    use_model_server(http, org, model)
    provider = make_provider(http, org, base_url=tools_server.url)
    tool = make_tool(http, org, provider["id"], name="orders", method="POST", path="/orders")
    llm = {"model": {"provider": "openai", "name": MODEL}}

    def post(path, body):
        resp = http.post(path, json=body, headers=org["headers"])
        assert resp.status_code == 201, resp.text
        return resp.json()

    front = post("/v1/agents", {"name": "Front", "instructions": "Route.", **llm})["agent"]
    orders = post("/v1/agents", {"name": "Orders", "description": "Orders",
                                 "tool_ids": [tool["id"]], "instructions": "Look up.",
                                 **llm})["agent"]
    dev = post("/v1/copilots", {"name": "Shop", "agents": [{"agentId": front["id"]},
                                                           {"agentId": orders["id"]}]})
    prod = post(f"/v1/copilots/{dev['copilot']['id']}/deploy", {"target": "prod"})
    return org, prod["copilot"]


def test_the_openai_npm_package_and_ag_ui_http_agent(server, program, model, tools_server):
    with httpx.Client(base_url=server.url, timeout=scaled(20)) as http:
        org, prod = _shop(http, model, tools_server)
        token = mint(http, org, "tess")["access_token"]
    model.reset()
    model.enqueue(text("typed whole"), text("typed streamed answer"), text("typed response"),
                  tool_calls(("handoff_to_Orders", {"reason": "order"})),
                  tool_calls(("orders", {"order": "A7"})), text("A7 ships today."))
    env = {**os.environ, "BASE_URL": server.url, "TOKEN": token, "MODEL": "shop:prod",
           "AGUI_PATH": f"/v1/copilots/{prod['id']}/ag-ui", "NODE_ENV": "production"}
    done = subprocess.run([shutil.which("node"), str(program)], env=env, capture_output=True,
                          text=True, timeout=scaled(120), check=False)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert "shop:prod" in seen["models"] and prod["id"] in seen["models"]
    assert seen["answer"] == "typed whole"
    assert seen["streamed"] == "typed streamed answer" and seen["usage"] > 0
    assert seen["response"] == "typed response"
    assert seen["notFound"] == "model_not_found"
    # every event passed HttpAgent's own checks (schemas and order) on the way in
    assert seen["events"][0] == "RUN_STARTED" and seen["events"][-1] == "RUN_FINISHED"
    assert {"TOOL_CALL_START", "TOOL_CALL_ARGS", "TOOL_CALL_END", "TOOL_CALL_RESULT",
            "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END",
            "STEP_FINISHED"} <= set(seen["events"])
    assert seen["steps"] == ["Front", "Orders"]
    assert seen["tools"] == ['orders:{"order":"A7"}']
    assert seen["said"][0] == "user:typed ag-ui"
    assert seen["said"][-1] == "assistant:A7 ships today."
    assert seen["said"][-2].startswith("tool:")  # the tool's result, as HttpAgent keeps it
