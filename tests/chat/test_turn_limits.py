"""Limits of turns in flight: an organization's turns queued or running at once
(AGENT_PLATFORM_ORG_TURNS_IN_FLIGHT, or the operator's override) and an end user's
(AGENT_PLATFORM_USER_TURNS_IN_FLIGHT). Over a limit a turn is refused with 429
``concurrency_limit_reached`` and ``Retry-After``; a finished turn frees its place; a burst of
parallel POSTs never passes a limit. Turns are held running by the suite's model server, which
answers only when the test opens its gate. Against a live server (uvicorn), on SQLite and on
Postgres."""
import threading
import uuid

import httpx
import pytest

from runtime.turns import service as turns
from core import db
from store.errors import LimitReached
from core.settings import Settings
from tests.factories import ADMIN, assert_problem, make_org
from tests.factories_chat import post_chat, user
from tests.factories_copilots import make_copilot
from tests.factories_turns import openai_agent, use_model_server
from tests.fixtures_turns import allow_loopback, gate, held_model  # noqa: F401 (fixtures)
from tests.waiting import wait_until

USER_LIMIT = 10  # the default of AGENT_PLATFORM_USER_TURNS_IN_FLIGHT


@pytest.fixture
def org(http, held_model, gate):
    """A new organization on the held model; at the end its turns are let go and finish."""
    org = make_org(http)
    use_model_server(http, org, held_model)
    gate.clear()
    yield org
    gate.set()
    _wait_in_flight(http, org, 0)


def _limits(http, org) -> dict:
    resp = http.get(f"/v1/admin/orgs/{org['id']}/limits", headers=ADMIN)
    assert resp.status_code == 200, resp.text
    return resp.json()


def _set_org_limit(http, org, value):
    resp = http.put(f"/v1/admin/orgs/{org['id']}/limits", json={"turns_in_flight": value},
                    headers=ADMIN)
    assert resp.status_code == 200, resp.text
    assert resp.json()["overrides"]["turns_in_flight"] == value


def _wait_in_flight(http, org, count, timeout=30.0):
    """Wait until the org has exactly ``count`` turns queued or running."""
    wait_until(lambda: _limits(http, org)["turns_in_flight_now"], timeout,
               f"{count} turns in flight", every=0.05, done=lambda now: now == count)


def _chat(http, org, agent, user_id):
    return http.post("/v1/chat", json={"message": "hello", "agent_id": agent["id"]},
                     headers=user(org, user_id))


def _refused(resp) -> dict:
    body = assert_problem(resp, 429, "concurrency_limit_reached")
    assert 1 <= int(resp.headers["retry-after"]) <= 5
    return body


def test_at_the_user_limit_that_user_is_refused_and_others_are_not(http, org):
    agent = openai_agent(http, org)
    for _ in range(USER_LIMIT):
        post_chat(http, user(org, "alice"), "hello", agent_id=agent["id"])
    body = _refused(_chat(http, org, agent, "alice"))
    assert "limit per user" in body["detail"]
    resp = http.post(f"/v1/agents/{agent['id']}/run", json={"input": "hi"},
                     headers=user(org, "alice"))
    _refused(resp)  # a run without a thread is a turn too
    assert _chat(http, org, agent, "bob").status_code == 202
    # the refused turns left nothing behind: no thread, no run
    threads = http.get("/v1/threads", headers=user(org, "alice")).json()["threads"]
    assert len(threads) == USER_LIMIT
    assert _limits(http, org)["turns_in_flight_now"] == USER_LIMIT + 1


def test_finished_turns_free_their_place(http, org, gate):
    agent = openai_agent(http, org)
    for _ in range(USER_LIMIT):
        post_chat(http, user(org, "carol"), "hello", agent_id=agent["id"])
    _refused(_chat(http, org, agent, "carol"))
    gate.set()  # the model answers: every turn ends
    _wait_in_flight(http, org, 0)
    runs = http.get("/v1/runs", params={"user_id": "carol"}, headers=org["headers"]).json()
    assert [r["status"] for r in runs["runs"]] == ["succeeded"] * USER_LIMIT
    assert _chat(http, org, agent, "carol").status_code == 202


