"""The TypeScript client library (sdk/typescript/src/client) against a live `agent-platform
serve`: tests/sdk_typescript/live.ts, compiled with the pinned tsc (--strict) beside types
generated from the last release's document, run with Node. See live.ts for what it does."""
from __future__ import annotations

import json
import os
import shutil
import subprocess

import httpx
import pytest

from tests.conftest import ADMIN_TOKEN
from tests.sdk_live import RELEASED, ROOT, LiveServer, npm_ci
from tests.sdk_proxy import Proxy, after_first_event, assert_resumed
from tests.waiting import scaled


TS = ROOT / "sdk" / "typescript"
HERE = ROOT / "tests" / "sdk_typescript"


@pytest.fixture(scope="module")
def server(database_url, tmp_path_factory):
    live = LiveServer(database_url, tmp_path_factory.mktemp("sdk-ts"))
    yield live
    live.close()


def build(tmp) -> str:
    """Compile live.ts, the client library and both schemas into tmp/out (CommonJS)."""
    npm_ci(TS, "node_modules/.bin/tsc")
    src = tmp / "src"
    shutil.copytree(TS / "src" / "client", src / "client")
    shutil.copy(TS / "src" / "schema.d.ts", src / "schema.d.ts")
    for name in ("live.ts", "legacy.ts"):
        shutil.copy(HERE / name, src / name)
    subprocess.run([str(TS / "node_modules" / ".bin" / "openapi-typescript"), str(RELEASED),
                    "--output", str(src / "schema-released.d.ts"), "--default-non-nullable=false",
                    "--silent"], check=True, timeout=scaled(300), capture_output=True)
    (tmp / "node_modules").symlink_to(TS / "node_modules")
    config = {"compilerOptions": {
        "target": "ES2022", "module": "commonjs", "moduleResolution": "node10",
        "lib": ["ES2022", "DOM", "DOM.Iterable"], "strict": True, "noUncheckedIndexedAccess": True,
        "skipLibCheck": False, "types": [], "outDir": "out", "rootDir": "src"},
        "include": ["src/**/*.ts"]}
    (tmp / "tsconfig.json").write_text(json.dumps(config))
    done = subprocess.run([str(TS / "node_modules" / ".bin" / "tsc"), "-p", str(tmp)],
                          capture_output=True, text=True, timeout=scaled(300))
    assert done.returncode == 0, done.stdout + done.stderr
    return str(tmp / "out" / "live.js")


def test_the_typescript_library_against_a_live_service(server, tmp_path):
    program = build(tmp_path)
    org_id, generated = server.organization("sdk-ts")
    limited_org, limited = server.organization("sdk-ts-limited")
    assert httpx.put(f"{server.url}/v1/admin/orgs/{limited_org}/limits",
                     headers={"Authorization": f"Bearer {ADMIN_TOKEN}"},
                     json={"requests_per_minute": 2}, timeout=10).status_code == 200
    proxy = Proxy(server.port, after_first_event)
    try:
        env = {**os.environ, "BASE_URL": server.url, "API_KEY": generated.token,
               "LIMITED_KEY": limited.token, "PROXY_URL": proxy.url,
               "NODE_PATH": str(TS / "node_modules")}
        ran = subprocess.run(["node", program], env=env, capture_output=True, text=True,
                             timeout=300, cwd=tmp_path)
    finally:
        proxy.close()
    assert ran.returncode == 0, ran.stderr[-3000:]
    out = json.loads(ran.stdout.strip().splitlines()[-1])
    assert out["run"] == 'health: {"status": "ok"}', out
    kinds = out["tutorial_kinds"]
    assert kinds[0] == "run.started" and kinds[-1] == "run.completed", kinds
    assert {"tool.called", "tool.result", "message.completed"} <= set(kinds)
    assert {"paged-0", "paged-1", "paged-2", "Helper"} <= set(out["paged"]), out
    assert out["bad_request"] == ["invalid_request", ["$.name", "$.steps[0].id"]], out
    assert out["not_found"] == [404, "not_found", True]
    assert out["precondition"] == [412, "precondition_failed"]
    assert out["rate_limit"] == [429, "usage_limit_reached", True]
    approval = out["approval_kinds"]
    assert approval.index("approval.requested") < approval.index("approval.decided")
    assert approval.index("approval.decided") < approval.index("tool.result")
    assert approval[-1] == "run.completed", approval
    assert out["resumed_same"] is True
    assert_resumed(proxy.request_lines())
    statuses, one = out["legacy"][:-1], out["legacy"][-1]
    assert one == "one:succeeded" and statuses.count("succeeded") == len(statuses) >= 3, out
