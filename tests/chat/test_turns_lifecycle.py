"""Cancelling turns (in this process and through the database flag, as from another process),
the heartbeat, and recovery of turns whose process died."""
import datetime as dt
import threading
import time

import pytest

from jobs import recovery
from rules import ssrf
from runtime.turns import service as turns
from store import runs
from core import db
from core.db import utcnow
from store.models import AgentRun
from tests.conftest import make_settings
from tests.factories import make_org
from tests.factories_turns import Events, make_agent, openai_agent, use_model_server
from testkit import OpenAIServer, slow, text
from tests.waiting import scaled, wait_until

LONG = " ".join(f"w{i}" for i in range(60))


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return make_settings(database_url, tmp_path_factory.mktemp("data"), turn_stale_ms=1000,
                         model_max_retries=0)


@pytest.fixture(scope="module", autouse=True)
def allow_loopback(settings):
    ssrf.configure(settings.ssrf_allow)


@pytest.fixture(scope="module")
def llm():
    with OpenAIServer() as server:
        yield server


@pytest.fixture(scope="module")
def org(client, llm):
    org = make_org(client)
    use_model_server(client, org, llm)
    return org


def _start_in_thread(settings, org, agent, message):
    events, box = Events(), {}
    with db.connection():
        run = turns.start(settings=settings, org_id=org["id"], input=message,
                          agent_id=agent["id"])

    def work():
        with db.connection():
            box["run"] = turns.execute(settings=settings, org_id=org["id"], run_id=run.id,
                                       emit=events)

    thread = threading.Thread(target=work)
    thread.start()
    return run, events, box, thread


def _finals(events) -> list[str]:
    return [k for k in events.kinds() if k in ("run.completed", "run.failed", "run.cancelled")]


@pytest.mark.parametrize("how", ["in_process", "database_flag"])
def test_cancel_stops_a_streaming_turn(client, settings, org, llm, how):
    agent = openai_agent(client, org)
    llm.enqueue(text(LONG, chunk_delay=0.1))
    run, events, box, thread = _start_in_thread(settings, org, agent, "talk a lot")
    assert events.first_delta.wait(scaled(5))
    with db.connection():
        if how == "in_process":
            turns.cancel(org_id=org["id"], run_id=run.id)
        else:  # what another process's cancel leaves: only the flag in the database
            runs.request_cancel(run_id=run.id)
    thread.join(scaled(5))
    assert not thread.is_alive(), "the turn kept running after the cancel"
    done = box["run"]
    assert done.status == "cancelled" and done.error["code"] == "cancelled"
    # the cancel cut the stream short: the model's whole answer was never taken in
    assert len(done.output) < len(LONG), "the turn ran to the end of the model's answer"
    assert _finals(events) == ["run.cancelled"]
    assert done.usage["model_calls"] == 1  # the call that was cut short counts
    assert done.output and done.output.startswith("w0")  # what was streamed is kept
    # ... and given as the partial answer, marked, just before the final event
    assert events.kinds()[-2:] == ["message.completed", "run.cancelled"]
    [partial] = events.of("message.completed")
    assert partial["interrupted"] is True and partial["content"] == done.output
    assert partial["content"] == "".join(d["text"] for d in events.of("message.delta"))


@pytest.mark.parametrize("how", ["in_process", "database_flag"])
def test_cancel_while_the_model_is_silent(client, settings, org, llm, how):
    """The model has not sent its first byte: the cancel ends the turn before the model would
    answer (30 s) and closes the model connection (the server sees the client hang up)."""
    agent = openai_agent(client, org)
    llm.reset()
    llm.hangups.clear()
    llm.enqueue(slow(text("too late"), 30))
    run, events, box, thread = _start_in_thread(settings, org, agent, "say something")
    wait_until(lambda: llm.requests, 5, "the request at the model",  # which says nothing
               every=0.01)
    time.sleep(0.2)
    asked = time.monotonic()
    with db.connection():
        if how == "in_process":
            turns.cancel(org_id=org["id"], run_id=run.id)
        else:
            runs.request_cancel(run_id=run.id)
    thread.join(scaled(5))
    assert not thread.is_alive(), "the turn kept running after the cancel"
    done = box["run"]
    assert done.status == "cancelled" and _finals(events) == ["run.cancelled"]
    assert done.usage["model_calls"] == 1
    assert done.steps[-1]["status"] == "cancelled"
    assert not events.of("message.delta") and not done.output  # "too late" never arrived
    wait_until(lambda: llm.hangups, 2, "the model connection to close", every=0.01)
    # closed by the cancel, while the model was still silent (it answers 30 s after the ask)
    assert asked < llm.hangups[0] < asked + 30


def test_a_queued_turn_cancelled_before_it_runs(client, settings, org):
    agent = make_agent(client, org)
    events = Events()
    with db.connection():
        run = turns.start(settings=settings, org_id=org["id"], input="never",
                          agent_id=agent["id"])
        assert turns.cancel(org_id=org["id"], run_id=run.id).status == "cancelled"
        done = turns.execute(settings=settings, org_id=org["id"], run_id=run.id, emit=events)
    assert done.status == "cancelled" and events.kinds() == ["run.cancelled"]
    with db.connection():  # cancelling a finished run changes nothing
        assert turns.cancel(org_id=org["id"], run_id=run.id).status == "cancelled"


def test_the_heartbeat_keeps_a_long_turn_from_recovery(client, settings, org, llm):
    agent = openai_agent(client, org)
    llm.enqueue(text(" ".join(f"x{i}" for i in range(16)), chunk_delay=0.1))
    run, events, box, thread = _start_in_thread(settings, org, agent, "slowly")
    time.sleep(1.3)  # longer than AGENT_PLATFORM_TURN_STALE_MS (1 s here)
    recovery.sweep(settings)
    thread.join(10)
    assert box["run"].status == "succeeded", box["run"].error


def test_recovery_fails_turns_whose_process_died(client, settings, org):
    agent = make_agent(client, org)
    with db.connection():
        dead = turns.start(settings=settings, org_id=org["id"], input="x", agent_id=agent["id"])
        never = turns.start(settings=settings, org_id=org["id"], input="y",
                            agent_id=agent["id"])
        fresh = turns.start(settings=settings, org_id=org["id"], input="z",
                            agent_id=agent["id"])
        assert runs.mark_running(run_id=dead.id) and runs.mark_running(run_id=fresh.id)
        long_ago = utcnow() - dt.timedelta(hours=1)
        AgentRun.update(updated_at=long_ago).where(AgentRun.id.in_([dead.id, never.id])).execute()
    counts = recovery.sweep(settings)
    assert counts["turns_interrupted"] == 1 and counts["turns_not_started"] == 1
    with db.connection():
        row = runs.get(org_id=org["id"], run_id=dead.id)
        assert row.status == "failed" and row.error["code"] == "run_interrupted"
        # a run that never started is not reported as interrupted: nothing executed it
        row = runs.get(org_id=org["id"], run_id=never.id)
        assert row.status == "failed" and row.error["code"] == "run_not_started"
        assert runs.get(org_id=org["id"], run_id=fresh.id).status == "running"
        # the executor of an interrupted run cannot overwrite the verdict
        assert not runs.finish(run_id=dead.id, status="succeeded", output="late", steps=[],
                               usage={}, cost_micro_usd=0)
