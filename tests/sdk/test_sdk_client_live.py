"""The Python client library (sdk/python/agent_platform) against a live `agent-platform serve`:
the README tutorial as a user's program (run, and clean under mypy --strict), errors as
exceptions (400 with every invalid field, 404, 412, 429), page iteration, a POST whose answer
was lost retried with the same Idempotency-Key, an approval seen and decided through the typed
stream, a dropped stream resumed with Last-Event-ID, the async client, and users, groups,
prompt blocks and memories; an agent's ids passed back into requests as they are."""
from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import uuid

import httpx
import pytest

from tests.conftest import ADMIN_TOKEN
from tests.factories_tools import EchoServer
from tests.sdk_live import SDK, LiveServer
from tests.sdk_proxy import Proxy, after_first_event, assert_resumed, drop_first_answer

import agent_platform  # noqa: E402  (sdk/python is on sys.path through tests.sdk_live)
from agent_platform import (ApprovalRequestedEvent, AsyncClient, BadRequestError,  # noqa: E402
                            Client, NotFoundError, PreconditionFailedError, RateLimitError,
                            RunCompletedEvent)
from tests.waiting import scaled

USER = "lib-user"


@pytest.fixture(scope="module")
def server(database_url, tmp_path_factory):
    live = LiveServer(database_url, tmp_path_factory.mktemp("sdk-client"))
    yield live
    live.close()


@pytest.fixture(scope="module")
def key(server):
    _, generated = server.organization("sdk-client")
    return generated.token


@pytest.fixture(scope="module")
def client(server, key):
    with Client(key, base_url=server.url, max_retries=0) as made:
        yield made


@pytest.fixture(scope="module")
def echo():
    upstream = EchoServer()
    yield upstream
    upstream.close()


@pytest.fixture(scope="module")
def tool(client, echo):
    provider = client.tool_providers.create(name="echo", type="api", base_url=echo.url)
    return client.tools.create(tool_provider_id=provider.tool_provider.id, name="lookup",
                               path="/lookup", method="POST").tool


def test_the_tutorial_runs_and_type_checks_with_mypy_strict(server, key):
    env = {**os.environ, "AGENT_PLATFORM_BASE_URL": server.url, "AGENT_PLATFORM_API_KEY": key,
           "PYTHONPATH": str(SDK)}
    script = SDK / "examples" / "tutorial.py"
    done = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                          text=True, timeout=scaled(120))
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "execute: {'status': 'ok'}" in out and 'run: health: {"status": "ok"}' in out, out
    events = [line.split(": ", 1)[1] for line in out.splitlines() if line.startswith("event: ")]
    assert events[0] == "run.started" and events[-1] == "run.completed", out
    assert {"tool.called", "tool.result", "message.completed"} <= set(events), out
    assert "workflow: Dear Ada, the service says ok" in out and "trigger: run_now" in out, out
    assert "not found: not_found True" in out, out
    typed = subprocess.run([sys.executable, "-m", "mypy", "--config-file", "mypy.ini",
                            "examples/tutorial.py"], cwd=SDK, capture_output=True, text=True,
                           timeout=300)
    assert typed.returncode == 0 and "Success: no issues found" in typed.stdout, typed.stdout


ROUND_TRIP = """\
from agent_platform import Client
from agent_platform_client.models import AgentCreate, AgentUpdate


def copy_agent(client: Client, agent_id: str) -> None:
    agent = client.agents.get(agent_id).agent
    client.agents.create(name="copy", tool_ids=agent.tool_ids)
    AgentCreate(name="copy", tool_ids=agent.tool_ids, tool_provider_ids=agent.tool_provider_ids,
                approval_tool_ids=agent.approval_tool_ids,
                knowledge_base_ids=agent.knowledge_base_ids)
    AgentUpdate(tool_ids=agent.tool_ids, approval_tool_ids=agent.approval_tool_ids)
"""


