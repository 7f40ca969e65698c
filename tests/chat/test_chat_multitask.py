"""Double texting: POST /v1/chat while the thread's turn is still running, with
`multitask_strategy`. `enqueue`d turns run after it, one after another in the order they were
posted, each with the answers before it in its history; `interrupt` cancels the running turn
(its partial answer stored and marked `interrupted`) and the turns waiting behind it, then
the new turn runs; `reject` (the default) is 409. DELETE /v1/chat/stream cancels the waiting
turns too, and a waiting turn's job never runs it early (recovery's re-queue, a job that runs
before its turn). In-process on SQLite; on a real `agent-platform worker` (RQ) with Postgres +
Redis."""
import concurrent.futures
import datetime

import pytest

from tests import sdk_live  # noqa: F401  (the generated Python client on sys.path)
from tests.factories import assert_problem
from tests.factories_chat import make_agent, post_chat, read_stream, user
from tests.factories_workflows import ROOT, stop, wf_settings, worker_env
from testkit import OpenAIServer, text
from tests.waiting import wait_until


@pytest.fixture(scope="module")
def model():
    with OpenAIServer() as server:
        yield server


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory, model):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"), chat_keepalive_s=0.3,
                       openai_base_url=model.base_url, model_max_retries=0)


@pytest.fixture(scope="module", autouse=True)
def workers(app, settings):
    """Two workers with Redis: a turn waiting behind another must wait even when a worker is
    free to take its job."""
    processes = []
    if settings.redis_url:
        import subprocess
        import sys

        env = worker_env(settings, AGENT_PLATFORM_OPENAI_BASE_URL=settings.openai_base_url,
                         AGENT_PLATFORM_MODEL_MAX_RETRIES="0",
                         AGENT_PLATFORM_CHAT_KEEPALIVE_S=str(settings.chat_keepalive_s))
        processes = [subprocess.Popen([sys.executable, "-m", "server.cli", "worker"], env=env,
                                      cwd=ROOT, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL) for _ in range(2)]
    yield processes
    for process in processes:
        stop(process)


@pytest.fixture(scope="module")
def agent(http, org):
    return make_agent(http, org["headers"], provider="openai", name="gpt-test")


def slow_reply(words: int = 12, delay: float = 0.15):
    return text(" ".join(f"w{i}" for i in range(words)), chunk_delay=delay)


def turns_of(http, tid: str, headers: dict, count: int, after: int = 0) -> list:
    """The thread's ``count`` turns after event ``after`` as read from the stream, one stream
    each (a stream ends after a turn's final event; the next one resumes after it)."""
    streams, last = [], after
    for _ in range(count):
        stream = read_stream(http, tid, headers, last_event_id=last)
        assert stream.ended, stream.kinds
        streams.append(stream)
        last = stream.ids[-1]
    return streams


def sent(request) -> list[tuple[str, str]]:
    return [(m["role"], m["content"]) for m in request.body["messages"]]


def the_run(client, org, run_id: str) -> dict:
    return client.get(f"/v1/runs/{run_id}", headers=org["headers"]).json()["run"]


def messages_of(http, headers, tid: str) -> list[dict]:
    resp = http.get("/v1/messages", params={"thread_id": tid}, headers=headers)
    assert resp.status_code == 200, resp.text
    return resp.json()["messages"]


