"""NUL characters and lone surrogates in what the service receives from outside (not from the
request body): a tool's output (HTTP and MCP), a model's reply and its tool calls' arguments,
an MCP server's tool descriptions and schemas. Each becomes U+FFFD where it enters, so the run
completes and what is stored, streamed and returned is the replaced form, on SQLite and on
Postgres (where a NUL cannot be stored at all) with turns and runs on a Redis worker."""
import json
from typing import Annotated

import pytest
from pydantic import Field

from tests.factories import make_org
from tests.factories_chat import post_chat, read_stream, user, wait_turn
from tests.factories_tools import UvicornThread, mcp_server
from tests.factories_turns import http_tool, openai_agent, use_model_server
from tests.factories_workflows import make_workflow, tool_step, wait_run
from tests.fixtures_turns import allow_loopback, llm, model, tools_server  # noqa: F401 (fixtures)
from tests.fixtures_workflows import settings, worker  # noqa: F401 (fixtures)
from testkit import AnthropicServer, text, tool_calls

R = "\ufffd"
HTTP_NUL = {"text": f"a{R}b", "lone": f"x{R}y", f"k{R}": [R]}


def _no_bad(value) -> None:
    dumped = json.dumps(value, ensure_ascii=False)
    assert "\\u0000" not in dumped and "\x00" not in dumped, dumped
    assert "\\ud800" not in dumped, dumped


@pytest.fixture(scope="module")
def org(client, model):
    org = make_org(client)
    use_model_server(client, org, model)
    return org


def _nul_mcp():
    server = mcp_server(name="nul")

    @server.tool(description="Says a\x00b.")
    def nul_text(word: Annotated[str, Field(description="w\x00rd")]) -> str:
        """Unused: the description above wins."""
        return f"{word}:\x00:end"

    @server.tool()
    def nul_structured() -> dict[str, str]:
        """Structured output holding a NUL."""
        return {"value": "s\x00t", "k\x00": "1"}

    return UvicornThread(server.streamable_http_app())


@pytest.fixture(scope="module")
def nul_mcp():
    thread = _nul_mcp()
    yield thread
    thread.close()


def _mcp_tools(client, org, url) -> dict:
    resp = client.post("/v1/tool-providers", headers=org["headers"], json={
        "name": "nul-mcp", "type": "mcp", "mcp": {"url": url}})
    assert resp.status_code == 201, resp.text
    provider = resp.json()["tool_provider"]
    listed = client.get(f"/v1/tools?tool_provider_id={provider['id']}", headers=org["headers"])
    assert listed.status_code == 200, listed.text
    return {t["name"]: t for t in listed.json()["tools"]}


def _execute(client, org, tool, input=None) -> dict:
    resp = client.post(f"/v1/tools/{tool['id']}/execute", json={"input": input or {}},
                       headers=org["headers"])
    assert resp.status_code == 200, resp.text
    return resp.json()


def test_http_tool_output_with_nul_is_replaced(client, org, tools_server):
    tool = http_tool(client, org, tools_server, name="nul-json", path="/nul")
    result = _execute(client, org, tool)
    assert result["status"] == "succeeded", result
    assert {k: v for k, v in result["output"].items() if k != "path"} == HTTP_NUL
    plain = http_tool(client, org, tools_server, name="nul-text", path="/nul-text")
    result = _execute(client, org, plain)
    assert result["status"] == "succeeded" and result["output"] == f"plain{R}words", result


def test_mcp_discovery_and_output_with_nul_are_replaced(client, org, nul_mcp):
    tools = _mcp_tools(client, org, f"{nul_mcp.url}/mcp")
    assert tools["nul_text"]["description"] == f"Says a{R}b."
    assert tools["nul_text"]["input_schema"]["properties"]["word"]["description"] == f"w{R}rd"
    _no_bad(tools)
    result = _execute(client, org, tools["nul_text"], {"word": "w"})
    assert result["status"] == "succeeded", result
    _no_bad(result)
    assert f"w:{R}:end" in json.dumps(result, ensure_ascii=False)
    result = _execute(client, org, tools["nul_structured"])
    assert result["status"] == "succeeded", result
    assert result["output"] == {"value": f"s{R}t", f"k{R}": "1"}


