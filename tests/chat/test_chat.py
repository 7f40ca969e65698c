"""Chat turns and their event stream against a live server (uvicorn on a random port): events
in order with ids, replay after POST, Last-Event-ID resume mid-turn without loss or
duplication, reconnect after a disconnect, keep-alive, waiting for the next turn, cancel,
409 while a turn runs, and isolation between users and organizations. Turns run in-process
on SQLite, and on a real `agent-platform worker` (RQ) with Postgres + Redis, where a second
`agent-platform serve` process streams the events a turn publishes through Redis."""
import datetime
import threading
import time
import uuid

import httpx
import pytest

from tests.factories import assert_problem, make_org
from tests.factories_chat import (FINAL, make_agent, post_chat, read_stream, user,
                                  wait_turn)
from tests.factories_identity import mint
from tests.factories_tools import UvicornThread, free_port
from tests.factories_workflows import stop, wf_settings, worker_env
from testkit import OpenAIServer, text
from tests.waiting import scaled, wait_until


@pytest.fixture(scope="module")
def model():
    with OpenAIServer() as server:
        yield server


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory, model):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"), chat_keepalive_s=0.3,
                       openai_base_url=model.base_url, model_max_retries=0)


def _worker_env(settings):
    return worker_env(settings, AGENT_PLATFORM_OPENAI_BASE_URL=settings.openai_base_url,
                      AGENT_PLATFORM_MODEL_MAX_RETRIES="0",
                      AGENT_PLATFORM_CHAT_KEEPALIVE_S=str(settings.chat_keepalive_s))


