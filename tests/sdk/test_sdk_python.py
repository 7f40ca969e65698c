"""The generated Python SDK (sdk/python) against a live `agent-platform serve`: configuration
(providers api and mcp, tools with paging, a 409 as a typed problem, agents, copilots with
deploy and rollback, model config) and that every documented status parses into its model."""
from __future__ import annotations

import ast
import uuid

import pytest
import yaml

from server.app import SPEC_PATH
from tests.factories_tools import EchoServer, mcp_server, serve_mcp
from tests.sdk_live import SDK, LiveServer

from agent_platform_client.api.agents import (create_agent, get_agent, list_agent_versions,  # noqa: E402
                                              update_agent)
from agent_platform_client.api.copilots import (create_copilot, deploy_copilot,  # noqa: E402
                                                list_copilot_deployments, rollback_copilot,
                                                update_copilot)
from agent_platform_client.api.model_config import get_model_config, put_model_config  # noqa: E402
from agent_platform_client.api.tool_providers import create_tool_provider  # noqa: E402
from agent_platform_client.api.tools import create_tool, list_tools  # noqa: E402
from agent_platform_client.models import (AgentBody, AgentCreate, AgentModel, AgentResult,  # noqa: E402
                                          AgentUpdate, ApiProviderCreate, AuthApiKey,
                                          CopilotAgentRef, CopilotBody, CopilotCreate,
                                          CopilotDeploy, CopilotDeployResult, CopilotRollback,
                                          CopilotSdkUi, CopilotUpdate, DeployFrom, DeployTarget,
                                          Environment, HttpMethod, JsonSchema, McpHttpInput,
                                          McpProviderCreate, ModelConfig, ModelConfigUpdate,
                                          ModelProviderConfigUpdate, ModelProvidersUpdate,
                                          Problem, ToolCreate, ToolList, ToolProviderResult,
                                          ToolResult)


@pytest.fixture(scope="module")
def server(database_url, tmp_path_factory):
    live = LiveServer(database_url, tmp_path_factory.mktemp("sdk"))
    yield live
    live.close()


@pytest.fixture(scope="module")
def api(server):
    _, client = server.organization("sdk-config")
    with client:
        yield client


def api_provider(api, base_url: str) -> ToolProviderResult:
    body = ApiProviderCreate(name=f"api-{uuid.uuid4().hex[:6]}", type_="api", base_url=base_url,
                             auth=AuthApiKey(type_="api_key", name="X-Key", api_key="org-key"))
    resp = create_tool_provider.sync_detailed(client=api, body=body)
    assert resp.status_code == 201 and isinstance(resp.parsed, ToolProviderResult), resp.content
    return resp.parsed


def test_providers_api_and_mcp(api):
    echo = EchoServer()
    try:
        made = api_provider(api, echo.url).tool_provider
        assert made.type_.value == "api" and made.auth.credentials_set == ["api_key"]
        assert made.auth.name == "X-Key" and made.mcp is None and made.discovery is None
    finally:
        echo.close()
    thread, url = serve_mcp(mcp_server(tool_count=2))
    try:
        body = McpProviderCreate(name="mcp", type_="mcp", mcp=McpHttpInput(url=url))
        resp = create_tool_provider.sync_detailed(client=api, body=body)
        assert resp.status_code == 201, resp.content
        provider = resp.parsed.tool_provider
        assert provider.discovery.status.value == "ok" and provider.mcp.url == url
        assert resp.parsed.rebuild.tools.provider_counts.mcp >= 5
        listed = list_tools.sync(client=api, tool_provider_id=provider.id)
        assert isinstance(listed, ToolList) and {t.name for t in listed.tools} >= {"add", "echo"}
    finally:
        thread.close()


def test_tools_with_paging_and_a_conflict_as_a_typed_problem(api):
    provider = api_provider(api, "http://127.0.0.1:9").tool_provider
    schema = JsonSchema.from_dict({"type": "object", "properties": {"q": {"type": "string"}},
                                   "required": ["q"]})
    made = []
    for i in range(5):
        resp = create_tool.sync_detailed(client=api, body=ToolCreate(
            tool_provider_id=provider.id, name=f"search {i}", path=f"/search/{i}",
            method=HttpMethod.POST, input_schema=schema))
        assert resp.status_code == 201 and isinstance(resp.parsed, ToolResult)
        assert resp.parsed.tool.input_schema.to_dict() == schema.to_dict()
        made.append(resp.parsed.tool.id)
    seen, cursor, pages = [], None, 0
    while True:
        page = list_tools.sync(client=api, tool_provider_id=provider.id, limit=2,
                               **({"cursor": cursor} if cursor else {}))
        assert isinstance(page, ToolList)
        seen += [t.id for t in page.tools]
        pages += 1
        cursor = page.next_cursor
        if cursor is None:
            break
    assert seen == made and pages == 3
    clash = create_tool.sync_detailed(client=api, body=ToolCreate(
        tool_provider_id=provider.id, name="another", path="/search/0", method=HttpMethod.POST))
    assert clash.status_code == 409 and isinstance(clash.parsed, Problem)
    assert clash.parsed.code == "tool_path_conflict" and clash.parsed.status == 409
    missing = create_tool.sync_detailed(client=api, body=ToolCreate(
        tool_provider_id=uuid.uuid4(), name="x", path="/x"))
    assert missing.status_code == 404 and isinstance(missing.parsed, Problem)