def test_an_agents_ids_go_back_into_requests_as_they_are(client, tool, tmp_path):
    made = client.agents.create(name="ids", tool_ids=[tool.id], approval_tool_ids=[tool.id],
                                tool_provider_ids=[tool.tool_provider_id]).agent
    assert made.tool_ids == [tool.id] and isinstance(made.tool_ids[0], uuid.UUID)
    assert made.tool_provider_ids == [tool.tool_provider_id]
    assert made.build.agent_version_id == made.agent_version_id
    copy = client.agents.create(name="ids-copy", tool_ids=made.tool_ids,
                                approval_tool_ids=made.approval_tool_ids,
                                tool_provider_ids=made.tool_provider_ids).agent
    assert (copy.tool_ids, copy.approval_tool_ids) == (made.tool_ids, made.approval_tool_ids)
    updated = client.agents.update(copy.id, tool_ids=made.tool_ids, tool_provider_ids=[]).agent
    assert updated.tool_ids == [tool.id] and updated.tool_provider_ids == []
    run = client.agents.run(made.id, input="hello")
    assert isinstance(run.run.agent_id, uuid.UUID) and run.run.agent_id == made.id
    # and for mypy --strict the answer's lists are the requests' type (no conversion)
    (tmp_path / "round_trip.py").write_text(ROUND_TRIP)
    typed = subprocess.run([sys.executable, "-m", "mypy", "--config-file",
                            str(SDK / "mypy.ini"), str(tmp_path / "round_trip.py")],
                           cwd=SDK, capture_output=True, text=True, timeout=300)
    assert typed.returncode == 0 and "Success: no issues found" in typed.stdout, typed.stdout


def test_a_400_lists_every_invalid_field_with_its_json_path(client):
    with pytest.raises(BadRequestError) as caught:
        client.workflows.create(name="", steps=[{"id": "a", "type": "nope", "ref": 5}],
                                colour="blue")
    error = caught.value
    assert error.status == 400 and error.code == "invalid_request" and error.request_id
    assert {(e.location, e.path) for e in error.errors} == {
        ("body", "$.colour"), ("body", "$.name"), ("body", "$.steps[0].ref"),
        ("body", "$.steps[0].type")}, error.errors
    with pytest.raises(NotFoundError) as missing:
        client.agents.get(uuid.uuid4())
    assert missing.value.status == 404 and missing.value.code == "not_found"


def test_a_stale_etag_is_a_precondition_failed_error(client):
    made = client.agents.create(name=f"etag-{uuid.uuid4().hex[:6]}").agent
    first = client.agents.get_with_etag(made.id)
    assert first.etag and first.value.agent.id == made.id
    client.agents.update(made.id, if_match=first.etag, instructions="Be brief.")
    with pytest.raises(PreconditionFailedError) as caught:
        client.agents.update(made.id, if_match=first.etag, instructions="Be long.")
    assert caught.value.status == 412 and caught.value.code == "precondition_failed"
    assert client.agents.get(made.id).agent.instructions == "Be brief."


def test_a_rate_limit_is_a_rate_limit_error_with_retry_after(server):
    org_id, generated = server.organization("sdk-client-limited")
    limits = httpx.put(f"{server.url}/v1/admin/orgs/{org_id}/limits",
                       headers={"Authorization": f"Bearer {ADMIN_TOKEN}"},
                       json={"requests_per_minute": 2}, timeout=10)
    assert limits.status_code == 200, limits.text
    # retries are on, but the service asks for more than max_retry_wait: raised at once
    retry = agent_platform.RetryPolicy(max_retries=3, max_retry_wait=0.5)
    with Client(generated.token, base_url=server.url, retry=retry) as limited:
        with pytest.raises(RateLimitError) as caught:
            for _ in range(5):
                limited.organization.get()
    error = caught.value
    assert error.status == 429 and error.code == "usage_limit_reached" and error.request_id
    assert error.retry_after is not None and 0 < error.retry_after <= 60


def test_list_iterates_over_every_page(client, tool):
    provider_id = client.tools.get(tool.id).tool.tool_provider_id
    names = {f"paged-{i}" for i in range(5)}
    for name in sorted(names):
        client.tools.create(tool_provider_id=provider_id, name=name, path=f"/{name}")
    pager = client.tools.list(tool_provider_id=provider_id, limit=2)
    pages = list(pager.pages())
    assert len(pages) == 3 and pages[-1].next_cursor is None
    assert names <= {each.name for each in pager}
    assert len([each for each in pager]) == sum(len(p.tools) for p in pages) == 6


def test_a_post_whose_answer_was_lost_is_retried_with_the_same_idempotency_key(server, key):
    proxy = Proxy(server.port, drop_first_answer)
    name = f"retried-{uuid.uuid4().hex[:6]}"
    try:
        with Client(key, base_url=proxy.url, max_retries=2) as flaky:
            made = flaky.agents.create(name=name).agent
    finally:
        proxy.close()
    assert proxy.connections == 2, proxy.request_lines()
    keys = [line for raw in proxy.requests for line in bytes(raw).split(b"\r\n")
            if line.lower().startswith(b"idempotency-key:")]
    assert len(keys) == 2 and keys[0] == keys[1], keys
    with Client(key, base_url=server.url) as direct:
        assert [a.id for a in direct.agents.list() if a.name == name] == [made.id]


