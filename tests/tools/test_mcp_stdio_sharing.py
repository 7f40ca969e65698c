"""stdio MCP providers: one program per distinct set of what reaches it, never one per end user.

End users without credentials of their own share the provider's process (the published
`mcp-server-time`, counted among this process's children); a user whose own credentials reach
the program (`mcp.credential_env`) gets a process of their own. The program's environment
(`mcp.env`) and secret arguments reach it and nothing else: not API answers, run steps, run
events or the log (its standard error is relayed masked). Starting a program has its own
timeout, longer than the connect timeout."""
import concurrent.futures
import hashlib
import json
import logging
import os
import sys
from pathlib import Path

import httpx
import pytest

from runtime.tools import mcp_client
from server.logs import JsonFormatter
from tests.conftest import make_settings
from tests.factories import make_org
from tests.factories_tools import UvicornThread
from tests.waiting import scaled, wait_until

TIME_SERVER = str(Path(sys.executable).parent / "mcp-server-time")
SCRIPT = str(Path(__file__).resolve().parents[2] / "testkit" / "stdio_mcp.py")
ORG_TOKEN = "org-token-5b1e0c7d9a"
ANA_TOKEN = "ana-token-88f2d4c61e"
BEN_TOKEN = "ben-token-0d9c3b7a52"
STATIC = "static-secret-4e6a1f0b3c"
SECRET_ARG = "secret-arg-7c2b9e5d18"
SECRETS = (ORG_TOKEN, ANA_TOKEN, BEN_TOKEN, STATIC, SECRET_ARG)


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    # a connect timeout shorter than a slow program's start: starting has its own timeout
    return make_settings(database_url, tmp_path_factory.mktemp("data"), mcp_stdio_enabled=True,
                         mcp_connect_timeout_ms=500, mcp_stdio_start_timeout_ms=30000)


@pytest.fixture(scope="module")
def live(app):
    server = UvicornThread(app)
    yield server
    server.close()