def test_enqueued_turns_run_after_the_current_one_in_order_with_the_answers_before_them(
        http, org, agent, model):
    ann = user(org, "ann")
    before = len(model.requests)
    model.enqueue(slow_reply(10, 0.1), text("second answer"), text("third answer"))
    first = post_chat(http, ann, "first question", agent_id=agent["id"])
    tid = first["thread"]["id"]
    head = read_stream(http, tid, ann, stop_after=2)  # the first turn is streaming
    assert head.kinds == ["run.started", "message.delta"]
    second = post_chat(http, ann, "second question", agent_id=agent["id"], thread_id=tid,
                       multitask_strategy="enqueue")
    third = post_chat(http, ann, "third question", agent_id=agent["id"], thread_id=tid,
                      multitask_strategy="enqueue")
    for body, position in ((second, 2), (third, 3)):
        assert body["run"]["status"] == "queued" and body["message"]["position"] == position
        assert body["message"]["run_id"] == body["run"]["id"]
        assert body["thread"]["last_run_id"] == first["run"]["id"]  # still the current turn
    # a plain message is still refused while turns run or wait
    refused = post_chat(http, ann, "fourth", agent_id=agent["id"], thread_id=tid, status=409)
    assert refused["code"] == "turn_in_progress"

    one, two, three = turns_of(http, tid, ann, 3)
    runs = [first["run"]["id"], second["run"]["id"], third["run"]["id"]]
    for stream, run_id in zip((one, two, three), runs):
        assert stream.kinds[0] == "run.started" and stream.kinds[-1] == "run.completed"
        assert {e.data.get("run_id", run_id) for e in stream.events} == {run_id}
        assert stream.events[-1].data["run"]["id"] == run_id
    assert one.ids[-1] < two.ids[0] and two.ids[-1] < three.ids[0]  # one after another
    assert two.events[-2].data["content"] == "second answer"
    assert three.events[-2].data["content"] == "third answer"
    first_answer = " ".join(f"w{i}" for i in range(10))
    assert one.events[-2].data["content"] == first_answer

    asked = model.requests[before:]
    assert len(asked) == 3
    assert sent(asked[1]) == [("system", "Be brief."), ("user", "first question"),
                              ("assistant", first_answer), ("user", "second question")]
    assert sent(asked[2]) == [("system", "Be brief."), ("user", "first question"),
                              ("assistant", first_answer), ("user", "second question"),
                              ("assistant", "second answer"), ("user", "third question")]
    stored = [(m["position"], m["role"], m["content"], m["interrupted"])
              for m in messages_of(http, ann, tid)]
    assert stored == [(1, "user", "first question", False),
                      (2, "user", "second question", False),
                      (3, "user", "third question", False),
                      (4, "assistant", first_answer, False),
                      (5, "assistant", "second answer", False),
                      (6, "assistant", "third answer", False)]
    thread = http.get("/v1/threads", headers=ann).json()["threads"][0]
    assert thread["last_run_id"] == third["run"]["id"]
    model.enqueue(text("ok"))
    post_chat(http, ann, "free again", agent_id=agent["id"], thread_id=tid)  # nothing waits
    assert read_stream(http, tid, ann).kinds[-1] == "run.completed"


def test_interrupt_cancels_the_running_turn_keeps_its_partial_answer_and_runs_the_new_one(
        http, client, org, agent, model):
    bea = user(org, "bea")
    before = len(model.requests)
    model.enqueue(slow_reply(60, 0.1), text("fresh answer"))
    first = post_chat(http, bea, "long story", agent_id=agent["id"])
    tid = first["thread"]["id"]
    head = read_stream(http, tid, bea, stop_after=4)
    assert head.kinds[:2] == ["run.started", "message.delta"]
    newer = post_chat(http, bea, "actually, something else", agent_id=agent["id"],
                      thread_id=tid, multitask_strategy="interrupt")
    assert newer["run"]["status"] == "queued" and newer["message"]["position"] == 2
    rest, fresh = turns_of(http, tid, bea, 2, after=head.ids[-1])
    old = head.events + rest.events
    assert old[-1].kind == "run.cancelled" and old[-2].kind == "message.completed"
    partial = old[-2].data
    streamed = "".join(e.data["text"] for e in old if e.kind == "message.delta")
    assert partial["interrupted"] is True and partial["content"] == streamed
    assert 0 < len(streamed.split()) < 60  # cut short
    assert old[-1].data["run"]["id"] == first["run"]["id"]
    assert the_run(client, org, first["run"]["id"])["status"] == "cancelled"

    assert fresh.kinds[0] == "run.started" and fresh.kinds[-1] == "run.completed"
    assert fresh.events[0].data["run_id"] == newer["run"]["id"]
    assert fresh.events[-2].data["content"] == "fresh answer"
    assert fresh.events[-2].data["interrupted"] is False
    stored = messages_of(http, bea, tid)
    assert [(m["role"], m["interrupted"]) for m in stored] == [
        ("user", False), ("user", False), ("assistant", True), ("assistant", False)]
    assert stored[2]["id"] == partial["message_id"] and stored[2]["content"] == streamed
    assert stored[2]["run_id"] == first["run"]["id"]
    asked = model.requests[before:]
    assert len(asked) == 2
    assert sent(asked[1]) == [("system", "Be brief."), ("user", "long story"),
                              ("assistant", streamed), ("user", "actually, something else")]


