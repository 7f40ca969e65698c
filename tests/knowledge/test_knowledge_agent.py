"""Agents with knowledge bases: `knowledge_base_ids` on the agent, the built-in
`search_knowledge` tool whose results carry citations (the tool message the model reads, the
run's steps, and `tool.result` events with `citations`); hybrid memory in the digest."""
import json

import pytest

from core import db
from store.models import RunEvent
from tests.factories import assert_problem, make_org
from tests.factories_chat import post_chat, wait_turn
from tests.factories_knowledge import add_text, make_kb, use_embeddings, wait_document
from tests.factories_turns import openai_agent
from tests.fixtures_turns import allow_loopback, model, org  # noqa: F401 (fixtures)
from testkit import text, tool_calls
from tests.knowledge.test_memories import as_user, remember
from tests.waiting import wait_until


@pytest.fixture(scope="module")
def database_url(vector_database_url):
    return vector_database_url


@pytest.fixture(scope="module")
def handbook(client, org, model):
    use_embeddings(client, org, model)
    kb = make_kb(client, org, "handbook", chunking={"size": 100, "overlap": 0})
    doc = add_text(client, org, kb["id"], "leave.md",
                   "# Leave\n\nEmployees have twenty five days of paid leave a year.\n\n"
                   "# Parking\n\nParking at the office is free for employees.")
    assert wait_document(client, org, kb["id"], doc["id"])["status"] == "ready"
    return {"kb": kb, "doc": doc}


def test_agents_name_their_knowledge_bases(client, org, handbook):
    agent = openai_agent(client, org, knowledge_base_ids=[handbook["kb"]["id"]])
    assert agent["knowledge_base_ids"] == [handbook["kb"]["id"]]
    missing = "00000000-0000-4000-8000-000000000000"
    resp = client.post("/v1/agents", headers=org["headers"],
                       json={"name": "x", "knowledge_base_ids": [missing]})
    assert_problem(resp, 404, "knowledge_base_not_found")
    other = make_org(client)
    resp = client.post("/v1/agents", headers=other["headers"],
                       json={"name": "x", "knowledge_base_ids": [handbook["kb"]["id"]]})
    assert_problem(resp, 404, "knowledge_base_not_found")
    resp = client.patch(f"/v1/agents/{agent['id']}", json={"knowledge_base_ids": []},
                        headers=org["headers"])
    assert resp.status_code == 200 and resp.json()["agent"]["knowledge_base_ids"] == []


def test_search_knowledge_answers_with_citations(client, org, model, handbook):
    model.reset()
    agent = openai_agent(client, org, instructions="Answer from the handbook.",
                         knowledge_base_ids=[handbook["kb"]["id"]])
    model.enqueue(tool_calls(("k1", "search_knowledge", {"query": "paid leave days",
                                                         "top_k": 1})),
                  text("25 days [1]."))
    resp = client.post(f"/v1/agents/{agent['id']}/run", json={"input": "How much leave?"},
                       headers=org["headers"])
    assert resp.status_code == 200, resp.text
    run = resp.json()["run"]
    assert run["status"] == "succeeded" and run["output"] == "25 days [1]."
    first = model.requests[-2].body
    assert [t["function"]["name"] for t in first["tools"]] == ["search_knowledge"]
    answer = next(m for m in model.requests[-1].body["messages"] if m["role"] == "tool")
    passages = json.loads(answer["content"])["passages"]
    assert len(passages) == 1 and passages[0]["source"] == 1
    assert "twenty five days" in passages[0]["text"] and passages[0]["document"] == "leave.md"
    step = next(s for s in run["steps"] if s["type"] == "tool_call")
    assert step["kind"] == "knowledge" and step["status"] == "succeeded"


def test_tool_result_events_carry_citations(client, org, model, handbook):
    model.reset()
    agent = openai_agent(client, org, knowledge_base_ids=[handbook["kb"]["id"]])
    model.enqueue(tool_calls(("k2", "search_knowledge", {"query": "parking office"})),
                  text("Parking is free [1]."))
    user = as_user(org, "lia")
    turn = post_chat(client, user, "Is parking free?", agent_id=agent["id"])
    wait_turn(client, user, turn["thread"]["id"], turn["run"]["id"])
    def logged():
        with db.connection():
            return [(e.kind, e.data) for e in RunEvent.select().where(
                RunEvent.run_id == turn["run"]["id"]).order_by(RunEvent.seq)]

    events = wait_until(logged, 10, "run.completed",
                        done=lambda events: "run.completed" in [k for k, _ in events])
    result = dict(events)["tool.result"]
    assert result["kind"] == "knowledge"
    citations = result["citations"]
    assert citations[0]["source"] == 1 and citations[0]["document_name"] == "leave.md"
    assert citations[0]["document_id"] == handbook["doc"]["id"]
    assert citations[0]["knowledge_base_id"] == handbook["kb"]["id"]
    assert citations[0]["position"] == 1  # the parking paragraph
    assert [c["score"] for c in citations] == sorted((c["score"] for c in citations),
                                                     reverse=True)


def test_memory_digest_is_the_most_relevant(client, org, model, handbook):
    model.reset()
    agent = openai_agent(client, org, instructions="Be kind.", memory=True)
    mia = as_user(org, "mia")
    relevant = remember(client, mia, "Owns a small sailing boat.")
    for i in range(25):  # newer memories that would fill a newest-first digest
        remember(client, mia, f"Note number {i} about nothing.")
    def vectors() -> int:
        with db.connection():
            return db.run_sql("SELECT count(*) FROM memory_vector v JOIN memory m ON "
                              "m.seq = v.memory_seq WHERE m.user_id = 'mia'").fetchone()[0]

    wait_until(vectors, 20, "every memory's vector", done=lambda count: count == 26)
    model.enqueue(text("Enjoy the sea."))
    resp = client.post(f"/v1/agents/{agent['id']}/run",
                       json={"input": "Where can I moor my sailing boat?"}, headers=mia)
    assert resp.status_code == 200, resp.text
    system = model.requests[-1].body["messages"][0]["content"]
    assert "most relevant to this message" in system
    assert f"[{relevant['id']}] Owns a small sailing boat." in system
