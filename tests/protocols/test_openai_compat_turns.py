"""The OpenAI-compatible API over whole turns of a deployed network (the suite's
OpenAI-compatible model server behind it): handoffs and tool calls run on the server and the
SDK sees the answer; a failed turn is the SDK's error (500 with the run's code, not retried;
an error event in a stream; `status: failed` for a response); usage is the turn's. Turns run
in-process on SQLite and on a real `agent-platform worker` (RQ) with Postgres + Redis."""
import subprocess
import sys

import httpx
import openai
import pytest

from tests.factories import make_org
from tests.factories_identity import mint
from tests.factories_tools import EchoServer, UvicornThread, make_provider, make_tool
from tests.factories_turns import MODEL, use_model_server
from tests.factories_workflows import ROOT, stop, wf_settings, worker_env
from testkit import OpenAIServer, error, text, tool_calls
from tests.waiting import scaled


@pytest.fixture(scope="module")
def model():
    with OpenAIServer() as server:
        yield server


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"), model_max_retries=0)


@pytest.fixture(scope="module", autouse=True)
def worker(app, settings):
    process = None
    if settings.redis_url:
        process = subprocess.Popen([sys.executable, "-m", "server.cli", "worker"],
                                   env=worker_env(settings), cwd=ROOT,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    yield
    if process is not None:
        stop(process)


@pytest.fixture(scope="module")
def server(app):
    running = UvicornThread(app)
    yield running
    running.close()


@pytest.fixture(scope="module")
def tools_server():
    running = EchoServer()
    yield running
    running.close()


@pytest.fixture(scope="module")
def shop(server, model, tools_server):
    """An organization with the Shop network deployed to prod, and a session of ana's."""
    with httpx.Client(base_url=server.url, timeout=scaled(20)) as http:
        org = make_org(http)
        use_model_server(http, org, model)
        provider = make_provider(http, org, base_url=tools_server.url)
        tool = make_tool(http, org, provider["id"], name="orders", method="POST",
                         path="/orders")
        llm = {"model": {"provider": "openai", "name": MODEL}}

        def post(path, body):
            resp = http.post(path, json=body, headers=org["headers"])
            assert resp.status_code == 201, resp.text
            return resp.json()

        front = post("/v1/agents", {"name": "Front", "instructions": "Route.", **llm})["agent"]
        orders = post("/v1/agents", {"name": "Orders", "description": "Orders",
                                     "tool_ids": [tool["id"]], "instructions": "Look up.",
                                     **llm})["agent"]
        dev = post("/v1/copilots", {"name": "Shop", "agents": [
            {"agentId": front["id"]}, {"agentId": orders["id"]}]})["copilot"]
        prod = post(f"/v1/copilots/{dev['id']}/deploy", {"target": "prod"})["copilot"]
        token = mint(http, org, "ana")["access_token"]
    return {"org": org, "prod": prod, "dev": dev, "token": token, "orders": orders}


def client_of(server, shop, **options):
    return openai.OpenAI(base_url=f"{server.url}/openai/v1", api_key=shop["token"],
                         timeout=20, **options)


def test_the_prod_network_is_a_model_and_runs_the_whole_turn(server, shop, model,
                                                              tools_server):
    client = client_of(server, shop)
    listed = {m.id: m.model_extra for m in client.models.list()}
    assert listed["shop:prod"]["target_id"] == shop["prod"]["id"]
    assert listed["shop:prod"]["kind"] == "network"
    assert shop["dev"]["id"] not in listed  # dev networks are not listed (but accepted)
    model.reset()
    model.enqueue(tool_calls(("handoff_to_Orders", {"reason": "order"})),
                  tool_calls(("orders", {"order": "A7"})), text("Order A7 ships today."))
    seen = len(tools_server.seen)
    stream = client.chat.completions.create(
        model="shop:prod", stream=True, stream_options={"include_usage": True},
        messages=[{"role": "user", "content": "Where is A7?"}])
    chunks = list(stream)
    answer = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert answer == "Order A7 ships today."
    assert all(not c.choices or c.choices[0].delta.tool_calls is None for c in chunks)
    assert len(tools_server.seen) == seen + 1  # the tool ran on the server
    assert chunks[-1].usage.total_tokens > 0
    with httpx.Client(base_url=server.url, timeout=scaled(20)) as http:
        run = http.get(f"/v1/runs/{chunks[0].id}", headers=shop["org"]["headers"]).json()["run"]
    assert run["copilot_id"] == shop["prod"]["id"] and run["user_id"] == "ana"
    assert run["usage"]["model_calls"] == 3 and run["usage"]["tool_calls"] == 1
    assert chunks[-1].usage.prompt_tokens == run["usage"]["input_tokens"]
    assert [s["type"] for s in run["steps"]].count("handoff") == 1


def test_a_failed_turn_is_an_error_the_sdk_does_not_retry(server, shop, model):
    client = client_of(server, shop)  # the SDK's default retries
    model.reset()
    model.enqueue(error(400, "the provider refused"))
    with pytest.raises(openai.InternalServerError) as caught:
        client.chat.completions.create(model=shop["prod"]["id"],
                                       messages=[{"role": "user", "content": "hi"}])
    assert caught.value.status_code == 500
    assert caught.value.response.headers["x-should-retry"] == "false"
    assert caught.value.code and caught.value.code != "internal_error"
    assert len(model.requests) == 1  # one turn, not retried
    model.enqueue(error(400, "the provider refused"))
    with pytest.raises(openai.APIError) as streamed:
        list(client.chat.completions.create(model=shop["prod"]["id"], stream=True,
                                            messages=[{"role": "user", "content": "hi"}]))
    assert streamed.value.code == caught.value.code
    model.enqueue(error(400, "the provider refused"))
    failed = client.responses.create(model="shop:prod", input="hi")
    assert failed.status == "failed" and failed.error.code == caught.value.code
    assert failed.output == []