@pytest.fixture(scope="module", autouse=True)
def worker(app, settings):
    process = None
    if settings.redis_url:
        import subprocess
        import sys

        from tests.factories_workflows import ROOT
        process = subprocess.Popen([sys.executable, "-m", "server.cli", "worker"],
                                   env=_worker_env(settings), cwd=ROOT,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    yield process
    if process is not None:
        stop(process)


@pytest.fixture(scope="module")
def live(app):
    server = UvicornThread(app)
    yield server
    server.close()


@pytest.fixture(scope="module")
def http(live):
    with httpx.Client(base_url=live.url, timeout=scaled(20)) as c:
        yield c


@pytest.fixture(scope="module")
def echo_agent(http, org):
    return make_agent(http, org["headers"])


@pytest.fixture(scope="module")
def slow_agent(http, org):
    return make_agent(http, org["headers"], provider="openai", name="gpt-test")


def slow_reply(words: int = 12, delay: float = 0.15):
    return text(" ".join(f"w{i}" for i in range(words)), chunk_delay=delay)


def test_post_then_stream_gets_the_whole_turn_in_order(http, org, echo_agent, settings):
    alice = user(org, "alice")
    body = post_chat(http, alice, "hello there  world", agent_id=echo_agent["id"])
    assert set(body) == {"thread", "message", "run"}
    thread, said, run = body["thread"], body["message"], body["run"]
    assert thread["title"] == "hello there world" and thread["user_id"] == "alice"
    assert said["role"] == "user" and said["content"] == "hello there  world"
    assert said["run_id"] == run["id"] and said["position"] == 1
    assert run["status"] == "queued" and run["thread_id"] == thread["id"]

    stream = read_stream(http, thread["id"], alice)
    assert stream.ended
    assert stream.ids == list(range(1, len(stream.events) + 1))
    assert stream.kinds[0] == "run.started" and stream.kinds[-1] == "run.completed"
    assert stream.kinds[-2] == "message.completed"
    assert set(stream.kinds[1:-2]) == {"message.delta"}
    deltas = "".join(e.data["text"] for e in stream.events if e.kind == "message.delta")
    assert deltas == "hello there  world"
    completed = stream.events[-2].data
    assert completed["content"] == "hello there  world" and completed["followups"] == []
    assert all(e.data.get("run_id", run["id"]) == run["id"] for e in stream.events)
    assert stream.events[-1].data["run"]["status"] == "succeeded"

    answer = wait_turn(http, alice, thread["id"])
    assert answer["id"] == completed["message_id"] and answer["run_id"] == run["id"]
    listed = http.get("/v1/threads", headers=alice).json()["threads"]
    assert [t["id"] for t in listed] == [thread["id"]] and listed[0]["unread_count"] == 1
    if settings.redis_url:  # the turn ran on the worker process, as an RQ job
        from rq import Queue

        from core.redis_client import connection as redis_connection
        queue = Queue(settings.chat_queue, connection=redis_connection(settings.redis_url))
        # RQ files the job as finished just after the job function returns, which is after
        # the turn's final event reached the stream: allow it a moment.
        wait_until(lambda: f"turn-{run['id']}" in queue.finished_job_registry.get_job_ids(),
                   10, "the turn's job to be filed as finished")


def test_next_turn_sees_the_history_and_the_stream_replays_only_it(http, org, slow_agent,
                                                                   model):
    bob = user(org, "bob")
    model.enqueue(text("first answer"), text("second answer"))
    first = post_chat(http, bob, "first question", agent_id=slow_agent["id"])
    tid = first["thread"]["id"]
    one = read_stream(http, tid, bob)
    assert one.kinds[-1] == "run.completed"
    second = post_chat(http, bob, "second question", agent_id=slow_agent["id"], thread_id=tid)
    assert second["thread"]["id"] == tid and second["message"]["position"] == 3
    two = read_stream(http, tid, bob)
    assert two.ids[0] == one.ids[-1] + 1 and two.kinds[-1] == "run.completed"
    assert two.events[-2].data["content"] == "second answer"
    sent = [(m["role"], m["content"]) for m in model.last_request.body["messages"]]
    assert sent == [("system", "Be brief."), ("user", "first question"),
                    ("assistant", "first answer"), ("user", "second question")]
    # the whole log, from the start of the thread
    everything = read_stream(http, tid, bob, last_event_id=0)
    assert everything.events == one.events  # ends at the first turn's final event


def test_resume_with_last_event_id_mid_turn_loses_and_repeats_nothing(http, org, slow_agent,
                                                                       model):
    carol = user(org, "carol")
    model.enqueue(slow_reply(14, 0.12))
    tid = post_chat(http, carol, "tell me", agent_id=slow_agent["id"])["thread"]["id"]
    head = read_stream(http, tid, carol, stop_after=4)  # then the client goes away
    assert not head.ended and head.ids == [1, 2, 3, 4]
    tail = read_stream(http, tid, carol, last_event_id=head.ids[-1])
    assert tail.ended and tail.ids[0] == 5
    joined = head.events + tail.events
    assert [e.id for e in joined] == list(range(1, len(joined) + 1))
    assert joined[-1].kind == "run.completed"
    text_seen = "".join(e.data["text"] for e in joined if e.kind == "message.delta")
    assert text_seen == " ".join(f"w{i}" for i in range(14))
    # the query parameter works where the header cannot be set; the header wins
    again = read_stream(http, tid, carol, query_id=len(joined) - 2)
    assert again.ids == [len(joined) - 1, len(joined)]
    both = read_stream(http, tid, carol, last_event_id=len(joined) - 1, query_id=1)
    assert both.ids == [len(joined)]
    assert read_stream(http, tid, carol).events == joined  # a full replay of the latest turn


def test_a_reconnect_during_a_turn_gets_the_rest(http, org, slow_agent, model):
    dan = user(org, "dan")
    model.enqueue(slow_reply(10, 0.15))
    tid = post_chat(http, dan, "go", agent_id=slow_agent["id"])["thread"]["id"]
    seen: list = []
    last = None
    for _ in range(20):  # connect, read two events, drop; until the turn is over
        part = read_stream(http, tid, dan, last_event_id=last, stop_after=2)
        seen += part.events
        if part.events:
            last = part.events[-1].id
        if seen and seen[-1].kind in FINAL:
            break
    assert [e.id for e in seen] == list(range(1, len(seen) + 1))
    assert seen[-1].kind == "run.completed"


def test_keep_alive_and_waiting_for_the_next_turn(http, org, echo_agent):
    erin = user(org, "erin")
    tid = post_chat(http, erin, "one", agent_id=echo_agent["id"])["thread"]["id"]
    done = read_stream(http, tid, erin)
    posted = []

    def post_later():
        time.sleep(0.8)
        posted.append(post_chat(http, erin, "two", agent_id=echo_agent["id"], thread_id=tid))

    helper = threading.Thread(target=post_later)
    helper.start()
    nxt = read_stream(http, tid, erin, last_event_id=done.ids[-1])  # nothing left: waits
    helper.join()
    assert "keep-alive" in nxt.comments
    assert nxt.ended and nxt.ids[0] == done.ids[-1] + 1 and nxt.kinds[-1] == "run.completed"
    assert nxt.events[0].data["run_id"] == posted[0]["run"]["id"]
    # a thread without any turn yet is not possible through the API; a stream opened on an
    # idle thread shows keep-alives only
    idle = read_stream(http, tid, erin, last_event_id=nxt.ids[-1], seconds=1.0)
    assert idle.events == [] and idle.comments.count("keep-alive") >= 2


def test_cancel_ends_the_stream_and_frees_the_thread(http, org, slow_agent, echo_agent, model):
    fay = user(org, "fay")
    model.enqueue(slow_reply(40, 0.1))
    tid = post_chat(http, fay, "long story", agent_id=slow_agent["id"])["thread"]["id"]
    busy = post_chat(http, fay, "more", agent_id=echo_agent["id"], thread_id=tid, status=409)
    assert busy["code"] == "turn_in_progress"
    cancelled = {}

    def cancel_on_first_delta(event):
        if event.kind == "message.delta" and not cancelled:
            resp = http.delete("/v1/chat/stream", params={"thread_id": tid}, headers=fay)
            assert resp.status_code == 202, resp.text
            cancelled["run"] = resp.json()["run"]

    stream = read_stream(http, tid, fay, on_event=cancel_on_first_delta)
    assert cancelled["run"]["cancel_requested"] is True
    assert stream.ended and stream.kinds[-1] in FINAL
    deltas = [e for e in stream.events if e.kind == "message.delta"]
    assert len(deltas) < 40  # the model was stopped
    final = stream.events[-1]
    assert final.data["run"]["id"] == cancelled["run"]["id"]
    assert final.kind == "run.cancelled" and final.data["run"]["status"] == "cancelled"
    assert_problem(http.delete("/v1/chat/stream", params={"thread_id": tid}, headers=fay),
                   409, "no_active_turn")
    post_chat(http, fay, "again", agent_id=echo_agent["id"], thread_id=tid)  # free again
    assert read_stream(http, tid, fay).kinds[-1] == "run.completed"


def test_cancel_while_the_model_is_silent(http, org, slow_agent, echo_agent, model, client):
    """The model has not sent a byte: DELETE /v1/chat/stream ends the turn before the model
    would answer (in-process on SQLite, on the worker with Redis), closes the model connection
    while the model is still silent, and the thread is free at once."""
    from testkit import slow

    hal = user(org, "hal")
    model.hangups.clear()
    before = len(model.requests)
    model.enqueue(slow(text("too late"), 30))
    posted = post_chat(http, hal, "think hard", agent_id=slow_agent["id"])
    tid, run_id = posted["thread"]["id"], posted["run"]["id"]
    wait_until(lambda: len(model.requests) > before, 10, "the turn to reach the model",
               every=0.01)
    time.sleep(0.2)
    asked = time.monotonic()
    resp = http.delete("/v1/chat/stream", params={"thread_id": tid}, headers=hal)
    assert resp.status_code == 202, resp.text
    run = wait_until(lambda: client.get(f"/v1/runs/{run_id}",
                                        headers=org["headers"]).json()["run"], 2,
                     "the turn to stop after the cancel",
                     done=lambda run: run["status"] != "running")
    assert run["status"] == "cancelled" and run["usage"]["model_calls"] == 1
    assert not run.get("output")  # the model's "too late" never arrived
    wait_until(lambda: model.hangups, 2, "the model connection to close", every=0.01)
    # closed by the cancel while the model was still silent (it answers 30 s after the ask)
    assert asked < model.hangups[0] < asked + 30
    post_chat(http, hal, "again", agent_id=echo_agent["id"], thread_id=tid)  # free again


def test_concurrent_posts_to_one_thread_start_one_turn(http, org, slow_agent, model):
    gus = user(org, "gus")
    model.enqueue(text("ok"), slow_reply(6, 0.1))
    tid = post_chat(http, gus, "start", agent_id=slow_agent["id"])["thread"]["id"]
    read_stream(http, tid, gus)
    statuses = []

    def post():
        resp = http.post("/v1/chat", json={"message": "race", "agent_id": slow_agent["id"],
                                           "thread_id": tid}, headers=gus)
        statuses.append((resp.status_code, resp.json().get("code")))

    workers = [threading.Thread(target=post) for _ in range(4)]
    [w.start() for w in workers]
    [w.join() for w in workers]
    assert sorted(statuses, key=lambda s: s[0]) == [(202, None)] + [(409, "turn_in_progress")] * 3
    assert read_stream(http, tid, gus).kinds[-1] == "run.completed"


def test_users_and_organizations_see_only_their_own(http, client, org, echo_agent):
    alice, mallory = user(org, "iso-alice"), user(org, "iso-mallory")
    body = post_chat(http, alice, "secret", agent_id=echo_agent["id"])
    tid = body["thread"]["id"]
    answer = wait_turn(http, alice, tid)
    other = make_org(client)
    stranger = user(other, "iso-alice")  # the same user id in another organization
    for headers in (mallory, stranger):
        assert_problem(http.get("/v1/chat/stream", params={"thread_id": tid}, headers=headers),
                       404, "thread_not_found")
        assert_problem(http.delete("/v1/chat/stream", params={"thread_id": tid},
                                   headers=headers), 404)
        assert_problem(http.post("/v1/chat", json={"message": "x", "thread_id": tid,
                                                   "agent_id": echo_agent["id"]},
                                 headers=headers), 404)
        assert_problem(http.get("/v1/messages", params={"thread_id": tid}, headers=headers), 404)
        assert_problem(http.post(f"/v1/threads/{tid}/read", headers=headers), 404)
        assert_problem(http.post("/v1/vote", json={"message_id": answer["id"], "value": "up"},
                                 headers=headers), 404)
        assert tid not in [t["id"] for t in
                           http.get("/v1/threads", headers=headers).json()["threads"]]
    # another organization's agent is unknown
    assert_problem(http.post("/v1/chat", json={"message": "x", "agent_id": echo_agent["id"]},
                             headers=stranger), 404)
    # a session token is its user; the API key needs X-User-Id
    token = mint(client, org, "iso-alice")["access_token"]
    session = {"Authorization": f"Bearer {token}"}
    mine = http.get("/v1/threads", headers=session).json()["threads"]
    assert tid in [t["id"] for t in mine]
    assert read_stream(http, tid, session).kinds[-1] == "run.completed"
    for method, path, kw in (("GET", "/v1/threads", {}),
                             ("GET", "/v1/chat/stream", {"params": {"thread_id": tid}}),
                             ("POST", "/v1/chat", {"json": {"message": "x",
                                                            "agent_id": echo_agent["id"]}}),
                             ("GET", "/v1/messages", {"params": {"thread_id": tid}})):
        assert_problem(http.request(method, path, headers=org["headers"], **kw), 400,
                       "user_required")


def test_a_turn_that_ended_without_its_final_event_is_closed_out(http, org, echo_agent):
    """A turn marked failed by recovery (its process died) never logged its final event: a
    stream waiting on it logs and sends it (once) and ends."""
    from core import db
    from store.models import AgentRun, RunEvent

    jan = user(org, "jan")
    body = post_chat(http, jan, "soon gone", agent_id=echo_agent["id"])
    tid, run_id = body["thread"]["id"], body["run"]["id"]
    done = read_stream(http, tid, jan)
    gone = datetime.datetime(2000, 1, 1)
    with db.connection():
        RunEvent.delete().where(RunEvent.run_id == run_id,
                                RunEvent.kind == "run.completed").execute()
        AgentRun.update(status="failed", finished_at=gone, error={
            "code": "run_interrupted", "message": "gone"}).where(AgentRun.id == run_id).execute()
    streams = []
    readers = [threading.Thread(target=lambda: streams.append(
        read_stream(http, tid, jan, last_event_id=done.ids[-2]))) for _ in range(2)]
    [r.start() for r in readers]
    [r.join() for r in readers]
    for stream in streams:
        assert stream.ended and stream.kinds == ["run.failed"]
        assert stream.events[0].data["error"]["code"] == "run_interrupted"
    assert streams[0].events == streams[1].events
    with db.connection():
        assert RunEvent.select().where(RunEvent.run_id == run_id,
                                       RunEvent.kind == "run.failed").count() == 1


def test_request_validation(http, org, echo_agent):
    hal = user(org, "hal")
    for body in ({"message": "x"}, {"message": "", "agent_id": echo_agent["id"]},
                 {"message": "x", "agent_id": echo_agent["id"], "copilot_id": str(uuid.uuid4())},
                 {"message": "x", "agent_id": echo_agent["id"], "extra": 1}):
        assert_problem(http.post("/v1/chat", json=body, headers=hal), 400)
    assert_problem(http.post("/v1/chat", json={"message": "x", "agent_id": str(uuid.uuid4())},
                             headers=hal), 404)
    assert_problem(http.post("/v1/chat", json={"message": "x", "agent_id": echo_agent["id"],
                                               "thread_id": str(uuid.uuid4())}, headers=hal),
                   404, "thread_not_found")
    tid = post_chat(http, hal, "x", agent_id=echo_agent["id"])["thread"]["id"]
    assert_problem(http.get("/v1/chat/stream", params={"thread_id": tid},
                            headers={**hal, "Last-Event-ID": "abc"}), 400)


@pytest.mark.skipif(not __import__("tests.conftest", fromlist=["x"]).REDIS_URL,
                    reason="needs Redis: events cross processes through it")
def test_a_stream_served_by_another_process(http, org, slow_agent, model, settings):
    import subprocess
    import sys

    from tests.factories_workflows import ROOT
    port = free_port()
    env = _worker_env(settings)
    env.update(AGENT_PLATFORM_PORT=str(port), AGENT_PLATFORM_SCHEDULER="off")
    other = subprocess.Popen([sys.executable, "-m", "server.cli", "serve"], env=env, cwd=ROOT,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=scaled(20)) as second:
            wait_until(lambda: second.get("/healthz").status_code == 200, 20,
                       "the second server to start", every=0.1,
                       retry_on=(httpx.TransportError,))
            ivy = user(org, "ivy")
            model.enqueue(slow_reply(10, 0.1))
            tid = post_chat(http, ivy, "across", agent_id=slow_agent["id"])["thread"]["id"]
            stream = read_stream(second, tid, ivy)
            assert stream.ended and stream.kinds[-1] == "run.completed"
            assert stream.ids == list(range(1, len(stream.events) + 1))
            live_deltas = [e for e in stream.events if e.kind == "message.delta"]
            assert "".join(e.data["text"] for e in live_deltas) == " ".join(
                f"w{i}" for i in range(10))
    finally:
        stop(other)
