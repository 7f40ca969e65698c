"""GET /v1/runs (filters, newest first, cursor pages, a session's own runs only), GET
/v1/runs/{id}/events (the events a chat turn recorded), GET /v1/usage (exact against the spend
ledger, grouped), and the monthly run counter counted whatever the quota."""
import datetime as dt

import pytest

from core import db
from store.models import SpendEntry
from tests.conftest import make_settings
from tests.factories import ADMIN, assert_problem, bearer, list_all, make_org, pages
from tests.factories_chat import make_agent, post_chat, read_stream, user, wait_turn
from tests.factories_copilots import make_copilot
from tests.factories_identity import mint
from tests.factories_workflows import make_workflow, start_run, wait_run

PRICES = {"*": {"input": 3, "output": 7}}  # USD per million tokens: every run costs something


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return make_settings(database_url, tmp_path_factory.mktemp("data"), prices=PRICES)


@pytest.fixture(scope="module")
def world(client):
    """Two orgs; in the first an agent, a network, a workflow with an agent step, and runs of
    two users in two groups; the foreign org has runs of its own."""
    org, other = make_org(client), make_org(client)
    assert client.post("/v1/groups", json={"group_id": "emea", "display_name": "EMEA"},
                       headers=org["headers"]).status_code == 201
    agent = make_agent(client, org["headers"])
    copilot = make_copilot(client, org, agents=[agent["id"]])
    workflow = make_workflow(client, org, steps=[{"id": "ask", "type": "agent", "ref": agent["id"],
                                                  "input": "{{input.q}}"}])
    ana = mint(client, org, "ana", group_id="emea")
    runs = {"agent_api": _run(client, f"/v1/agents/{agent['id']}/run", org["headers"], "one two"),
            "copilot_ana": _run(client, f"/v1/copilots/{copilot['id']}/run",
                                bearer(ana["access_token"]), "three four five"),
            "agent_bo": _run(client, f"/v1/agents/{agent['id']}/run", user(org, "bo"), "six")}
    chat = post_chat(client, bearer(ana["access_token"]), "hello there", agent_id=agent["id"])
    wait_turn(client, bearer(ana["access_token"]), chat["thread"]["id"], chat["run"]["id"])
    runs["chat_ana"] = chat["run"]
    wf_run = wait_run(client, org["headers"], start_run(client, org["headers"], workflow["id"],
                                                        {"q": "seven eight"})["id"])
    assert wf_run["status"] == "succeeded", wf_run
    foreign_agent = make_agent(client, other["headers"])
    _run(client, f"/v1/agents/{foreign_agent['id']}/run", other["headers"], "foreign")
    return {"org": org, "other": other, "agent": agent, "copilot": copilot,
            "workflow": workflow, "wf_run": wf_run, "ana": ana, "runs": runs}


def _run(client, url, headers, text) -> dict:
    resp = client.post(url, json={"input": text}, headers=headers)
    assert resp.status_code == 200, resp.text
    return resp.json()["run"]


def _ids(client, headers, **params) -> list[str]:
    resp = client.get("/v1/runs", params=params, headers=headers)
    assert resp.status_code == 200, resp.text
    return [r["id"] for r in resp.json()["runs"]]


def test_the_list_is_the_orgs_runs_newest_first_in_cursor_pages(client, world):
    org = world["org"]
    every = list_all(client, "/v1/runs", "runs", org["headers"])
    assert len(every) == 5  # four turns and the workflow's agent step; no foreign run
    stamps = [(r["created_at"], r["id"]) for r in every]
    assert stamps == sorted(stamps, reverse=True)
    paged = pages(client, "/v1/runs", "runs", org["headers"], limit=2)
    assert [len(p) for p in paged] == [2, 2, 1]
    assert [r["id"] for p in paged for r in p] == [r["id"] for r in every]
    foreign = list_all(client, "/v1/runs", "runs", world["other"]["headers"])
    assert len(foreign) == 1 and not {r["id"] for r in foreign} & {r["id"] for r in every}