def test_interrupt_cancels_the_turns_waiting_too(http, client, org, agent, model):
    cy = user(org, "cy")
    before = len(model.requests)
    model.enqueue(slow_reply(60, 0.1), text("the last word"))
    first = post_chat(http, cy, "one", agent_id=agent["id"])
    tid = first["thread"]["id"]
    head = read_stream(http, tid, cy, stop_after=2)
    waiting = post_chat(http, cy, "two", agent_id=agent["id"], thread_id=tid,
                        multitask_strategy="enqueue")
    last = post_chat(http, cy, "three", agent_id=agent["id"], thread_id=tid,
                     multitask_strategy="interrupt")
    rest, third = turns_of(http, tid, cy, 2, after=head.ids[-1])
    assert rest.kinds[-1] == "run.cancelled"
    assert third.events[0].data["run_id"] == last["run"]["id"]
    assert third.events[-2].data["content"] == "the last word"
    skipped = the_run(client, org, waiting["run"]["id"])
    assert skipped["status"] == "cancelled" and skipped["started_at"] is None
    asked = model.requests[before:]
    assert len(asked) == 2  # the waiting turn never reached the model
    assert sent(asked[1])[-2:] == [("user", "two"), ("user", "three")]


def test_interrupting_a_turn_that_has_not_started_replaces_it_at_once(http, client, org, model):
    """The current turn is still queued (its job not yet run): it is cancelled at once and the
    new turn is current right away."""
    from core import db
    from store.models import Thread

    dee = user(org, "dee")
    echo = make_agent(http, org["headers"])
    first = post_chat(http, dee, "one", agent_id=echo["id"])
    tid = first["thread"]["id"]
    first_events = read_stream(http, tid, dee).ids[-1]
    # a turn that is current and still queued (as while it waits for a free slot)
    with db.connection():
        from runtime.turns import service as turns
        from store import threads
        queued = turns.start(settings=None, org_id=org["id"], input="stuck", agent_id=echo["id"],
                             user_id="dee", thread_id=tid, admit=False)
        said = threads.add_message(thread_id=tid, role="user", content="stuck")
        threads.begin_turn(thread_id=tid, run_id=queued.id, message_id=said.id,
                           agent_id=echo["id"], copilot_id=None)
    newer = post_chat(http, dee, "two", agent_id=echo["id"], thread_id=tid,
                      multitask_strategy="interrupt")
    assert newer["thread"]["last_run_id"] == newer["run"]["id"]
    assert the_run(client, org, queued.id)["status"] == "cancelled"
    cancelled, done = turns_of(http, tid, dee, 2, after=first_events)
    assert cancelled.kinds == ["run.cancelled"]
    assert cancelled.events[0].data["run"]["id"] == queued.id
    assert done.kinds[-1] == "run.completed" and done.events[-2].data["content"] == "two"
    with db.connection():
        assert Thread.get_by_id(tid).last_run_id == newer["run"]["id"]


def test_reject_is_the_default_and_the_strategy_is_checked(http, org, agent, model):
    eve = user(org, "eve")
    model.enqueue(slow_reply(12, 0.1))
    tid = post_chat(http, eve, "hold on", agent_id=agent["id"])["thread"]["id"]
    for fields in ({}, {"multitask_strategy": "reject"}):
        busy = post_chat(http, eve, "more", agent_id=agent["id"], thread_id=tid, status=409,
                         **fields)
        assert busy["code"] == "turn_in_progress"
    assert_problem(http.post("/v1/chat", json={"message": "x", "agent_id": agent["id"],
                                               "thread_id": tid,
                                               "multitask_strategy": "later"}, headers=eve), 400)
    done = read_stream(http, tid, eve)
    assert done.kinds[-1] == "run.completed"
    assert [m["role"] for m in messages_of(http, eve, tid)] == ["user", "assistant"]
    # on an idle thread (or a new one) every strategy simply starts the turn
    model.enqueue(text("a"), text("b"))
    for strategy in ("enqueue", "interrupt"):
        body = post_chat(http, eve, strategy, agent_id=agent["id"], thread_id=tid,
                         multitask_strategy=strategy)
        assert body["thread"]["last_run_id"] == body["run"]["id"]
        assert read_stream(http, tid, eve).kinds[-1] == "run.completed"


