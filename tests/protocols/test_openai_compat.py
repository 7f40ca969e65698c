"""The OpenAI-compatible API driven by the real `openai` Python package (sync and async,
streamed and not): models, chat completions, continued conversations, errors as the SDK's
exception classes. Agents answer with the built-in echo model (it repeats the user's last
message, word by word); turns run in-process on SQLite and on a real `agent-platform worker`
(RQ) with Postgres + Redis."""
import asyncio
import re
import subprocess
import sys

import httpx
import openai
import pytest

from tests.conftest import ADMIN_TOKEN
from tests.factories import make_org
from tests.factories_chat import make_agent
from tests.factories_identity import mint
from tests.factories_tools import UvicornThread
from tests.factories_workflows import ROOT, stop, wf_settings, worker_env
from tests.waiting import scaled


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"))


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
def http(server):
    with httpx.Client(base_url=server.url, timeout=scaled(20)) as client:
        yield client


@pytest.fixture(scope="module")
def org(http):
    return make_org(http)


@pytest.fixture(scope="module")
def agent(http, org):
    return make_agent(http, org["headers"])


def sdk(server, token: str, **options) -> openai.OpenAI:
    return openai.OpenAI(base_url=f"{server.url}/openai/v1", api_key=token, timeout=20,
                         **options)


def key_of(org) -> str:
    return org["headers"]["Authorization"].split(" ", 1)[1]


def test_models_list_agents_by_id_and_alias(server, http, org, agent):
    client = sdk(server, key_of(org))
    ids = [m.id for m in client.models.list()]
    assert agent["id"] in ids and agent["name"].lower() in ids
    other = make_org(http)
    assert agent["id"] not in [m.id for m in sdk(server, key_of(other)).models.list()]


def test_a_completion_with_a_session_token(server, http, org, agent):
    token = mint(http, org, "ana")["access_token"]
    client = sdk(server, token)
    answer = client.chat.completions.create(
        model=agent["id"], messages=[{"role": "system", "content": "Be brief."},
                                     {"role": "user", "content": "hello there"}])
    assert answer.choices[0].message.content == "hello there"
    assert answer.choices[0].finish_reason == "stop"
    assert answer.usage.completion_tokens == 2 and answer.usage.prompt_tokens > 0
    run = http.get(f"/v1/runs/{answer.id}", headers=org["headers"])
    assert run.status_code == 200 and run.json()["run"]["user_id"] == "ana"
    thread_id = answer.model_extra["thread_id"]
    said = http.get("/v1/messages", params={"thread_id": thread_id},
                    headers={"Authorization": f"Bearer {token}"}).json()["messages"]
    assert [(m["role"], m["content"]) for m in said] == [("user", "hello there"),
                                                         ("assistant", "hello there")]


def test_a_streamed_completion_by_alias_with_usage(server, http, org, agent):
    client = sdk(server, key_of(org))
    stream = client.chat.completions.create(
        model=agent["name"].lower(), user="ben", stream=True,
        stream_options={"include_usage": True},
        messages=[{"role": "user", "content": "one two three"}])
    chunks = list(stream)
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == "one two three"
    assert len([c for c in chunks if c.choices and c.choices[0].delta.content]) == 3
    assert [c.choices[0].finish_reason for c in chunks if c.choices][-1] == "stop"
    assert chunks[-1].choices == [] and chunks[-1].usage.completion_tokens == 3
    run = http.get(f"/v1/runs/{chunks[0].id}", headers=org["headers"]).json()["run"]
    assert run["user_id"] == "ben" and run["status"] == "succeeded"


def test_a_conversation_continues_by_history_and_by_thread_id(server, http, org, agent):
    client = sdk(server, key_of(org), default_headers={"X-User-Id": "cy"})
    first = client.chat.completions.create(model=agent["id"], messages=[
        {"role": "user", "content": "earlier"}, {"role": "assistant", "content": "said"},
        {"role": "user", "content": "now"}])
    thread_id = first.model_extra["thread_id"]
    second = client.chat.completions.create(model=agent["id"], extra_body={
        "thread_id": thread_id}, messages=[{"role": "user", "content": "again"}])
    assert second.choices[0].message.content == "again"
    assert second.model_extra["thread_id"] == thread_id
    said = http.get("/v1/messages", params={"thread_id": thread_id},
                    headers={**org["headers"], "X-User-Id": "cy"}).json()["messages"]
    assert [m["content"] for m in said] == ["earlier", "said", "now", "now", "again", "again"]
    # another user's thread is not found
    with pytest.raises(openai.NotFoundError) as caught:
        sdk(server, key_of(org), default_headers={"X-User-Id": "dan"}).chat.completions.create(
            model=agent["id"], extra_body={"thread_id": thread_id},
            messages=[{"role": "user", "content": "hi"}])
    assert caught.value.code == "thread_not_found"


def test_responses_and_previous_response_id(server, http, org, agent):
    client = sdk(server, key_of(org), default_headers={"X-User-Id": "dee"})
    first = client.responses.create(model=agent["id"], input="first words")
    assert first.output_text == "first words" and first.status == "completed"
    assert first.usage.output_tokens == 2
    second = client.responses.create(model=agent["id"], input="second words",
                                     previous_response_id=first.id)
    assert second.output_text == "second words"
    assert second.model_extra["thread_id"] == first.model_extra["thread_id"]
    run = http.get(f"/v1/runs/{second.id}", headers=org["headers"]).json()["run"]
    assert run["thread_id"] == first.model_extra["thread_id"]
    with client.responses.stream(model=agent["id"], input="streamed reply",
                                 previous_response_id=second.id) as events:
        deltas = [e.delta for e in events if e.type == "response.output_text.delta"]
        final = events.get_final_response()
    assert "".join(deltas) == "streamed reply" and final.output_text == "streamed reply"
    with pytest.raises(openai.NotFoundError) as caught:
        sdk(server, key_of(org), default_headers={"X-User-Id": "eve"}).responses.create(
            model=agent["id"], input="x", previous_response_id=first.id)
    assert caught.value.code == "response_not_found"