def test_filters(client, world):
    h, runs, agent = world["org"]["headers"], world["runs"], world["agent"]
    assert _ids(client, h, kind="copilot") == [runs["copilot_ana"]["id"]]
    assert set(_ids(client, h, user_id="ana")) == {runs["copilot_ana"]["id"], runs["chat_ana"]["id"]}
    assert set(_ids(client, h, group_id="emea")) == {runs["copilot_ana"]["id"],
                                                     runs["chat_ana"]["id"]}
    assert _ids(client, h, copilot_id=world["copilot"]["id"]) == [runs["copilot_ana"]["id"]]
    step_runs = _ids(client, h, workflow_id=world["workflow"]["id"])
    assert len(step_runs) == 1
    step = client.get(f"/v1/runs/{step_runs[0]}", headers=h).json()["run"]
    assert step["workflow_run_id"] == world["wf_run"]["id"] and step["kind"] == "agent"
    assert step["agent_id"] == agent["id"] and step["input"] == "seven eight"
    assert len(_ids(client, h, agent_id=agent["id"], kind="agent")) == 4
    assert len(_ids(client, h, status="succeeded")) == 5 and _ids(client, h, status="failed") == []
    middle = runs["agent_bo"]["created_at"]
    after = _ids(client, h, created_after=middle)
    assert runs["agent_bo"]["id"] in after and runs["copilot_ana"]["id"] not in after
    before = _ids(client, h, created_before=middle)
    assert runs["agent_bo"]["id"] not in before and runs["copilot_ana"]["id"] in before
    assert_problem(client.get("/v1/runs", params={"kind": "workflow"}, headers=h), 400)


def test_a_session_token_lists_only_its_users_runs(client, world):
    ana = bearer(world["ana"]["access_token"])
    mine = {world["runs"]["copilot_ana"]["id"], world["runs"]["chat_ana"]["id"]}
    assert set(_ids(client, ana)) == mine
    assert _ids(client, ana, user_id="bo") == []  # another user's filter finds nothing
    assert set(_ids(client, user(world["org"], "ana"))) == mine  # API key with X-User-Id
    # one run's record and events stay with the API key (X-User-Id narrows them)
    mine_run = world["runs"]["chat_ana"]["id"]
    assert_problem(client.get(f"/v1/runs/{mine_run}/events", headers=ana), 403,
                   "credential_not_allowed")
    assert_problem(client.get(f"/v1/runs/{mine_run}/events",
                              headers=user(world["org"], "bo")), 404)


def test_events_of_a_chat_turn_are_those_the_stream_sent(client, world):
    chat = world["runs"]["chat_ana"]
    stream = read_stream(client, chat["thread_id"], bearer(world["ana"]["access_token"]),
                         last_event_id=0)
    headers = user(world["org"], "ana")
    sent = [(e.id, e.kind, e.data) for e in stream.events if e.data.get("run_id", e.data.get(
        "run", {}).get("id")) == chat["id"]]
    events = list_all(client, f"/v1/runs/{chat['id']}/events", "events", headers)
    assert [(e["id"], e["event"], e["data"]) for e in events] == sent
    assert events[0]["event"] == "run.started" and events[-1]["event"] == "run.completed"
    assert [len(p) for p in pages(client, f"/v1/runs/{chat['id']}/events", "events", headers,
                                  limit=1)] == [1] * len(events)
    # a run without a thread records no events; a foreign org's caller does not find it
    api_run = world["runs"]["agent_api"]["id"]
    got = client.get(f"/v1/runs/{api_run}/events", headers=world["org"]["headers"])
    assert got.status_code == 200 and got.json() == {"events": [], "next_cursor": None}
    assert_problem(client.get(f"/v1/runs/{chat['id']}/events",
                              headers=world["other"]["headers"]), 404)


def _ledger(org_id: str) -> list[SpendEntry]:
    with db.connection():
        return list(SpendEntry.select().where(SpendEntry.org == org_id))