def test_an_approval_is_seen_through_the_stream_and_decided(client, tool, echo):
    guarded = client.tools.create(tool_provider_id=client.tools.get(tool.id).tool.tool_provider_id,
                                  name="guarded", path="/guarded", method="POST",
                                  requires_approval=True).tool
    agent = client.agents.create(name="careful", tool_ids=[guarded.id]).agent
    turn = client.chat.send(agent_id=agent.id, message="call guarded", user_id=USER)
    kinds = []
    for event in client.chat.stream(turn.thread.id, user_id=USER):
        kinds.append(event.event)
        if isinstance(event, ApprovalRequestedEvent):
            assert event.data.name == "guarded" and event.data.call_id
            assert client.runs.get(turn.run.id).run.status == "awaiting_approval"
            decided = client.runs.decide_approval(turn.run.id, call_id=event.data.call_id,
                                                  decision="approve", user_id=USER)
            assert decided.run.id == turn.run.id
    assert kinds.index("approval.requested") < kinds.index("approval.decided")
    assert kinds.index("approval.decided") < kinds.index("tool.result")
    assert kinds[-1] == "run.completed", kinds
    assert any(seen["path"] == "/guarded" for seen in echo.seen)


def test_a_dropped_stream_resumes_with_last_event_id(server, key, client, tool):
    agent = client.agents.create(name="talker").agent
    turn = client.chat.send(agent_id=agent.id, message="one two three four", user_id=USER)
    direct = [e.id for e in client.chat.stream(turn.thread.id, user_id=USER)]
    proxy = Proxy(server.port, after_first_event)
    try:
        with Client(key, base_url=proxy.url) as cut:
            stream = cut.chat.stream(turn.thread.id, user_id=USER)
            resumed = list(stream)
    finally:
        proxy.close()
    assert_resumed(proxy.request_lines(), direct[0])  # cut after one event
    assert [e.id for e in resumed] == direct and isinstance(resumed[-1], RunCompletedEvent)
    assert stream.last_event_id == direct[-1]


def test_the_async_client(server, key, tool):
    async def flow() -> tuple[list[str], list[str], str]:
        async with AsyncClient(key, base_url=server.url) as aclient:
            agent = (await aclient.agents.create(name="async-helper",
                                                 tool_ids=[tool.id])).agent
            names = [each.name async for each in aclient.agents.list(limit=1)]
            turn = await aclient.chat.send(agent_id=agent.id, message="call lookup",
                                           user_id=USER)
            kinds = [e.event async for e in aclient.chat.stream(turn.thread.id, user_id=USER)]
            try:
                await aclient.agents.get(uuid.uuid4())
            except NotFoundError as error:
                return names, kinds, error.code
        raise AssertionError("no 404")

    names, kinds, code = asyncio.run(flow())
    assert "async-helper" in names and code == "not_found"
    assert kinds[0] == "run.started" and kinds[-1] == "run.completed" and "tool.result" in kinds


def test_users_groups_prompt_blocks_and_memories(client):
    group = client.groups.create(group_id="team-a", display_name="Team A", spend_cap_usd=5).group
    assert (group.group_id, group.display_name, group.spend_cap_usd) == ("team-a", "Team A", 5)
    assert client.groups.update("team-a", spend_cap_usd=None).group.spend_cap_usd is None
    client.users.create(user_id="ada@example.com", display_name="Ada", group_id="team-a")
    assert client.users.get("ada@example.com").user.group_id == "team-a"
    assert [u.user_id for u in client.users.list(group_id="team-a")] == ["ada@example.com"]
    assert "team-a" in {g.group_id for g in client.groups.list(limit=1)}
    block = client.prompt_blocks.create(name="tone", text="Be kind.").prompt_block
    assert client.prompt_blocks.get(block.id).prompt_block.text == "Be kind."
    assert "tone" in {b.name for b in client.prompt_blocks.list()}
    assert client.prompt_blocks.delete(block.id).deleted
    saved = client.memories.create(text="prefers tea over coffee", user_id=USER).memory
    found = list(client.memories.list(q="tea", user_id=USER))
    assert [m.id for m in found] == [saved.id]
    assert client.memories.delete(saved.id, user_id=USER).deleted
    with pytest.raises(NotFoundError):
        client.memories.get(saved.id, user_id=USER)
