"""The contract as a promise: a client generated from the last release's document
(sdk/released/openapi.yaml) reads what today's service answers; the compatibility gate
(sdk/compat.mjs) refuses a breaking change unless the major version grows; the client
library accepts values and event kinds added later; versions move together."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import httpx
import pytest
import yaml

from tests.sdk_live import RELEASED, ROOT, SDK, LiveServer, npm_ci

from agent_platform import RetryPolicy, UnknownEvent  # noqa: E402
from agent_platform import __version__ as library_version  # noqa: E402
from agent_platform._base import should_retry  # noqa: E402
from agent_platform._events import SSEDecoder, to_event  # noqa: E402
from agent_platform_client.models import RunStatus  # noqa: E402
from tests.waiting import scaled

USER = "compat-user"


@pytest.fixture(scope="module")
def server(database_url, tmp_path_factory):
    live = LiveServer(database_url, tmp_path_factory.mktemp("sdk-compat"))
    yield live
    live.close()


def generate_released_client(into: Path) -> Path:
    """The client a user generated from the released document, with the generator's own
    templates (its enums are closed)."""
    generator = Path(sys.executable).parent / "openapi-python-client"
    done = subprocess.run([str(generator), "generate", "--path", str(RELEASED), "--config",
                           str(SDK / "config.yaml"), "--meta", "none", "--output-path",
                           str(into / "agent_platform_client")], cwd=into, capture_output=True,
                          text=True, timeout=scaled(300))
    assert done.returncode == 0, done.stdout + done.stderr
    return into


def test_a_client_of_the_released_document_reads_todays_runs(server, tmp_path):
    from agent_platform import ApprovalRequestedEvent, Client
    from tests.factories_tools import EchoServer

    _, generated = server.organization("sdk-compat")
    echo = EchoServer()
    try:
        with Client(generated.token, base_url=server.url) as client:
            provider = client.tool_providers.create(name="echo", type="api", base_url=echo.url)
            guarded = client.tools.create(tool_provider_id=provider.tool_provider.id,
                                          name="guarded", path="/g", method="POST",
                                          requires_approval=True).tool
            agent = client.agents.create(name="old-reader", tool_ids=[guarded.id]).agent
            done = client.agents.run(agent.id, input="hello", user_id=USER).run
            waiting = client.chat.send(agent_id=agent.id, message="call guarded", user_id=USER)
            for event in client.chat.stream(waiting.thread.id, user_id=USER):
                if isinstance(event, ApprovalRequestedEvent):
                    break
    finally:
        echo.close()
    out = generate_released_client(tmp_path)
    script = textwrap.dedent(f"""
        import json, sys
        from agent_platform_client import AuthenticatedClient
        from agent_platform_client.api.runs import get_run, list_runs
        from agent_platform_client.api.agents import list_agents
        from agent_platform_client.api.chat import post_chat
        from agent_platform_client.models import (AgentChatRequest, Problem, TurnRunBody,
                                                  TurnRunList, AgentList)
        api = AuthenticatedClient(base_url={server.url!r}, token={generated.token!r},
                                  raise_on_unexpected_status=True)
        runs = list_runs.sync(client=api)
        assert isinstance(runs, TurnRunList), runs
        statuses = sorted(str(r.status) for r in runs.runs)
        one = get_run.sync({str(waiting.run.id)!r}, client=api)
        assert isinstance(one, TurnRunBody), one
        agents = list_agents.sync(client=api)
        assert isinstance(agents, AgentList)
        bad = post_chat.sync_detailed(client=api, x_user_id="u", body=AgentChatRequest(
            agent_id={str(agent.id)!r}, message=""))
        assert isinstance(bad.parsed, Problem), bad.content
        print(json.dumps({{"statuses": statuses, "waiting": str(one.run.status),
                          "agents": [a.name for a in agents.agents],
                          "problem": [bad.parsed.code, bad.parsed.additional_properties]}}))
    """)
    read = subprocess.run([sys.executable, "-c", script], cwd=out, capture_output=True,
                          text=True, timeout=scaled(120),
                          env={**os.environ, "PYTHONPATH": str(out)})
    assert read.returncode == 0, read.stderr
    seen = json.loads(read.stdout)
    assert seen["statuses"] == sorted(["succeeded", "awaiting_approval"]), seen
    assert seen["waiting"] == "awaiting_approval" and seen["agents"] == ["old-reader"]
    code, extra = seen["problem"]
    assert code == "invalid_request" and extra["errors"][0]["path"] == "$.message", seen
    assert str(done.status) == "succeeded"


def gate(tmp_path: Path, changed: dict) -> subprocess.CompletedProcess:
    path = tmp_path / "changed.json"
    path.write_text(json.dumps(changed))
    npm_ci(ROOT / "tests" / "npm-contract", "node_modules/api-smart-diff/package.json")
    return subprocess.run(["node", str(ROOT / "sdk" / "compat.mjs"), str(RELEASED), str(path)],
                          capture_output=True, text=True, timeout=scaled(300))


def test_the_gate_refuses_a_breaking_change_unless_the_major_version_grows(tmp_path):
    doc = yaml.safe_load(RELEASED.read_text())
    doc["components"]["schemas"]["Agent"]["required"].remove("instructions")
    del doc["components"]["schemas"]["Agent"]["properties"]["instructions"]
    doc["components"]["schemas"]["RunStatus"]["enum"].remove("queued")
    refused = gate(tmp_path, doc)
    assert refused.returncode == 1, refused.stdout + refused.stderr
    assert "breaking: /" in refused.stdout and "keeps major 1" in refused.stderr
    doc["info"]["version"] = "2.0.0"
    allowed = gate(tmp_path, doc)
    assert allowed.returncode == 0 and "compatible with 1.0.0" not in allowed.stderr, allowed.stderr
    doc["info"]["version"] = "0.9.0"
    back = gate(tmp_path, doc)
    assert back.returncode == 1 and "went back" in back.stderr


def test_the_gate_lets_enums_and_event_kinds_grow(tmp_path):
    doc = yaml.safe_load(RELEASED.read_text())
    schemas = doc["components"]["schemas"]
    schemas["RunStatus"]["enum"].append("paused")
    schemas["ThoughtEvent"] = {
        "type": "object", "description": "A later kind.", "required": ["id", "event", "data"],
        "properties": {"id": {"type": "integer", "description": "Its id."},
                       "event": {"const": "thought", "description": "Its kind."},
                       "data": {"type": "object", "description": "Its data."}}}
    schemas["ChatEvent"]["oneOf"].append({"$ref": "#/components/schemas/ThoughtEvent"})
    mapping = schemas["ChatEvent"]["discriminator"]["mapping"]
    mapping["thought"] = "#/components/schemas/ThoughtEvent"
    grown = gate(tmp_path, doc)
    assert grown.returncode == 0, grown.stdout + grown.stderr
    assert 'RunStatus/enum: + "paused"' in grown.stdout and "ThoughtEvent" in grown.stdout
    schemas["RunStatus"]["enum"].remove("queued")  # a removed value still breaks
    assert gate(tmp_path, doc).returncode == 1


def test_the_gate_judges_an_answer_only_schema_where_it_is_used(tmp_path):
    doc = yaml.safe_load(RELEASED.read_text())
    schemas = doc["components"]["schemas"]
    # TurnRun only answers: giving its ids `format: uuid` narrows answers, which breaks no client
    schemas["TurnRun"]["properties"]["agent_id"]["oneOf"][0]["format"] = "uuid"
    narrowed = gate(tmp_path, doc)
    assert narrowed.returncode == 0, narrowed.stdout + narrowed.stderr
    assert "answer-only schema, judged where it is used" in narrowed.stdout
    assert "TurnRun/properties/agent_id" in narrowed.stdout
    # the same narrowing of a schema that requests use is still breaking
    schemas["WorkflowScheduleCreate"]["properties"]["user_id"]["oneOf"][0]["format"] = "uuid"
    request = gate(tmp_path, doc)
    assert request.returncode == 1 and "WorkflowScheduleCreate" in request.stdout
    # and a field removed from an answer-only schema breaks where the answers carry it
    del schemas["WorkflowScheduleCreate"]["properties"]["user_id"]["oneOf"][0]["format"]
    schemas["TurnRun"]["required"].remove("cost_usd")
    del schemas["TurnRun"]["properties"]["cost_usd"]
    removed = gate(tmp_path, doc)
    assert removed.returncode == 1, removed.stdout
    assert any(line.startswith("breaking: /paths/") and "cost_usd" in line
               for line in removed.stdout.splitlines()), removed.stdout


def test_unknown_event_kinds_and_enum_values_are_kept():
    decoder = SSEDecoder()
    frames = [f for line in ["id: 7", "event: thought.summarized", 'data: {"text": "hm"}', ""]
              if (f := decoder.feed(line))]
    event = to_event(frames[0])
    assert isinstance(event, UnknownEvent)
    assert (event.id, event.event, event.data) == (7, "thought.summarized", {"text": "hm"})
    status = RunStatus("paused_for_review")
    assert status == "paused_for_review" and str(status) == "paused_for_review"
    assert RunStatus("queued") is RunStatus.QUEUED


def test_what_is_retried():
    policy = RetryPolicy(max_retry_wait=10)

    def answer(status: int, code: str, retry_after: str | None = None) -> httpx.Response:
        headers = {"Retry-After": retry_after} if retry_after else {}
        return httpx.Response(status, json={"code": code}, headers=headers)

    assert should_retry(answer(503, "database_unavailable", "5"), policy)
    assert should_retry(answer(429, "usage_limit_reached", "3"), policy)
    assert should_retry(answer(409, "idempotency_key_in_use"), policy)
    assert not should_retry(answer(429, "spend_cap_reached", "3"), policy)
    assert not should_retry(answer(429, "usage_limit_reached", "30"), policy)  # > max wait
    assert not should_retry(answer(409, "conflict"), policy)
    assert not should_retry(answer(400, "invalid_request"), policy)
    assert policy.delay(0, answer(503, "unavailable", "2")) == 2.0
    assert 0 < policy.delay(3, None) <= policy.max_delay * 1.25


def test_versions_move_together_and_the_async_client_is_current():
    api = yaml.safe_load((ROOT / "openapi.yaml").read_text())["info"]["version"]
    package = (SDK / "pyproject.toml").read_text()
    config = yaml.safe_load((SDK / "config.yaml").read_text())
    ts = json.loads((ROOT / "sdk" / "typescript" / "package.json").read_text())
    assert f'version = "{api}"' in package and config["package_version_override"] == api
    assert library_version == api and ts["version"] == api
    made = subprocess.run([sys.executable, str(SDK / "make_async.py"), "--check"],
                          capture_output=True, text=True, timeout=scaled(60))
    assert made.returncode == 0, made.stdout
    assert shutil.which("node"), "node runs the compatibility gate"


def test_the_gate_reads_a_union_of_distinct_types_flat(tmp_path):
    doc = yaml.safe_load(RELEASED.read_text())
    schemas = doc["components"]["schemas"]
    # null moved from the pair `oneOf: [SdkUiValue, null]` into SdkUiValue's own union of
    # distinct types: the values accepted are the same, so nothing breaks
    schemas["SdkUiValue"]["oneOf"].append({"type": "null"})
    schemas["CopilotSdkUi"]["additionalProperties"] = {"$ref": "#/components/schemas/SdkUiValue"}
    moved = gate(tmp_path, doc)
    assert moved.returncode == 0, moved.stdout + moved.stderr
    assert "breaking:" not in moved.stdout
    # without the null branch the values narrow, which still breaks
    schemas["SdkUiValue"]["oneOf"].pop()
    dropped = gate(tmp_path, doc)
    assert dropped.returncode == 1 and "CopilotSdkUi" in dropped.stdout, dropped.stdout
    # and so does a branch narrowed inside the flattened union
    schemas["SdkUiValue"]["oneOf"].append({"type": "null"})
    schemas["SdkUiValue"]["oneOf"][0]["maxLength"] = 100
    narrowed = gate(tmp_path, doc)
    assert narrowed.returncode == 1 and "maxLength" in narrowed.stdout, narrowed.stdout
