"""User memory: /v1/memories for the calling end user (session token, or X-User-Id with the
API key), full-text search on the database's own index (SQLite FTS5, Postgres tsvector), the
built-in memory tools and digest of agents with memory, memory writes as run steps and stream
events, and erasure with the user."""
import json


from core import db
from store.models import RunEvent
from tests.factories import assert_problem, list_all, make_org
from tests.factories_chat import post_chat, wait_turn
from tests.factories_identity import mint
from tests.factories_turns import openai_agent
from tests.fixtures_turns import allow_loopback, model, org  # noqa: F401 (fixtures)
from testkit import text, tool_calls
from tests.waiting import wait_until


def as_user(org, user_id):
    return {**org["headers"], "X-User-Id": user_id}


def remember(client, headers, text_, status=201):
    resp = client.post("/v1/memories", json={"text": text_}, headers=headers)
    assert resp.status_code == status, resp.text
    return resp.json()["memory"]


def search(client, headers, q, **params):
    resp = client.get("/v1/memories", params={"q": q, **params}, headers=headers)
    assert resp.status_code == 200, resp.text
    body = resp.json()
    assert body["next_cursor"] is None
    return [m["text"] for m in body["memories"]]


def test_crud_for_the_calling_user(client, org):
    alice = as_user(org, "alice")
    saved = remember(client, alice, "Likes green tea.")
    assert saved["user_id"] == "alice" and saved["agent_id"] is None and saved["run_id"] is None
    assert client.get(f"/v1/memories/{saved['id']}", headers=alice).json()["memory"] == saved
    assert [m["id"] for m in list_all(client, "/v1/memories", "memories", alice)] == [saved["id"]]
    # another user of the organization sees nothing of alice's
    bob = as_user(org, "bob")
    assert list_all(client, "/v1/memories", "memories", bob) == []
    for call in (client.get, client.delete):
        assert_problem(call(f"/v1/memories/{saved['id']}", headers=bob), 404)
    # nor does another organization with the same user id
    other = make_org(client)
    assert_problem(client.get(f"/v1/memories/{saved['id']}", headers=as_user(other, "alice")),
                   404)
    # an API key without a user is 400
    assert_problem(client.get("/v1/memories", headers=org["headers"]), 400, "user_required")
    assert_problem(client.post("/v1/memories", json={"text": "x"}, headers=org["headers"]),
                   400, "user_required")
    resp = client.delete(f"/v1/memories/{saved['id']}", headers=alice)
    assert resp.status_code == 200 and resp.json() == {"deleted": saved["id"]}
    assert_problem(client.get(f"/v1/memories/{saved['id']}", headers=alice), 404)


def test_session_tokens_reach_only_their_own_memories(client, org):
    tokens = mint(client, org, "carol")
    carol = {"Authorization": f"Bearer {tokens['access_token']}"}
    mine = remember(client, carol, "Works night shifts.")
    assert mine["user_id"] == "carol"
    theirs = remember(client, as_user(org, "dave"), "Has a dog.")
    assert_problem(client.get(f"/v1/memories/{theirs['id']}", headers=carol), 404)
    assert_problem(client.delete(f"/v1/memories/{theirs['id']}", headers=carol), 404)
    assert_problem(client.get("/v1/memories", headers={**carol, "X-User-Id": "dave"}), 403)
    # the API key manages any user's memories
    assert client.get(f"/v1/memories/{mine['id']}", headers=as_user(org, "carol")).json()[
        "memory"]["text"] == "Works night shifts."
    assert search(client, carol, "dog") == []
    assert search(client, carol, "night") == ["Works night shifts."]


def test_full_text_search(client, org):
    erin = as_user(org, "erin")
    for t in ("Allergic to peanuts.", "Drinks coffee black every morning.",
              "Her coffee mug says 'World's best coffee'.", "Lives in São Paulo.",
              "Prefers e-mail over phone calls."):
        remember(client, erin, t)
    remember(client, as_user(org, "frank"), "Drinks coffee too.")
    assert search(client, erin, "peanuts") == ["Allergic to peanuts."]
    found = search(client, erin, "coffee")
    assert set(found) == {"Drinks coffee black every morning.",
                          "Her coffee mug says 'World's best coffee'."}
    assert found[0] == "Her coffee mug says 'World's best coffee'."  # more matches rank first
    assert search(client, erin, "coff") == found  # word prefixes match
    assert set(search(client, erin, "tea OR peanuts morning")) == {
        "Allergic to peanuts.", "Drinks coffee black every morning."}
    assert search(client, erin, "PAULO") == ["Lives in São Paulo."]
    assert search(client, erin, "e-mail") == ["Prefers e-mail over phone calls."]
    for hostile in ('"', "*", "AND", "NEAR(", "'; DROP TABLE memory; --", "!!!", "a:b"):
        resp = client.get("/v1/memories", params={"q": hostile}, headers=erin)
        assert resp.status_code == 200, (hostile, resp.text)
    assert search(client, erin, "...") == []
    assert search(client, erin, "coffee", limit=1) == found[:1]