def children(marker: str) -> list[int]:
    """Processes started by this one whose command line holds marker."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                command = cmdline.read().replace(b"\0", b" ").decode(errors="replace")
        except (OSError, ValueError, IndexError):
            continue  # ended meanwhile
        if parent == os.getpid() and marker in command:
            found.append(int(entry))
    return found


def tool_ids(client, org, provider_id) -> dict:
    resp = client.get(f"/v1/tools?tool_provider_id={provider_id}", headers=org["headers"])
    assert resp.status_code == 200, resp.text
    return {t["name"]: t["id"] for t in resp.json()["tools"]}


def test_end_users_share_one_process_of_a_provider_without_their_own_credentials(client, live):
    org = make_org(client)
    resp = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": "time", "type": "mcp", "mcp": {"transport": "stdio", "command": TIME_SERVER}})
    assert resp.status_code == 201, resp.text
    provider = resp.json()["tool_provider"]
    assert provider["discovery"]["status"] == "ok", provider
    url = f"{live.url}/v1/tools/{tool_ids(client, org, provider['id'])['get_current_time']}/execute"

    def call(user):
        with httpx.Client(timeout=scaled(60)) as http:
            resp = http.post(url, json={"input": {"timezone": "UTC"}},
                             headers={**org["headers"], "X-User-Id": user})
        assert resp.status_code == 200, resp.text
        return resp.json()

    users = [f"user-{n}" for n in range(5)]
    with concurrent.futures.ThreadPoolExecutor(5) as pool:  # five first calls at once
        results = list(pool.map(call, users))
    results += [call(user) for user in users]
    assert [r["status"] for r in results] == ["succeeded"] * 10, results
    assert all(r["output"]["timezone"] == "UTC" for r in results), results
    assert len(children(TIME_SERVER)) == 1
    assert len(mcp_client.connections_of(provider["id"])) == 1

    resp = client.delete(f"/v1/tool-providers/{provider['id']}", headers=org["headers"])
    assert resp.status_code in (200, 204), resp.text
    wait_until(lambda: not children(TIME_SERVER), 20, "the program to end with its provider")


@pytest.fixture(scope="module")
def env_provider(client):
    org = make_org(client)
    resp = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": "env", "type": "mcp", "auth": {"type": "bearer", "token": ORG_TOKEN},
        "mcp": {"transport": "stdio", "command": sys.executable,
                "args": [SCRIPT, "--env", {"value": SECRET_ARG, "secret": True}],
                "env": {"STATIC_SECRET": STATIC},
                "credential_env": {"SECRET_TOKEN": "token"}}})
    assert resp.status_code == 201, resp.text
    provider = resp.json()["tool_provider"]
    for user, token in (("ana", ANA_TOKEN), ("ben", BEN_TOKEN)):
        resp = client.post("/v1/users", headers=org["headers"], json={
            "user_id": user, "tools_auth": {provider["id"]: {"token": token}}})
        assert resp.status_code == 201, resp.text
    return org, provider, tool_ids(client, org, provider["id"])


def _execute(client, org, tool_id, user=None, **input):
    headers = {**org["headers"], **({"X-User-Id": user} if user else {})}
    resp = client.post(f"/v1/tools/{tool_id}/execute", headers=headers, json={"input": input})
    assert resp.status_code == 200, resp.text
    assert not any(s in resp.text for s in SECRETS), resp.text
    body = resp.json()
    assert body["status"] == "succeeded", body
    return body["output"]


def test_the_programs_secrets_are_never_returned(client, env_provider):
    org, provider, _ = env_provider
    assert provider["discovery"]["status"] == "ok", provider
    for resp in (client.get(f"/v1/tool-providers/{provider['id']}", headers=org["headers"]),
                 client.get("/v1/tool-providers", headers=org["headers"])):
        assert resp.status_code == 200 and not any(s in resp.text for s in SECRETS), resp.text
    mcp = client.get(f"/v1/tool-providers/{provider['id']}",
                     headers=org["headers"]).json()["tool_provider"]["mcp"]
    assert mcp["args"] == [SCRIPT, "--env", "[redacted]"] and mcp["secret_args"] == [2]
    assert mcp["env_set"] == ["STATIC_SECRET"]
    assert mcp["credential_env"] == {"SECRET_TOKEN": "token"}
    assert "env" not in mcp


def test_each_credential_set_gets_its_own_process_and_its_values(client, env_provider):
    org, provider, tools = env_provider

    def digest(user):
        return _execute(client, org, tools["env_digest"], user, name="SECRET_TOKEN")["result"]

    def sha(value):
        return hashlib.sha256(value.encode()).hexdigest()

    assert digest("ana") == sha(ANA_TOKEN)
    assert digest("ben") == sha(BEN_TOKEN)
    assert digest("cy") == sha(ORG_TOKEN)  # no credentials of his own: the provider's
    assert digest(None) == sha(ORG_TOKEN)
    assert digest("ana") == sha(ANA_TOKEN)
    # ana's, ben's, and one shared by the organization and cy (discovery's included)
    assert len(children(SECRET_ARG)) == 3
    assert len(mcp_client.connections_of(provider["id"])) == 3
    assert not any(s in key for key in mcp_client._connections for s in SECRETS)
    # the values reach the program; echoed back they are masked
    assert _execute(client, org, tools["env_value"], "ana", name="STATIC_SECRET") == {
        "result": "[redacted]"}
    assert _execute(client, org, tools["env_value"], "ana", name="SECRET_TOKEN") == {
        "result": "[redacted]"}
    assert _execute(client, org, tools["argv"], "cy") == {
        "result": ["--env", "[redacted]"]}


def test_run_steps_events_and_logs_never_hold_them(client, env_provider, caplog):
    org, provider, _ = env_provider
    caplog.set_level(logging.INFO)
    mcp_client.close(provider["id"])  # the programs start again, their start-up logged here
    resp = client.post("/v1/agents", headers=org["headers"], json={
        "name": "env-agent", "tool_provider_ids": [provider["id"]]})
    assert resp.status_code == 201, resp.text
    agent = resp.json()["agent"]
    for user in ("ana", "cy"):
        headers = {**org["headers"], "X-User-Id": user}
        resp = client.post(f"/v1/agents/{agent['id']}/run", headers=headers, json={
            "input": 'call env_value {"name": "STATIC_SECRET"}\n'
                     'call env_value {"name": "SECRET_TOKEN"}'})
        assert resp.status_code == 200, resp.text
        run = resp.json()["run"]
        assert run["output"] == "\n".join(['env_value: {"result": "[redacted]"}'] * 2), run
        for page in (resp, client.get(f"/v1/runs/{run['id']}", headers=headers),
                     client.get(f"/v1/runs/{run['id']}/events", headers=headers)):
            assert page.status_code == 200, page.text
            assert not any(s in page.text for s in SECRETS), page.text
    # the programs' standard error is relayed to the log, masked
    wait_until(lambda: [r for r in caplog.records
                        if "SECRET_TOKEN=[redacted]" in str(getattr(r, "fields", ""))],
               20, "the program's start-up line, relayed")
    lines = [JsonFormatter().format(r) for r in caplog.records]
    assert not [line for line in lines if any(s in line for s in SECRETS)]


def test_an_update_sets_and_removes_variables(client, env_provider):
    org, provider, tools = env_provider
    resp = client.patch(f"/v1/tool-providers/{provider['id']}", headers=org["headers"], json={
        "mcp": {"transport": "stdio", "command": sys.executable,
                "env": {"STATIC_SECRET": None, "OTHER_SECRET": "other-secret-value"}}})
    assert resp.status_code == 200, resp.text
    assert "other-secret-value" not in resp.text
    mcp = resp.json()["tool_provider"]["mcp"]
    assert mcp["env_set"] == ["OTHER_SECRET"] and mcp["secret_args"] == [2]
    assert _execute(client, org, tools["env_value"], name="STATIC_SECRET") == {"result": ""}
    assert _execute(client, org, tools["env_digest"], name="OTHER_SECRET") == {
        "result": hashlib.sha256(b"other-secret-value").hexdigest()}
    assert _execute(client, org, tools["argv"]) == {"result": ["--env", "[redacted]"]}


def test_a_program_slower_to_start_than_the_connect_timeout(client):
    org = make_org(client)
    resp = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": "slow", "type": "mcp",
        "mcp": {"transport": "stdio", "command": sys.executable,
                "args": [SCRIPT, "--sleep", "1.5"]}})
    assert resp.status_code == 201, resp.text
    provider = resp.json()["tool_provider"]
    assert provider["discovery"] == {**provider["discovery"], "status": "ok", "error": None}
    output = _execute(client, org, tool_ids(client, org, provider["id"])["shout"], text="hi")
    assert output == {"result": "HI"}


def test_bad_variable_names_and_credential_fields_are_refused(client):
    org = make_org(client)
    base = {"name": "bad", "type": "mcp", "auth": {"type": "bearer", "token": ORG_TOKEN}}
    resp = client.post("/v1/tool-providers", headers=org["headers"], json={**base, "mcp": {
        "transport": "stdio", "command": sys.executable, "args": [SCRIPT],
        "credential_env": {"SECRET_TOKEN": "password"}}})
    assert resp.status_code == 400 and resp.json()["code"] == "invalid_mcp", resp.text
    resp = client.post("/v1/tool-providers", headers=org["headers"], json={**base, "mcp": {
        "transport": "stdio", "command": sys.executable, "env": {"1BAD": "x"}}})
    assert resp.status_code == 400, resp.text
    assert json.loads(resp.text).get("status") == 400
