"""The service from Node: the `openai` npm package and AG-UI's `HttpAgent` (`@ag-ui/client`)
in a small TypeScript program (tests/npm-openai/src/main.ts) compiled with `tsc --strict`,
against a live server with a session token. The packages are pinned in tests/npm-openai and
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
from tests.factories_chat import make_agent
from tests.factories_identity import mint
from tests.factories_tools import UvicornThread

NPM_DIR = Path(__file__).parent / "npm-openai"


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
                            "--loglevel=error"], check=True, timeout=300)
            shutil.copy(lock, stamp)
        subprocess.run([str(NPM_DIR / "node_modules/.bin/tsc"), "-p",
                        str(NPM_DIR / "tsconfig.json")], check=True, timeout=300)
    return NPM_DIR / "dist/main.js"


@pytest.fixture(scope="module")
def server(app):
    running = UvicornThread(app)
    yield running
    running.close()


def test_the_openai_npm_package_and_ag_ui_http_agent(server, program):
    with httpx.Client(base_url=server.url, timeout=20) as http:
        org = make_org(http)
        agent = make_agent(http, org["headers"])
        token = mint(http, org, "tess")["access_token"]
    env = {**os.environ, "BASE_URL": server.url, "TOKEN": token, "MODEL": agent["id"],
           "AGUI_PATH": f"/v1/agents/{agent['id']}/ag-ui", "NODE_ENV": "production"}
    done = subprocess.run([shutil.which("node"), str(program)], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert agent["id"] in seen["models"]
    assert seen["answer"] == "typed whole"
    assert seen["streamed"] == "typed streamed answer" and seen["usage"] == 3
    assert seen["response"] == "typed response"
    assert seen["notFound"] == "model_not_found"
    assert seen["events"][0] == "RUN_STARTED" and seen["events"][-1] == "RUN_FINISHED"
    assert {"STEP_STARTED", "TEXT_MESSAGE_START", "TEXT_MESSAGE_CONTENT", "TEXT_MESSAGE_END",
            "STEP_FINISHED"} <= set(seen["events"])
    assert seen["said"] == ["user:typed ag-ui", "assistant:typed ag-ui"]
    assert seen["newMessages"] == 1
