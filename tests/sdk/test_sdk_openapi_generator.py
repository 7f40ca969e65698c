"""openapi-generator's `python` and `typescript-fetch` clients of openapi.yaml, generated with the
pinned openapi-generator-cli (the PyPI wheel bundles the jar; Java 17), one run per language
shared by the module, into a temporary directory: the Python client creates and reads an agent
on a live `agent-platform serve`; the TypeScript client compiles with `tsc --strict`
(TypeScript 5, pinned in tests/npm-generators) without a single error. The flags are those of
docs/clients.md ("Generators")."""
from __future__ import annotations

import importlib
import json
import shutil
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from tests.sdk_live import ROOT, LiveServer, npm_ci

SPEC = ROOT / "openapi.yaml"
NPM = ROOT / "tests" / "npm-generators"
PACKAGE = "agent_platform_generated"
COMMON = [
    # NORMALIZE_31SPEC reads 3.1's `type` lists and `{type: 'null'}` unions as nullable;
    # SIMPLIFY_ONEOF_ANYOF drops the null branch of `oneOf: [<schema>, {type: 'null'}]`
    "--openapi-normalizer", "NORMALIZE_31SPEC=true,SIMPLIFY_ONEOF_ANYOF=true",
]
PYTHON = ["-g", "python", f"--additional-properties=packageName={PACKAGE}", *COMMON]
TYPESCRIPT = [
    "-g", "typescript-fetch", *COMMON,
    # the document's ResponseError (OpenAI Responses) would clash with the runtime's class
    "--model-name-mappings", "ResponseError=ResponsesError",
    # the multipart upload's model is generated too (the API class imports it)
    "--global-property", "models,apis,supportingFiles,skipFormModel=false",
]


def generate(into: Path, flags: list[str]) -> None:
    cli = Path(sys.executable).parent / "openapi-generator-cli"
    if not cli.exists() or not shutil.which("java"):
        pytest.fail("openapi-generator-cli (pinned in the dev extra) and Java 17 are needed")
    done = subprocess.run([str(cli), "generate", "-i", str(SPEC), "-o", str(into), *flags],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0 and "Exception" not in done.stdout + done.stderr, (
        done.stdout[-3000:] + done.stderr[-3000:])


@pytest.fixture(scope="module")
def server(database_url, tmp_path_factory):
    live = LiveServer(database_url, tmp_path_factory.mktemp("sdk-openapi-generator"))
    yield live
    live.close()


@pytest.fixture(scope="module")
def python_client(tmp_path_factory):
    out = tmp_path_factory.mktemp("openapi-generator-python")
    generate(out, PYTHON)
    sys.path.insert(0, str(out))
    try:
        yield importlib.import_module(PACKAGE)
    finally:
        sys.path.remove(str(out))
        for name in [n for n in sys.modules if n == PACKAGE or n.startswith(PACKAGE + ".")]:
            del sys.modules[name]


def test_the_python_client_creates_and_reads_an_agent(server, python_client):
    _, key_client = server.organization("openapi-generator")
    api = python_client
    config = api.Configuration(host=server.url, access_token=key_client.token)
    with api.ApiClient(config) as client:
        agents = api.AgentsApi(client)
        made = agents.create_agent(api.AgentCreate(
            name="generated", instructions="Answer briefly.",
            model=api.AgentModel(provider="echo", name="echo"))).agent
        assert isinstance(made.id, uuid.UUID) and made.version == 1
        read = agents.get_agent(made.id).agent
        assert (read.id, read.name, read.instructions) == (made.id, "generated", "Answer briefly.")
        assert read.tool_ids == [] and read.model.provider == "echo"
        listed = agents.list_agents(limit=10)
        assert [each.id for each in listed.agents] == [made.id]
        with pytest.raises(api.exceptions.NotFoundException) as missing:
            agents.get_agent(uuid.uuid4())
        assert json.loads(missing.value.body)["code"] == "not_found"


def test_the_typescript_fetch_client_compiles_with_tsc_strict(tmp_path):
    out = tmp_path / "client"
    generate(out, TYPESCRIPT)
    npm_ci(NPM, "node_modules/.bin/tsc")
    config = {"compilerOptions": {
        "target": "ES2022", "module": "ES2022", "moduleResolution": "bundler",
        "lib": ["ES2022", "DOM", "DOM.Iterable"], "strict": True, "noEmit": True,
        "skipLibCheck": False, "types": []}, "include": ["**/*.ts"]}
    (out / "tsconfig.json").write_text(json.dumps(config))
    version = subprocess.run([str(NPM / "node_modules" / ".bin" / "tsc"), "--version"],
                             capture_output=True, text=True, timeout=60).stdout
    assert version.startswith("Version 5."), version
    done = subprocess.run([str(NPM / "node_modules" / ".bin" / "tsc"), "-p", "."], cwd=out,
                          capture_output=True, text=True, timeout=600)
    errors = [line for line in done.stdout.splitlines() if ": error TS" in line]
    assert done.returncode == 0 and not errors, "\n".join(errors) or done.stdout[-3000:]
    assert (out / "apis" / "AgentsApi.ts").exists()
    assert (out / "models" / "KbDocumentUpload.ts").exists()
    # the null spellings openapi.yaml keeps for the generator's sake (docs/clients.md)
    assert "refusal: AlwaysNull | null;" in (out / "models" / "ChatCompletionAnswer.ts").read_text()
    assert "[key: string]: SdkUiValue | any;" in (out / "models" / "CopilotSdkUi.ts").read_text()