def test_errors_are_the_sdk_exception_classes(server, http, org, agent):
    client = sdk(server, key_of(org), max_retries=0)
    with pytest.raises(openai.NotFoundError) as caught:
        client.chat.completions.create(model="gpt-4o", user="ana",
                                       messages=[{"role": "user", "content": "hi"}])
    assert caught.value.code == "model_not_found"
    assert caught.value.body["type"] == "invalid_request_error"
    assert caught.value.request_id
    with pytest.raises(openai.AuthenticationError):
        sdk(server, "not-a-key", max_retries=0).models.list()
    with pytest.raises(openai.BadRequestError) as caught:
        client.chat.completions.create(
            model=agent["id"], user="ana", messages=[{"role": "user", "content": "hi"}],
            tools=[{"type": "function", "function": {"name": "f", "parameters": {}}}])
    assert caught.value.code == "client_tools_not_supported"
    with pytest.raises(openai.BadRequestError) as caught:
        client.chat.completions.create(model=agent["id"],
                                       messages=[{"role": "user", "content": "hi"}])
    assert caught.value.code == "user_required"
    with pytest.raises(openai.BadRequestError) as caught:
        client.chat.completions.create(model=agent["id"], user="ana",
                                       messages=[{"role": "assistant", "content": "hi"}])
    assert caught.value.code == "invalid_messages"
    resp = http.get("/openai/v1/nothing", headers=org["headers"])
    assert resp.status_code == 404 and resp.json()["error"]["code"] == "route_not_found"


def test_async_client_streamed_and_not(server, http, org, agent):
    async def main():
        client = openai.AsyncOpenAI(base_url=f"{server.url}/openai/v1", api_key=key_of(org),
                                    default_headers={"X-User-Id": "fay"}, timeout=20)
        whole, stream = await asyncio.gather(
            client.chat.completions.create(model=agent["id"], messages=[
                {"role": "user", "content": "async whole"}]),
            client.chat.completions.create(model=agent["id"], stream=True, messages=[
                {"role": "user", "content": "async streamed"}]))
        parts = [c.choices[0].delta.content or "" async for c in stream if c.choices]
        models = [m.id async for m in client.models.list()]
        await client.close()
        return whole, "".join(parts), models

    whole, streamed, models = asyncio.run(main())
    assert whole.choices[0].message.content == "async whole"
    assert streamed == "async streamed" and agent["id"] in models


def test_a_capped_group_is_a_rate_limit_error(server, http, org, agent):
    http.post("/v1/groups", json={"group_id": "capped", "spend_cap_usd": 0},
              headers=org["headers"])
    assert http.post("/v1/users", json={"user_id": "gus", "group_id": "capped"},
                     headers=org["headers"]).status_code == 201
    client = sdk(server, key_of(org), max_retries=0)
    with pytest.raises(openai.RateLimitError) as caught:
        client.chat.completions.create(model=agent["id"], user="gus",
                                       messages=[{"role": "user", "content": "hi"}])
    assert caught.value.code == "spend_cap_reached"
    assert caught.value.body["type"] == "rate_limit_error"
    assert int(caught.value.response.headers["retry-after"]) > 0
    assert caught.value.response.headers["x-request-id"] == caught.value.request_id


def test_a_streamed_completion_is_idempotent(http, org, agent):
    headers = {**org["headers"], "X-User-Id": "hal", "Idempotency-Key": "stream-key-1"}
    body = {"model": agent["id"], "stream": True,
            "messages": [{"role": "user", "content": "only once"}]}
    first = http.post("/openai/v1/chat/completions", json=body, headers=headers)
    assert first.status_code == 200 and first.text.endswith("data: [DONE]\n\n")
    again = http.post("/openai/v1/chat/completions", json=body, headers=headers)
    assert again.status_code == 200 and again.headers["idempotent-replayed"] == "true"
    assert again.text == first.text
    runs = http.get("/v1/runs", params={"user_id": "hal"}, headers=org["headers"]).json()
    assert len(runs["runs"]) == 1
    other = http.post("/openai/v1/chat/completions", json={**body, "stream": False},
                      headers=headers)
    assert other.status_code == 422
    assert other.json()["error"]["code"] == "idempotency_key_reused"


def test_answers_show_what_their_own_run_left_of_the_quota(http, agent):
    org = make_org(http)
    mine = make_agent(http, org["headers"])
    admin = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    assert http.put(f"/v1/admin/orgs/{org['id']}/limits", json={"runs_per_month": 2},
                    headers=admin).status_code == 200
    headers = {**org["headers"], "X-User-Id": "ivy"}
    left = []
    for path, body in (("/openai/v1/chat/completions", {
            "model": mine["id"], "messages": [{"role": "user", "content": "one"}]}),
            ("/openai/v1/responses", {"model": mine["id"], "input": "two"})):
        resp = http.post(path, json=body, headers=headers)
        assert resp.status_code == 200, resp.text
        left.append(int(re.search(r'"runs";r=(\d+)', resp.headers["ratelimit"]).group(1)))
    assert left == [1, 0]
    refused = http.post("/openai/v1/chat/completions", headers=headers, json={
        "model": mine["id"], "messages": [{"role": "user", "content": "three"}]})
    assert refused.status_code == 429 and int(refused.headers["retry-after"]) > 0
    assert refused.json()["error"]["code"] == "usage_limit_reached"
