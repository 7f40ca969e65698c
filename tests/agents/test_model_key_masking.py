"""A model that repeats its provider's API key (a misconfigured proxy echoing it) never gets it
relayed: text deltas (the key whole, or split across deltas), tool call arguments and the final
text hold `[redacted]` in the chat stream, the stored messages, the run (output and steps), the
run of an agent and the database. On the suite's OpenAI- and Anthropic-compatible servers;
with Redis the chat turns run on a real worker process."""
import json
import subprocess
import sys

import httpx
import pytest

from rules import ssrf
from core import db
from tests.factories import make_org
from tests.factories_chat import post_chat, read_stream, user, wait_turn
from tests.factories_tools import UvicornThread
from tests.factories_turns import EchoServer, http_tool, use_model_server
from tests.factories_workflows import ROOT, stop, wf_settings, worker_env
from testkit import AnthropicServer, OpenAIServer, sse, text, tool_calls
from tests.waiting import scaled

KEYS = {"openai": "sk-proxy-3f9a7c21d5e84b60aa17", "anthropic": "sk-ant-proxy-8e2d41b7c9f05a63"}
MODELS = {"openai": "gpt-test", "anthropic": "claude-test"}


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"), model_max_retries=0)


@pytest.fixture(scope="module", autouse=True)
def worker(app, settings):
    """With Redis, chat turns run on a real `agent-platform worker`."""
    if not settings.redis_url:
        yield None
        return
    process = subprocess.Popen([sys.executable, "-m", "server.cli", "worker"],
                               env=worker_env(settings, AGENT_PLATFORM_MODEL_MAX_RETRIES="0"),
                               cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    yield process
    stop(process)


@pytest.fixture(scope="module", autouse=True)
def allow_loopback(settings):
    ssrf.configure(settings.ssrf_allow)


@pytest.fixture(scope="module")
def servers():
    with OpenAIServer(api_key=KEYS["openai"]) as openai, \
            AnthropicServer(api_key=KEYS["anthropic"]) as anthropic:
        yield {"openai": openai, "anthropic": anthropic}


@pytest.fixture(scope="module")
def live(app):
    server = UvicornThread(app)
    yield server
    server.close()


@pytest.fixture(scope="module")
def http(live):
    with httpx.Client(base_url=live.url, timeout=scaled(30)) as c:
        yield c


@pytest.fixture(scope="module")
def tools_server():
    server = EchoServer()
    yield server
    server.close()


@pytest.fixture(params=["openai", "anthropic"])
def world(request, client, servers, tools_server):
    """(provider, its key, its model server, an org pointing at it, an agent on it with a
    tool)."""
    name = request.param
    server = servers[name]
    server.reset()
    org = make_org(client)
    use_model_server(client, org, server, name, key=KEYS[name])
    tool = http_tool(client, org, tools_server)
    resp = client.post("/v1/agents", headers=org["headers"], json={
        "name": f"{name}-agent", "model": {"provider": name, "name": MODELS[name]},
        "tool_ids": [tool["id"]]})
    assert resp.status_code == 201, resp.text
    yield name, KEYS[name], server, org, resp.json()["agent"], tool
    assert server.pending == 0, "a scripted reply was not consumed"


def split_text(provider: str, pieces: list[str]) -> list[str]:
    """SSE frames of one streamed text answer made of exactly these deltas."""
    if provider == "openai":
        def chunk(delta, finish=None):
            return sse({"id": "chatcmpl-x", "object": "chat.completion.chunk", "created": 1,
                        "model": MODELS[provider],
                        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]})
        return [chunk({"role": "assistant", "content": ""}),
                *[chunk({"content": p}) for p in pieces], chunk({}, "stop"), sse("[DONE]")]
    return [
        sse({"type": "message_start", "message": {
            "id": "msg_x", "type": "message", "role": "assistant", "model": MODELS[provider],
            "content": [], "usage": {"input_tokens": 3, "output_tokens": 1}}}, "message_start"),
        sse({"type": "content_block_start", "index": 0,
             "content_block": {"type": "text", "text": ""}}, "content_block_start"),
        *[sse({"type": "content_block_delta", "index": 0,
               "delta": {"type": "text_delta", "text": p}}, "content_block_delta")
          for p in pieces],
        sse({"type": "content_block_stop", "index": 0}, "content_block_stop"),
        sse({"type": "message_delta", "delta": {"stop_reason": "end_turn"},
             "usage": {"output_tokens": 5}}, "message_delta"),
        sse({"type": "message_stop"}, "message_stop")]


def fragments(key: str) -> list[str]:
    """Pieces of the key long enough to matter: none may show anywhere."""
    return [key[i:i + 8] for i in range(0, len(key) - 7, 4)]


def assert_clean(key: str, *texts: str) -> None:
    for text_ in texts:
        assert not any(f in text_ for f in fragments(key)), text_


