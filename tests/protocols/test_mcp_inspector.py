"""`/mcp` with the MCP Inspector in CLI mode (`@modelcontextprotocol/inspector`, pinned in
tests/npm-mcp, installed with npm ci): it lists and calls an exposed network, agent and
workflow, continues a thread, sees a run waiting for approval, and a spend cap's 429 code."""
import fcntl
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.factories_copilots import deploy, make_agent, make_copilot, make_workflow
from tests.factories_exposures import ECHO, echo_network, expose, served  # noqa: F401
from tests.factories_turns import http_tool, openai_agent
from tests.fixtures_turns import allow_loopback, model, org, tools_server  # noqa: F401
from testkit import text, tool_calls
from tests.waiting import scaled

NPM_DIR = Path(__file__).parent.parent / "npm-mcp"
PACKAGE = "@modelcontextprotocol/inspector"


def _installed() -> str | None:
    try:
        return json.loads((NPM_DIR / "node_modules" / PACKAGE / "package.json").read_text())[
            "version"]
    except (OSError, ValueError, KeyError):
        return None


@pytest.fixture(scope="module")
def inspector():
    """The Inspector's CLI (installed once with npm ci; both test stages may ask at once)."""
    pinned = json.loads((NPM_DIR / "package-lock.json").read_text())[
        "packages"][f"node_modules/{PACKAGE}"]["version"]
    with open(NPM_DIR / "package.json") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        if _installed() != pinned:
            npm = shutil.which("npm")
            if npm is None:
                message = f"npm is needed to install {PACKAGE} (tests/npm-mcp)"
                if os.environ.get("CI"):
                    pytest.fail(message)
                pytest.skip(message)
            subprocess.run([npm, "ci", "--prefix", str(NPM_DIR), "--no-audit", "--no-fund",
                            "--loglevel=error"], check=True, timeout=scaled(300))
    assert _installed() == pinned
    return NPM_DIR / "node_modules" / ".bin" / "mcp-inspector"


@pytest.fixture(scope="module")
def cli(inspector, served, tmp_path_factory):
    catalog = tmp_path_factory.mktemp("inspector") / "mcp.json"

    def run(headers: dict, method: str, *args: str, ok: bool = True):
        command = [str(inspector), "--cli", f"{served.url}/mcp", "--transport", "http",
                   "--method", method, *args]
        for name, value in headers.items():
            command += ["--header", f"{name}: {value}"]
        done = subprocess.run(command, capture_output=True, text=True, timeout=scaled(120),
                              env={**os.environ, "MCP_CATALOG_PATH": str(catalog)})
        if not ok:
            assert done.returncode != 0, done.stdout
            return done.stdout + done.stderr
        assert done.returncode == 0, done.stdout + done.stderr
        return json.loads(done.stdout)

    return run


@pytest.fixture(scope="module")
def exposed(client, org):
    _, prod = echo_network(client, org)
    solo = make_agent(client, org, model=ECHO)
    workflow = make_workflow(client, org, input_schema={
        "type": "object", "required": ["text"], "properties": {"text": {"type": "string"}}},
        steps=[{"id": "say", "type": "agent", "ref": solo["id"], "input": "{{input.text}}"}])
    expose(client, org, "copilot", prod, "support")
    expose(client, org, "agent", solo["id"], "solo")
    expose(client, org, "workflow", workflow["id"], "flow")


def test_list_and_call(cli, org, exposed):
    headers = {**org["headers"], "X-User-Id": "inspected"}
    listed = cli(headers, "tools/list")
    assert {"support", "solo", "flow"} <= {t["name"] for t in listed["tools"]}
    first = cli(headers, "tools/call", "--tool-name", "support", "--tool-arg", "message=hello")
    got = first["structuredContent"]
    assert got["output"] == "hello" and got["thread_id"] and not first.get("isError")
    again = cli(headers, "tools/call", "--tool-name", "support", "--tool-arg", "message=more",
                f"thread_id={got['thread_id']}")
    assert again["structuredContent"]["thread_id"] == got["thread_id"]
    agent = cli(headers, "tools/call", "--tool-name", "solo", "--tool-arg", "message=ping")
    assert agent["content"][0]["text"] == "ping"
    flow = cli(headers, "tools/call", "--tool-name", "flow", "--tool-arg", "text=wf")
    assert flow["structuredContent"]["status"] == "succeeded"


def test_approval_and_spend_cap(client, cli, org, model, tools_server):
    model.reset()
    refund = http_tool(client, org, tools_server, name="refund", path="/refund",
                       requires_approval=True)
    agent = openai_agent(client, org, tool_ids=[refund["id"]])
    prod = deploy(client, org, make_copilot(client, org, agents=[agent["id"]])["id"],
                  "prod").json()["copilot"]["id"]
    expose(client, org, "copilot", prod, "refunds")
    model.enqueue(tool_calls(("c1", "refund", {"order": "A-1"})), text("Refunded."))
    waiting = cli({**org["headers"], "X-User-Id": "ann"}, "tools/call", "--tool-name",
                  "refunds", "--tool-arg", "message=refund A-1")
    assert waiting["structuredContent"]["status"] == "awaiting_approval"
    assert "/approvals" in waiting["content"][0]["text"]
    client.post("/v1/groups", json={"group_id": "zero", "spend_cap_usd": 0},
                headers=org["headers"])
    client.post("/v1/users", json={"user_id": "capped", "group_id": "zero"},
                headers=org["headers"])
    said = cli({**org["headers"], "X-User-Id": "capped"}, "tools/call", "--tool-name",
               "refunds", "--tool-arg", "message=hi", ok=False)
    assert "reached its monthly spend cap" in said, said  # the Inspector prints no data