def test_at_the_org_limit_every_turn_is_refused_until_the_operator_raises_it(http, org):
    agent = openai_agent(http, org)
    network = make_copilot(http, org, agents=[agent["id"]])
    _set_org_limit(http, org, 3)
    for name in ("u1", "u2", "u3"):
        post_chat(http, user(org, name), "hello", agent_id=agent["id"])
    for name in ("u1", "u4", "u5"):  # the users' own limits are far away
        body = _refused(_chat(http, org, agent, name))
        assert "organization" in body["detail"]
    _refused(http.post(f"/v1/agents/{agent['id']}/run", json={"input": "hi"},
                       headers=org["headers"]))  # without an end user: counts for the org
    _refused(http.post(f"/v1/copilots/{network['id']}/run", json={"input": "hi"},
                       headers=user(org, "u6")))
    other = make_org(http)  # another organization is not affected
    assert _limits(http, other)["turns_in_flight_now"] == 0

    _set_org_limit(http, org, 4)  # the operator raises the limit: one more turn is admitted
    assert _chat(http, org, agent, "u4").status_code == 202
    _refused(_chat(http, org, agent, "u5"))
    _set_org_limit(http, org, 0)  # 0: no limit
    assert _chat(http, org, agent, "u5").status_code == 202
    _set_org_limit(http, org, None)  # the override removed: the default (200) applies
    assert _limits(http, org)["defaults"]["turns_in_flight"] == 200
    assert _chat(http, org, agent, "u6").status_code == 202
    assert _limits(http, org)["turns_in_flight_now"] == 6


def _burst(http, org, agent, users) -> list[httpx.Response]:
    barrier = threading.Barrier(len(users))
    answers: list = [None] * len(users)

    def post(i):
        barrier.wait()
        answers[i] = _chat(http, org, agent, users[i])

    threads = [threading.Thread(target=post, args=(i,)) for i in range(len(users))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    return answers


@pytest.mark.parametrize("whose", ["org", "user"])
def test_a_burst_of_50_posts_at_a_limit_of_10_admits_10(http, org, whose):
    agent = openai_agent(http, org)
    if whose == "org":  # 50 users, the organization's limit at 10
        _set_org_limit(http, org, 10)
        users = [f"b{i}" for i in range(50)]
    else:  # one user, the per-user limit (10)
        users = ["dora"] * 50
    answers = _burst(http, org, agent, users)
    statuses = sorted(r.status_code for r in answers)
    assert statuses == [202] * 10 + [429] * 40, statuses
    for resp in answers:
        if resp.status_code == 429:
            _refused(resp)
    assert _limits(http, org)["turns_in_flight_now"] == 10


def test_runs_of_workflow_steps_count_for_the_org_not_for_the_user(http, org, settings):
    """Runs nested in a workflow (its agent steps, also those of a workflow a turn called as a
    tool) were admitted with their workflow: never refused, and not counted against their
    user; they hold places of the organization. Kept queued here (never executed)."""
    agent = openai_agent(http, org)
    with db.connection():
        nested = [turns.start(settings=settings, org_id=org["id"], input="step",
                              agent_id=agent["id"], user_id="erin", admit=False,
                              workflow_id=str(uuid.uuid4()), workflow_run_id=str(uuid.uuid4()))
                  for _ in range(USER_LIMIT + 2)]  # past both limits: not refused
        assert _limits(http, org)["turns_in_flight_now"] == USER_LIMIT + 2
        own = turns.start(settings=settings, org_id=org["id"], input="mine",
                          agent_id=agent["id"], user_id="erin")  # the user's count is 0
        _set_org_limit(http, org, USER_LIMIT + 3)
        with pytest.raises(LimitReached) as refused:
            turns.start(settings=settings, org_id=org["id"], input="more",
                        agent_id=agent["id"], user_id="frank")
        assert refused.value.code == "concurrency_limit_reached"
        for run in [*nested, own]:
            turns.cancel(org_id=org["id"], run_id=run.id)  # queued: cancelled at once


@pytest.mark.parametrize("name", ["AGENT_PLATFORM_ORG_TURNS_IN_FLIGHT",
                                  "AGENT_PLATFORM_USER_TURNS_IN_FLIGHT"])
def test_settings_refuse_a_negative_limit(name, tmp_path):
    env = {"AGENT_PLATFORM_DATA_DIR": str(tmp_path)}
    assert Settings.from_env({**env, name: "0"}) is not None  # 0: no limit
    with pytest.raises(SystemExit, match=name):
        Settings.from_env({**env, name: "-1"})