def chat(http, world_, message: str) -> tuple[dict, list, dict]:
    """(the stored answer, the turn's stream events, the run) of one chat turn."""
    _, key, _, org, agent, _ = world_
    headers = user(org, "ana")
    started = post_chat(http, headers, message, agent_id=agent["id"])
    thread_id, run_id = started["thread"]["id"], started["run"]["id"]
    answer = wait_turn(http, headers, thread_id, run_id)
    stream = read_stream(http, thread_id, headers, query_id=0)
    messages = http.get("/v1/messages", params={"thread_id": thread_id}, headers=headers)
    run = http.get(f"/v1/runs/{run_id}", headers=headers)
    events = http.get(f"/v1/runs/{run_id}/events", headers=headers)
    for resp in (messages, run, events):
        assert resp.status_code == 200, resp.text
    assert_clean(key, json.dumps(answer), json.dumps([e.data for e in stream.events]),
                 messages.text, run.text, events.text)
    return answer, stream.events, run.json()["run"]


def deltas(events) -> list[str]:
    return [e.data.get("text") or e.data.get("delta") or "" for e in events
            if e.kind == "message.delta"]


def test_a_key_repeated_whole_is_masked(http, world):
    _, key, server, *_ = world
    server.enqueue(text(f"Your key is {key} as configured."))
    answer, events, run = chat(http, world, "what is my key?")
    assert answer["content"] == "Your key is [redacted] as configured."
    assert run["output"] == answer["content"]
    assert "".join(deltas(events)) == answer["content"], [e.kind for e in events]


def test_a_key_split_across_deltas_is_masked(http, world):
    name, key, server, *_ = world
    server.enqueue(text("", raw=split_text(name, [
        "The key: " + key[:5], key[5:13], key[13:] + " (ok)", " Bye."])))
    answer, events, run = chat(http, world, "and split?")
    assert answer["content"] == "The key: [redacted] (ok) Bye."
    pieces = deltas(events)
    assert "".join(pieces) == answer["content"] and len(pieces) >= 2
    assert not any(key[:5] in piece for piece in pieces), pieces


def test_tool_call_arguments_and_the_final_text_are_masked(http, world, tools_server):
    _, key, server, org, agent, tool = world
    server.enqueue(tool_calls((tool["name"], {"note": f"key={key}"})),
                   text(f"Done with {key}."))
    seen = len(tools_server.seen)
    answer, events, run = chat(http, world, "call it")
    assert answer["content"] == "Done with [redacted]."
    assert tools_server.seen[seen]["json"] == {"note": "key=[redacted]"}
    asked = server.requests[-1].body["messages"]  # what the model got back: masked too
    assert key not in json.dumps(asked)
    # an agent's own run (POST /v1/agents/{id}/run) alike
    server.enqueue(text(f"again {key}"))
    resp = http.post(f"/v1/agents/{agent['id']}/run", headers=org["headers"],
                     json={"input": "once more"})
    assert resp.status_code == 200, resp.text
    assert resp.json()["run"]["output"] == "again [redacted]"
    assert_clean(key, resp.text)


def test_the_database_never_holds_a_key_the_models_said(http, world):
    _, key, server, *_ = world
    server.enqueue(text(f"{key} {key[:6]}{key[6:]}"))
    answer, _, _ = chat(http, world, "twice")
    assert answer["content"] == "[redacted] [redacted]"
    with db.connection():
        database = db.database.obj
        for table in database.get_tables():
            rows = database.execute_sql(f'SELECT * FROM "{table}"').fetchall()
            assert_clean(key, repr(rows))


def test_text_in_any_pieces_is_masked_as_the_whole_text_would_be():
    """Every split of a text into deltas releases what masking the whole text gives, and no
    released piece holds the start of a key (in clear or base64, inside a blob too)."""
    import base64
    import random

    from rules.masking import Masker, StreamMasker

    key = KEYS["openai"]
    masker = Masker([key, f"Bearer {key}"])
    inside = base64.urlsafe_b64encode(b"xyz" + key.encode() + b"?").decode()
    whole = f"a {key} b {base64.b64encode(key.encode()).decode()} c {inside} d {key[:10]} end"
    expected = masker.text(whole)
    assert key[:10] in expected and expected.count("[redacted]") == 3
    rng = random.Random(7)
    for _ in range(200):
        cuts = sorted(rng.sample(range(1, len(whole)), rng.randint(1, 30)))
        pieces = [whole[a:b] for a, b in zip([0, *cuts], [*cuts, len(whole)])]
        stream = StreamMasker(masker)
        released = [stream.feed(piece) for piece in pieces] + [stream.flush()]
        assert "".join(released) == expected, pieces
        assert not any(key[:12] in piece for piece in released), released
