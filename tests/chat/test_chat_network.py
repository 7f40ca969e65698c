"""A network end to end over HTTP with a session token: the browser reads the network (with the
providers its tools need), chats with the deployed prod network, and its stream carries the
handoff, the tool call with the user's own credentials, the answer and the follow-ups; the run
is charged to the session's group. Turns run in-process on SQLite and on a real
`agent-platform worker` (RQ) with Postgres + Redis."""
import subprocess
import sys

import pytest

from tests.factories import make_org
from tests.factories_chat import read_stream, wait_turn
from tests.factories_identity import mint
from tests.factories_tools import EchoServer, make_provider, make_tool
from tests.factories_turns import MODEL, use_model_server
from tests.factories_workflows import ROOT, stop, wf_settings, worker_env
from testkit import OpenAIServer, text, tool_calls


@pytest.fixture(scope="module")
def model():
    with OpenAIServer() as server:
        yield server


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"), model_max_retries=0,
                       prices={MODEL: {"input": 1000, "output": 2000}})


@pytest.fixture(scope="module", autouse=True)
def worker(app, settings):
    process = None
    if settings.redis_url:
        process = subprocess.Popen(
            [sys.executable, "-m", "server.cli", "worker"],
            env=worker_env(settings, AGENT_PLATFORM_PRICES=f'{{"{MODEL}": {{"input": 1000, '
                                                           f'"output": 2000}}}}'),
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    yield
    if process is not None:
        stop(process)


@pytest.fixture(scope="module")
def tools_server():
    server = EchoServer()
    yield server
    server.close()


def _post(http, headers, path, body, status=201):
    resp = http.post(path, json=body, headers=headers)
    assert resp.status_code == status, resp.text
    return resp.json()


def test_a_session_chats_with_the_prod_network(http, model, tools_server):
    org = make_org(http)
    use_model_server(http, org, model)
    provider = make_provider(http, org, base_url=tools_server.url,
                             auth={"type": "bearer", "token": "org-token"})
    tool = make_tool(http, org, provider["id"], name="orders", method="POST", path="/orders")
    agent = {"model": {"provider": "openai", "name": MODEL}}
    front = _post(http, org["headers"], "/v1/agents",
                  {"name": "Front", "instructions": "Route.", **agent})["agent"]
    orders = _post(http, org["headers"], "/v1/agents",
                   {"name": "Orders", "description": "Order questions", "tool_ids": [tool["id"]],
                    "instructions": "Look orders up.", **agent})["agent"]
    dev = _post(http, org["headers"], "/v1/copilots", {
        "name": "Shop", "agents": [{"agentId": front["id"]}, {"agentId": orders["id"]}],
        "handoff_prompt": "Send order questions to Orders.",
        "followup_instructions": [{"type": "text", "content": "Ask about delivery"}]})["copilot"]
    prod = _post(http, org["headers"], f"/v1/copilots/{dev['id']}/deploy",
                 {"target": "prod"})["copilot"]
    _post(http, org["headers"], "/v1/users", {"user_id": "ana", "tools_auth": {
        provider["id"]: {"token": "ana-token"}}})
    session = {"Authorization": f"Bearer {mint(http, org, 'ana')['access_token']}"}

    view = http.get(f"/v1/copilots/{prod['id']}", headers=session)
    assert view.status_code == 200, view.text
    [needed] = view.json()["runtimeAuthProviders"]
    assert needed["id"] == provider["id"] and needed["has_credentials"] is True
    assert "ana-token" not in view.text and "org-token" not in view.text

    model.reset()
    model.enqueue(tool_calls(("handoff_to_Orders", {"reason": "order question"})),
                  tool_calls(("orders", {"order": "A7"})),
                  text("Order A7 ships today."),
                  text("Ask about delivery"))
    posted = _post(http, session, "/v1/chat", {"copilot_id": prod["id"],
                                               "message": "where is A7?"}, status=202)
    thread_id = posted["thread"]["id"]
    stream = read_stream(http, thread_id, session)
    assert stream.ended and stream.ids == sorted(stream.ids)
    assert stream.kinds == ["run.started", "agent.handoff", "tool.called", "tool.result",
                            "message.delta", "message.delta", "message.delta",
                            "message.delta", "message.completed", "run.completed"]
    events = {e.kind: e.data for e in stream.events}
    assert events["agent.handoff"]["to_agent_id"] == orders["id"]
    assert events["tool.result"]["status"] == "succeeded"
    assert tools_server.seen[-1]["headers"]["authorization"] == "Bearer ana-token"
    assert events["message.completed"]["followups"] == ["Ask about delivery"]
    run = events["run.completed"]["run"]
    assert run["copilot_id"] == prod["id"] and run["user_id"] == "ana"
    assert run["usage"]["model_calls"] == 4 and run["usage"]["tool_calls"] == 1
    assert run["cost_usd"] > 0
    answer = wait_turn(http, session, thread_id, run["id"])
    assert answer["content"] == "Order A7 ships today."
    assert answer["followups"] == ["Ask about delivery"]
    default = http.get("/v1/groups", headers=org["headers"]).json()["groups"]
    assert sum(g["spend_usd_month"] for g in default) == pytest.approx(run["cost_usd"])
    # the stream belongs to ana: another user of the organization does not see the thread
    other = {"Authorization": f"Bearer {mint(http, org, 'ben')['access_token']}"}
    assert http.get("/v1/chat/stream", params={"thread_id": thread_id},
                    headers=other).status_code == 404