def test_delete_cancels_the_running_turn_and_those_waiting(http, client, org, agent, model):
    fox = user(org, "fox")
    before = len(model.requests)
    model.enqueue(slow_reply(60, 0.1), text("after all"))
    first = post_chat(http, fox, "one", agent_id=agent["id"])
    tid = first["thread"]["id"]
    head = read_stream(http, tid, fox, stop_after=2)
    waiting = [post_chat(http, fox, word, agent_id=agent["id"], thread_id=tid,
                         multitask_strategy="enqueue")["run"]["id"] for word in ("two", "three")]
    resp = http.delete("/v1/chat/stream", params={"thread_id": tid}, headers=fox)
    assert resp.status_code == 202, resp.text
    assert resp.json()["run"]["id"] == first["run"]["id"]
    rest = read_stream(http, tid, fox, last_event_id=head.ids[-1])
    assert rest.kinds[-2:] == ["message.completed", "run.cancelled"]
    assert rest.events[-2].data["interrupted"] is True
    for run_id in waiting:
        run = the_run(client, org, run_id)
        assert run["status"] == "cancelled" and run["started_at"] is None
    assert_problem(http.delete("/v1/chat/stream", params={"thread_id": tid}, headers=fox),
                   409, "no_active_turn")
    again = post_chat(http, fox, "four", agent_id=agent["id"], thread_id=tid)  # free again
    after = read_stream(http, tid, fox, last_event_id=rest.ids[-1])
    assert after.events[0].data["run_id"] == again["run"]["id"]
    assert after.kinds[-1] == "run.completed" and after.events[-2].data["content"] == "after all"
    asked = model.requests[before:]
    assert len(asked) == 2  # the waiting turns never ran
    # the cancelled waiting messages stay in the conversation, in order
    assert [m[1] for m in sent(asked[1])[-3:]] == ["two", "three", "four"]


def _job_done(settings, job, timeout: float = 20.0):
    """The result of a job dispatched by the test (in-process Future or RQ job)."""
    if isinstance(job, concurrent.futures.Future):  # in-process
        return job.result(timeout=timeout)
    wait_until(lambda: job.get_status(refresh=True), timeout, "the job to run",
               done=lambda status: status in ("finished", "failed"))
    assert job.get_status() == "finished"
    return job.return_value()


def test_a_waiting_turn_is_never_run_early_by_its_job_or_by_recovery(http, client, org, agent,
                                                                      model, settings):
    from jobs import recovery, tasks
    from core import db
    from store.models import AgentRun, Thread

    gil = user(org, "gil")
    before = len(model.requests)
    model.enqueue(slow_reply(60, 0.1), text("in its turn"))
    first = post_chat(http, gil, "one", agent_id=agent["id"])
    tid = first["thread"]["id"]
    head = read_stream(http, tid, gil, stop_after=2)
    waiting = post_chat(http, gil, "two", agent_id=agent["id"], thread_id=tid,
                        multitask_strategy="enqueue")["run"]["id"]
    # recovery finds the waiting turn queued "too long" (its job lost?): it leaves it be
    with db.connection():
        AgentRun.update(updated_at=datetime.datetime(2000, 1, 1)).where(
            AgentRun.id == waiting).execute()
    recovery.sweep(settings)
    with db.connection():
        run = AgentRun.get_by_id(waiting)
        assert run.status == "queued" and run.updated_at.year > 2000  # seen, left waiting
    # its job, run before its turn (a duplicate delivery), does nothing
    with db.connection():
        job = tasks.dispatch_turn(settings, org_id=org["id"], thread_id=tid, run_id=waiting)
    assert job is not None and _job_done(settings, job) is None
    with db.connection():
        assert AgentRun.get_by_id(waiting).status == "queued"
        assert Thread.get_by_id(tid).last_run_id == first["run"]["id"]
    assert the_run(client, org, first["run"]["id"])["status"] == "running"
    one, two = turns_of(http, tid, gil, 2, after=head.ids[-1])
    assert one.kinds[-1] == "run.completed"
    assert two.events[0].data["run_id"] == waiting and two.kinds[-1] == "run.completed"
    assert two.events[-2].data["content"] == "in its turn"
    assert len(model.requests[before:]) == 2