def test_agents_create_update_get_and_versions(api):
    resp = create_agent.sync_detailed(client=api, body=AgentCreate(
        name="helper", instructions="one", model=AgentModel(provider="echo", name="echo")))
    assert resp.status_code == 201 and isinstance(resp.parsed, AgentResult), resp.content
    agent = resp.parsed.agent
    assert agent.version == 1 and agent.model.provider == "echo" and agent.max_steps == 10
    updated = update_agent.sync(agent.id, client=api, body=AgentUpdate(instructions="two"))
    assert isinstance(updated, AgentResult) and updated.agent.version == 2
    got = get_agent.sync(agent.id, client=api)
    assert isinstance(got, AgentBody) and got.agent.instructions == "two"
    versions = list_agent_versions.sync(agent.id, client=api, limit=1)
    assert [v.version for v in versions.versions] == [2] and versions.next_cursor
    rest = list_agent_versions.sync(agent.id, client=api, cursor=versions.next_cursor)
    assert [v.instructions for v in rest.versions] == ["one"] and rest.next_cursor is None
    bad = update_agent.sync_detailed(uuid.uuid4(), client=api, body=AgentUpdate(name="x"))
    assert bad.status_code == 404 and isinstance(bad.parsed, Problem)


def test_copilots_create_patch_deploy_rollback(api):
    agent = create_agent.sync(client=api, body=AgentCreate(name="router")).agent
    made = create_copilot.sync_detailed(client=api, body=CopilotCreate(
        name="support", agents=[CopilotAgentRef(agent_id=agent.id)],
        sdk_ui=CopilotSdkUi.from_dict({"theme": "dark", "title": "Help", "accent": "#336699"})))
    assert made.status_code == 201 and isinstance(made.parsed, CopilotBody), made.content
    net = made.parsed.copilot
    assert net.environment == Environment.DEV and net.sdk_ui.theme == "dark"
    assert net.sdk_ui.additional_properties == {"accent": "#336699"}
    patched = update_copilot.sync(net.id, client=api, body=CopilotUpdate(handoff_prompt="route"))
    assert isinstance(patched, CopilotBody) and patched.copilot.handoff_prompt == "route"
    first = deploy_copilot.sync_detailed(net.id, client=api,
                                         body=CopilotDeploy(target=DeployTarget.STAGING))
    assert first.status_code == 201 and isinstance(first.parsed, CopilotDeployResult)
    staging = first.parsed.copilot
    assert staging.environment == Environment.STAGING and staging.source_copilot_id == net.id
    update_copilot.sync(net.id, client=api, body=CopilotUpdate(handoff_prompt="route v2"))
    second = deploy_copilot.sync_detailed(net.id, client=api, body=CopilotDeploy(
        target=DeployTarget.STAGING, from_=DeployFrom.DEV))
    assert second.status_code == 200 and second.parsed.deployment.version == 2
    back = rollback_copilot.sync(net.id, client=api,
                                 body=CopilotRollback(target=DeployTarget.STAGING))
    assert isinstance(back, CopilotDeployResult) and back.copilot.handoff_prompt == "route"
    history = list_copilot_deployments.sync(net.id, client=api)
    assert [d.source.value for d in history.deployments] == ["rollback", "dev", "dev"]
    refused = update_copilot.sync_detailed(staging.id, client=api,
                                           body=CopilotUpdate(handoff_prompt="x"))
    assert refused.status_code == 409 and refused.parsed.code == "network_not_dev"


def test_model_config(api):
    body = ModelConfigUpdate(default_provider=None, providers=ModelProvidersUpdate(
        openai=ModelProviderConfigUpdate(base_url="http://127.0.0.1:9/v1", api_key="sk-test")))
    put = put_model_config.sync_detailed(client=api, body=body)
    assert put.status_code == 200 and isinstance(put.parsed, ModelConfig), put.content
    got = get_model_config.sync(client=api)
    assert got.providers.openai.has_api_key and got.providers.openai.base_url.endswith(":9/v1")
    assert not got.providers.anthropic.has_api_key and got.default_provider is None
    assert "sk-test" not in str(got.to_dict())


def _parsed_statuses(module_path) -> set[int]:
    """The statuses a generated operation module parses into a model."""
    tree = ast.parse(module_path.read_text())
    statuses = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == "_parse_response":
            for test in ast.walk(node):
                if (isinstance(test, ast.Compare) and isinstance(test.left, ast.Attribute)
                        and test.left.attr == "status_code"):
                    statuses.add(test.comparators[0].value)
    return statuses


def test_every_documented_status_parses_into_its_model():
    """No documented answer reaches a caller unparsed: every status of every operation has a
    branch in the generated `_parse_response` (204 parses to None by design)."""
    with open(SPEC_PATH) as fh:
        doc = yaml.safe_load(fh)
    checked = 0
    for item in doc["paths"].values():
        for method, op in item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            module = SDK / "agent_platform_client" / "api" / op["tags"][0] / f"{op['operationId']}.py"
            assert module.exists(), module
            documented = {int(s) for s in op["responses"]}
            assert documented <= _parsed_statuses(module), (op["operationId"], documented)
            checked += 1
    assert checked >= 80