def test_an_agent_run_with_nul_from_the_model_and_the_tool(client, org, llm, tools_server):
    tool = http_tool(client, org, tools_server, name="nul tool", path="/nul")
    agent = openai_agent(client, org, tool_ids=[tool["id"]])
    llm.enqueue(tool_calls(("nul_tool", '{"q": "a\\u0000b", "s": "x\\ud800"}')),
                text("done \x00 here \ud800"))
    resp = client.post(f"/v1/agents/{agent['id']}/run", json={"input": "go"},
                       headers=org["headers"])
    assert resp.status_code == 200, resp.text
    body = resp.json()
    assert body["run"]["status"] == "succeeded", body
    assert body["output"] == f"done {R} here {R}"
    assert tools_server.seen[-1]["json"] == {"q": f"a{R}b", "s": f"x{R}"}
    tool_message = [m for m in llm.requests[1].body["messages"] if m["role"] == "tool"][0]
    assert json.loads(tool_message["content"])["text"] == f"a{R}b"
    stored = client.get(f"/v1/runs/{body['run']['id']}", headers=org["headers"])
    assert stored.status_code == 200 and stored.json()["run"]["status"] == "succeeded"
    _no_bad(stored.json())


def test_a_chat_turn_with_nul_is_stored_and_streamed_replaced(client, org, llm, tools_server):
    tool = http_tool(client, org, tools_server, name="nul chat tool", path="/nul")
    agent = openai_agent(client, org, tool_ids=[tool["id"]])
    llm.enqueue(tool_calls(("nul_chat_tool", '{"q": "\\u0000"}')), text("said \x00 it"))
    ann = user(org, "ann")
    posted = post_chat(client, ann, "hello", agent_id=agent["id"])
    tid = posted["thread"]["id"]
    stream = read_stream(client, tid, ann)
    assert stream.kinds[-1] == "run.completed", stream.kinds
    _no_bad([e.data for e in stream.events])
    result = [e.data for e in stream.events if e.kind == "tool.result"][0]
    assert result["status"] == "succeeded" and result["output"]["text"] == f"a{R}b"
    called = [e.data for e in stream.events if e.kind == "tool.called"][0]
    assert called["arguments"] == {"q": R}
    answer = wait_turn(client, ann, tid, posted["run"]["id"])
    assert answer["content"] == f"said {R} it"


def test_a_workflow_run_with_nul_tool_output_succeeds(client, org, tools_server):
    tool = http_tool(client, org, tools_server, name="nul step", path="/nul")
    wf = make_workflow(client, org, steps=[tool_step("t", tool)])
    resp = client.post(f"/v1/workflows/{wf['id']}/run", json={"input": {}},
                       headers=org["headers"])
    assert resp.status_code == 202, resp.text
    run = wait_run(client, org["headers"], resp.json()["run"]["id"])
    assert run["status"] == "succeeded", run
    assert run["steps"][0]["output"]["lone"] == f"x{R}y"
    _no_bad(run)


def test_an_anthropic_reply_with_nul_is_replaced(client, tools_server):
    org = make_org(client)
    tool = http_tool(client, org, tools_server, name="nul anthropic", path="/nul")
    with AnthropicServer() as claude:
        use_model_server(client, org, claude, provider="anthropic")
        agent = openai_agent(client, org, tool_ids=[tool["id"]])
        resp = client.patch(f"/v1/agents/{agent['id']}", headers=org["headers"], json={
            "model": {"provider": "anthropic", "name": "claude-test"}})
        assert resp.status_code == 200, resp.text
        claude.enqueue(tool_calls(("nul_anthropic", '{"q": "a\\u0000"}')),
                       text("claude \x00 says"))
        resp = client.post(f"/v1/agents/{agent['id']}/run", json={"input": "go"},
                           headers=org["headers"])
        assert resp.status_code == 200, resp.text
        body = resp.json()
    assert body["run"]["status"] == "succeeded", body
    assert body["output"] == f"claude {R} says"
    assert tools_server.seen[-1]["json"] == {"q": f"a{R}"}
    _no_bad(body)