def test_the_python_sdk_enqueues_and_follows_until_its_turn(http, org, agent, model):
    """The generated client sends `multitask_strategy`; the hand-written stream helper follows
    the thread until the enqueued turn's final event (the running turn's events first)."""
    from agent_platform_client import AuthenticatedClient
    from agent_platform_client.api.chat import post_chat as sdk_post_chat
    from agent_platform_client.models import (
        AgentChatRequest,
        ChatTurn,
        MessageCompletedEvent,
        MultitaskStrategy,
        RunCompletedEvent,
    )
    from agent_platform_stream import stream_chat_events

    token = org["headers"]["Authorization"].removeprefix("Bearer ")
    model.enqueue(slow_reply(8, 0.1), text("queued answer"))
    with AuthenticatedClient(base_url=str(http.base_url).rstrip("/"), token=token) as api:
        first = sdk_post_chat.sync(client=api, x_user_id="sdk-hal", body=AgentChatRequest(
            agent_id=agent["id"], message="first"))
        assert isinstance(first, ChatTurn), first
        second = sdk_post_chat.sync(client=api, x_user_id="sdk-hal", body=AgentChatRequest(
            agent_id=agent["id"], thread_id=first.thread.id, message="second",
            multitask_strategy=MultitaskStrategy.ENQUEUE))
        assert isinstance(second, ChatTurn), second
        assert str(second.thread.last_run_id) == str(first.run.id)
        events = list(stream_chat_events(api, first.thread.id, user_id="sdk-hal",
                                         last_event_id=0, until_run=second.run.id))
    finals = [e for e in events if isinstance(e, RunCompletedEvent)]
    assert [str(e.data.run.id) for e in finals] == [str(first.run.id), str(second.run.id)]
    assert events[-1] is finals[-1]
    answers = [e.data for e in events if isinstance(e, MessageCompletedEvent)]
    assert [a.content for a in answers] == [" ".join(f"w{i}" for i in range(8)), "queued answer"]
    assert [a.interrupted for a in answers] == [False, False]


def test_a_waiting_turn_whose_predecessor_died_is_started_by_recovery(http, org, settings):
    """The process running the current turn died (recovery marked it failed, without its
    final event): the turn waiting behind it is started by the recovery sweep, after the
    dead turn's end is logged."""
    from jobs import recovery
    from runtime.turns import service as turns
    from store import runs, threads
    from core import db
    from store.models import AgentRun

    ida = user(org, "ida")
    echo = make_agent(http, org["headers"])
    tid = post_chat(http, ida, "hello", agent_id=echo["id"])["thread"]["id"]
    done = read_stream(http, tid, ida)
    with db.connection():  # a turn running in a process that is about to die
        dying = turns.start(settings=settings, org_id=org["id"], input="doomed",
                            agent_id=echo["id"], user_id="ida", thread_id=tid, admit=False)
        said = threads.add_message(thread_id=tid, role="user", content="doomed")
        threads.begin_turn(thread_id=tid, run_id=dying.id, message_id=said.id,
                           agent_id=echo["id"], copilot_id=None)
        assert runs.mark_running(run_id=dying.id)
    waiting = post_chat(http, ida, "still there?", agent_id=echo["id"], thread_id=tid,
                        multitask_strategy="enqueue")
    assert waiting["thread"]["last_run_id"] == dying.id
    gone = datetime.datetime(2000, 1, 1)
    with db.connection():  # what recovery leaves of a dead turn; the waiting turn waited long
        AgentRun.update(status="failed", finished_at=gone, updated_at=gone, error={
            "code": "run_interrupted", "message": "gone"}).where(
            AgentRun.id == dying.id).execute()
        AgentRun.update(updated_at=gone).where(AgentRun.id == waiting["run"]["id"]).execute()
    recovery.sweep(settings)
    died, answered = turns_of(http, tid, ida, 2, after=done.ids[-1])
    assert died.kinds == ["run.failed"] and died.events[0].data["run"]["id"] == dying.id
    assert answered.events[0].data["run_id"] == waiting["run"]["id"]
    assert answered.kinds[-1] == "run.completed"
    assert answered.events[-2].data["content"] == "still there?"