def test_agent_memory_tools_steps_and_digest(client, org, model):
    model.reset()
    agent = openai_agent(client, org, instructions="You are helpful.", memory=True)
    assert agent["memory"] is True
    grace = as_user(org, "grace")
    kept = remember(client, grace, "Name of her cat: Miso.")
    model.enqueue(tool_calls(("c1", "memory_save", {"text": "Is vegetarian."}),
                             ("c2", "memory_search", {"query": "cat"})),
                  text("Noted."))
    resp = client.post(f"/v1/agents/{agent['id']}/run", json={"input": "I am vegetarian."},
                       headers=grace)
    assert resp.status_code == 200, resp.text
    run = resp.json()["run"]
    assert run["status"] == "succeeded" and run["output"] == "Noted."
    first = model.requests[-2].body
    system = first["messages"][0]
    assert system["role"] == "system" and "You are helpful." in system["content"]
    assert f"[{kept['id']}] Name of her cat: Miso." in system["content"]
    assert {t["function"]["name"] for t in first["tools"]} == {
        "memory_save", "memory_search", "memory_forget"}
    tool_messages = {m["tool_call_id"]: m["content"] for m in model.requests[-1].body["messages"]
                     if m["role"] == "tool"}
    assert json.loads(tool_messages["c2"]) == {"memories": [{"id": kept["id"],
                                                              "text": "Name of her cat: Miso."}]}
    saved = json.loads(tool_messages["c1"])["saved"]
    memory_steps = [s for s in run["steps"] if s["type"] == "memory"]
    assert memory_steps == [{"type": "memory", "agent_id": agent["id"], "tool_call_id": "c1",
                             "action": "save", "memory_id": saved}]
    row = client.get(f"/v1/memories/{saved}", headers=grace).json()["memory"]
    assert row["text"] == "Is vegetarian." and row["agent_id"] == agent["id"]
    assert row["run_id"] == run["id"]
    # forgetting is a step too; another user's memory cannot be forgotten
    other = remember(client, as_user(org, "heidi"), "Secret.")
    model.enqueue(tool_calls(("c3", "memory_forget", {"memory_id": saved}),
                             ("c4", "memory_forget", {"memory_id": other["id"]})), text("Done."))
    run = client.post(f"/v1/agents/{agent['id']}/run", json={"input": "forget it"},
                      headers=grace).json()["run"]
    assert [s["action"] for s in run["steps"] if s["type"] == "memory"] == ["forget"]
    failed = [s for s in run["steps"] if s["type"] == "tool_call" and s["status"] == "failed"]
    assert [s["error"]["code"] for s in failed] == ["memory_not_found"]
    assert_problem(client.get(f"/v1/memories/{saved}", headers=grace), 404)
    assert client.get(f"/v1/memories/{other['id']}",
                      headers=as_user(org, "heidi")).status_code == 200


def test_no_memory_tools_without_memory_or_without_a_user(client, org, model):
    model.reset()
    plain = openai_agent(client, org)
    assert plain["memory"] is False
    remembering = openai_agent(client, org, memory=True)
    model.enqueue(text("a"), text("b"))
    client.post(f"/v1/agents/{plain['id']}/run", json={"input": "hi"},
                headers=as_user(org, "ivan"))
    client.post(f"/v1/agents/{remembering['id']}/run", json={"input": "hi"},
                headers=org["headers"])  # no end user: nothing to remember for
    for request in model.requests[-2:]:
        assert "tools" not in request.body or not request.body["tools"]


def test_memory_writes_are_stream_events(client, org):
    agent = client.post("/v1/agents", json={"name": "echo-memory", "memory": True},
                        headers=org["headers"]).json()["agent"]
    judy = as_user(org, "judy")
    turn = post_chat(client, judy, 'call memory_save {"text": "Plays chess."}',
                     agent_id=agent["id"])
    wait_turn(client, judy, turn["thread"]["id"], turn["run"]["id"])
    def logged():  # the final event follows the stored answer
        with db.connection():
            return [(e.kind, e.data) for e in RunEvent.select().where(
                RunEvent.run_id == turn["run"]["id"]).order_by(RunEvent.seq)]

    events = wait_until(logged, 10, "run.completed",
                        done=lambda events: "run.completed" in [k for k, _ in events])
    kinds = [k for k, _ in events]
    assert kinds.index("tool.called") < kinds.index("memory.saved") < kinds.index("run.completed")
    data = dict(events)["memory.saved"]
    assert data["memory"]["text"] == "Plays chess." and data["agent_id"] == agent["id"]
    assert data["run_id"] == turn["run"]["id"]


def test_deleting_a_user_erases_memories_threads_and_credentials(client, org):
    agent = client.post("/v1/agents", json={"name": "plain-echo"},
                        headers=org["headers"]).json()["agent"]
    kim = as_user(org, "kim")
    remember(client, kim, "Speaks Korean.")
    turn = post_chat(client, kim, "hello", agent_id=agent["id"])
    wait_turn(client, kim, turn["thread"]["id"])
    remember(client, as_user(org, "lee"), "Stays.")
    # 409 while a turn is still finishing
    wait_until(lambda: client.delete("/v1/users/kim", headers=org["headers"]).status_code, 10,
               "the user to be deleted", every=0.1, done=lambda status: status != 409)
    assert list_all(client, "/v1/memories", "memories", kim) == []
    assert client.get("/v1/threads", headers=kim).json()["threads"] == []
    assert_problem(client.get("/v1/users/kim", headers=org["headers"]), 404)
    assert len(list_all(client, "/v1/memories", "memories", as_user(org, "lee"))) == 1
