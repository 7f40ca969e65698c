"""MCP and A2A across processes and hosts: two `serve` instances on one database (the first
with `--workers 2`), each request free to land on any process; on Postgres + Redis the turns
run on an RQ worker. A thread begun through one host continues through the other, and a task
sent through one is read and streamed through the other."""
import asyncio

import httpx
import pytest
from a2a.types import a2a_pb2 as pb

from tests.conftest import REDIS_URL
from tests.factories_exposures import a2a_client, a2a_message, mcp_client
from tests.processes import Serve, admin_org, env_for, start_worker, stop_process
from tests.waiting import scaled

ECHO = {"provider": "echo", "name": "echo"}


@pytest.fixture(scope="module")
def hosts(database_url, tmp_path_factory):
    redis = REDIS_URL if database_url.startswith("postgres") else None
    data = tmp_path_factory.mktemp("hosts")
    env = env_for(database_url, data, redis, AGENT_PLATFORM_SCHEDULER="off")
    first = Serve({**env, "AGENT_PLATFORM_WORKERS": "2"},
                  log=data / "a.log").start(timeout=90)
    second = Serve(env, log=data / "b.log").start(timeout=90)
    worker = start_worker(env, log=data / "worker.log") if redis else None
    try:
        yield first.url, second.url
    finally:
        if worker is not None:
            stop_process(worker)
        second.stop()
        first.stop()


@pytest.fixture(scope="module")
def exposed(hosts):
    with httpx.Client(base_url=hosts[0], timeout=scaled(60)) as http:
        org = admin_org(http)
        h = org["headers"]
        agent = http.post("/v1/agents", json={"name": "echo", "model": ECHO}, headers=h).json()
        copilot = http.post("/v1/copilots", json={
            "name": "net", "agents": [{"agentId": agent["agent"]["id"]}]}, headers=h).json()
        prod = http.post(f"/v1/copilots/{copilot['copilot']['id']}/deploy",
                         json={"target": "prod"}, headers=h).json()["copilot"]["id"]
        resp = http.post("/v1/exposures", json={"target": {"type": "copilot", "id": prod},
                                                "name": "support"}, headers=h)
        assert resp.status_code == 201, resp.text
        return org, resp.json()["exposure"]


def test_a_thread_continues_through_another_host(hosts, exposed):
    org, _ = exposed
    headers = {**org["headers"], "X-User-Id": "roaming"}

    async def roam():
        outputs, thread = [], None
        for turn in range(4):
            async with mcp_client(hosts[turn % 2], headers) as mcp:
                arguments = {"message": f"turn {turn}"}
                if thread:
                    arguments["thread_id"] = thread
                result = await mcp.call_tool("support", arguments)
                thread = result.structured_content["thread_id"]
                outputs.append(result.structured_content["output"])
        return outputs, thread

    outputs, thread = asyncio.run(roam())
    assert outputs == [f"turn {i}" for i in range(4)]
    with httpx.Client(base_url=hosts[1], timeout=scaled(60)) as http:
        said = http.get("/v1/messages", params={"thread_id": thread},
                        headers=headers).json()["messages"]
    assert len(said) == 8


def test_a_task_is_read_and_streamed_through_another_host(hosts, exposed):
    org, exposure = exposed
    headers = {**org["headers"], "X-User-Id": "a2a-roaming"}

    async def roam():
        async with a2a_client(hosts[0], exposure["id"], headers, streaming=False) as (a2a, _):
            [sent] = [e async for e in a2a.send_message(a2a_message("first"))]
        async with a2a_client(hosts[1], exposure["id"], headers) as (a2a, _):
            got = await a2a.get_task(pb.GetTaskRequest(id=sent.task.id))
            streamed = [e async for e in a2a.send_message(
                a2a_message("second", sent.task.context_id))]
        return sent.task, got, streamed

    sent, got, streamed = asyncio.run(roam())
    assert got.status.state == pb.TaskState.TASK_STATE_COMPLETED
    assert got.artifacts[0].parts[0].text == "first"
    assert streamed[-1].status_update.status.state == pb.TaskState.TASK_STATE_COMPLETED
    assert streamed[-1].status_update.context_id == sent.context_id