def _usage(client, headers, **params) -> dict:
    resp = client.get("/v1/usage", params=params, headers=headers)
    assert resp.status_code == 200, resp.text
    return resp.json()


def test_usage_is_exact_against_the_spend_ledger(client, world):
    org = world["org"]
    ledger = _ledger(org["id"])
    assert len(ledger) == 5 and all(e.amount_micro_usd > 0 for e in ledger)
    body = _usage(client, org["headers"])
    micro = sum(e.amount_micro_usd for e in ledger)
    assert body["totals"] == {
        "runs": 5, "input_tokens": sum(e.input_tokens for e in ledger),
        "output_tokens": sum(e.output_tokens for e in ledger),
        "cost_micro_usd": micro, "cost_usd": micro / 1_000_000}
    assert body["group_by"] is None and body["groups"] is None
    assert body["start"].endswith("-01T00:00:00.000Z")
    for key in ("group", "user", "agent", "copilot", "model"):
        grouped = _usage(client, org["headers"], group_by=key)
        assert grouped["totals"] == body["totals"]
        for name in ("runs", "input_tokens", "output_tokens", "cost_micro_usd"):
            assert sum(g[name] for g in grouped["groups"]) == body["totals"][name], (key, name)
    by_group = {g["key"]: g["runs"] for g in _usage(client, org["headers"],
                                                    group_by="group")["groups"]}
    assert by_group == {"emea": 2, "default": 3}
    by_user = {g["key"]: g["runs"] for g in _usage(client, org["headers"], group_by="user")["groups"]}
    assert by_user == {"ana": 2, "bo": 1, None: 2}
    by_copilot = {g["key"]: g["runs"] for g in _usage(client, org["headers"],
                                                      group_by="copilot")["groups"]}
    assert by_copilot == {world["copilot"]["id"]: 1, None: 4}
    by_agent = {g["key"]: g["runs"] for g in _usage(client, org["headers"],
                                                    group_by="agent")["groups"]}
    assert by_agent == {world["agent"]["id"]: 5}
    # the range: nothing before the first entry, everything up to just after the last
    first = min(e.created_at for e in ledger)
    last = max(e.created_at for e in ledger)
    early = _usage(client, org["headers"], end=first.isoformat() + "Z")
    assert early["totals"]["runs"] == 0 and early["totals"]["cost_micro_usd"] == 0
    span = _usage(client, org["headers"], start=first.isoformat() + "Z",
                  end=(last + dt.timedelta(microseconds=1)).isoformat() + "+00:00")
    assert span["totals"] == body["totals"]
    foreign = _usage(client, world["other"]["headers"])
    assert foreign["totals"]["runs"] == 1


def test_usage_needs_the_api_key(client, world):
    assert_problem(client.get("/v1/usage", headers=bearer(world["ana"]["access_token"])), 403,
                   "credential_not_allowed")
    admin = {**ADMIN, "X-Organization-Id": world["org"]["id"]}
    assert _usage(client, admin)["totals"]["runs"] == 5
    assert_problem(client.get("/v1/usage", params={"group_by": "thread"},
                              headers=world["org"]["headers"]), 400)


def test_runs_are_counted_whatever_the_quota(client):
    org = make_org(client)
    agent = make_agent(client, org["headers"])
    limits_url = f"/v1/admin/orgs/{org['id']}/limits"
    for _ in range(3):
        _run(client, f"/v1/agents/{agent['id']}/run", org["headers"], "count me")
    assert client.get(limits_url, headers=ADMIN).json()["runs_this_month"] == 3
    # a quota set mid-month counts the month's earlier runs
    assert client.put(limits_url, json={"runs_per_month": 4}, headers=ADMIN).status_code == 200
    _run(client, f"/v1/agents/{agent['id']}/run", org["headers"], "the fourth")
    assert_problem(client.post(f"/v1/agents/{agent['id']}/run", json={"input": "fifth"},
                               headers=org["headers"]), 429, "usage_limit_reached")
    assert client.get(limits_url, headers=ADMIN).json()["runs_this_month"] == 4
