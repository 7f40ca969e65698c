"""Semantic memory: `GET /v1/memories?q=` in `keyword`, `semantic` and `hybrid` mode (the
default once the organization's embeddings model is ready) with each memory's score; new
memories embedded by a job; a change of model re-embedding in the background while the old
vectors answer; vectors deleted with their memory and their user; 409s without an engine or
a model. On both backends' vector engines (tests/pgvector.py)."""
import pytest

from core import db
from tests.factories import assert_problem, make_org
from tests.factories_knowledge import use_embeddings, wait_embeddings
from testkit.openai_server import OpenAIServer
from tests.knowledge.test_memories import as_user, remember
from tests.waiting import wait_until


@pytest.fixture(scope="module")
def database_url(vector_database_url):
    return vector_database_url


@pytest.fixture(scope="module")
def embedder():
    with OpenAIServer() as server:
        yield server


def memory_search(client, headers, q, **params):
    resp = client.get("/v1/memories", params={"q": q, **params}, headers=headers)
    assert resp.status_code == 200, resp.text
    return resp.json()


def vectors_of(memory_id: str) -> int:
    with db.connection():
        return db.run_sql("SELECT count(*) FROM memory_vector v JOIN memory m ON m.seq = "
                          "v.memory_seq WHERE m.id = %s", (memory_id,)).fetchone()[0]


def wait_vectors(memory_id: str, count: int = 1):
    wait_until(lambda: vectors_of(memory_id), 20, f"memory {memory_id} to have {count} vectors",
               done=lambda found: found == count)


def test_keyword_until_a_model_then_hybrid_by_default(client, embedder):
    org = make_org(client)
    ann = as_user(org, "ann")
    tea = remember(client, ann, "Drinks green tea every morning.")
    body = memory_search(client, ann, "tea")
    assert body["mode"] == "keyword" and body["memories"][0]["score"] == 1.0
    for mode in ("semantic", "hybrid"):
        resp = client.get("/v1/memories", params={"q": "tea", "mode": mode}, headers=ann)
        assert_problem(resp, 409, "embeddings_not_configured")
    use_embeddings(client, org, embedder)  # the build embeds the memories already there
    assert vectors_of(tea["id"]) == 1
    cats = remember(client, ann, "Has two cats at home.")
    wait_vectors(cats["id"])
    body = memory_search(client, ann, "cat")
    assert body["mode"] == "hybrid"
    assert [m["text"] for m in body["memories"]][0] == "Has two cats at home."
    # semantic: by vector only ("cats" is the same word as "cat" to the test model)
    body = memory_search(client, ann, "cat home", mode="semantic")
    assert body["mode"] == "semantic" and body["memories"][0]["id"] == cats["id"]
    assert 0 < body["memories"][0]["score"] <= 1.0
    assert body["memories"][0]["score"] > body["memories"][-1]["score"]
    # found by meaning where keyword search finds nothing ("homes" is "home" to the model)
    assert memory_search(client, ann, "homes", mode="keyword")["memories"] == []
    body = memory_search(client, ann, "homes")
    assert [m["id"] for m in body["memories"]][:1] == [cats["id"]]
    # another user's memories are never found
    bob = as_user(org, "bob")
    assert memory_search(client, bob, "cats home", mode="semantic")["memories"] == []


def test_vectors_go_with_the_memory_and_the_user(client, embedder):
    org = make_org(client)
    use_embeddings(client, org, embedder)
    cid = as_user(org, "cid")
    first = remember(client, cid, "Allergic to peanuts.")
    second = remember(client, cid, "Likes jazz.")
    wait_vectors(first["id"])
    wait_vectors(second["id"])
    assert client.delete(f"/v1/memories/{first['id']}", headers=cid).status_code == 200
    assert vectors_of(first["id"]) == 0
    with db.connection():
        before = db.run_sql("SELECT count(*) FROM memory_vector WHERE org_id = %s",
                            (org["id"],)).fetchone()[0]
    assert before == 1
    assert client.delete("/v1/users/cid", headers=org["headers"]).status_code in (200, 204)
    with db.connection():
        after = db.run_sql("SELECT count(*) FROM memory_vector WHERE org_id = %s",
                           (org["id"],)).fetchone()[0]
    assert after == 0


def test_a_new_model_re_embeds_while_the_old_one_answers(client, embedder):
    org = make_org(client)
    use_embeddings(client, org, embedder, model="embed-a")
    dee = as_user(org, "dee")
    saved = remember(client, dee, "Plays the cello on weekends.")
    wait_vectors(saved["id"])
    seen = len(embedder.embedding_requests)
    # the new model's build fails at first: the old model keeps answering
    embedder.embedding_failures.extend([503] * 3)
    resp = client.put("/v1/model-config", headers=org["headers"], json={
        "embeddings": {"base_url": embedder.base_url, "model": "embed-b", "dimensions": 32}})
    assert resp.status_code == 200, resp.text
    assert resp.json()["embeddings"]["model"] == "embed-b"
    entry = wait_until(lambda: client.get("/v1/model-config", headers=org["headers"]).json()[
        "embeddings"], 20, "the build to fail", done=lambda entry: entry["status"] == "failed")
    assert entry["active_model"] == "embed-a" and entry["error"]["code"] == "embedding_failed"
    body = memory_search(client, dee, "cello weekends", mode="semantic")
    assert body["memories"][0]["id"] == saved["id"]
    assert embedder.embedding_requests[-1].body["model"] == "embed-a"  # the query's model
    # the same configuration again retries the build; then the new model answers
    resp = client.put("/v1/model-config", headers=org["headers"], json={
        "embeddings": {"base_url": embedder.base_url, "model": "embed-b", "dimensions": 32}})
    assert resp.status_code == 200
    wait_embeddings(client, org, "embed-b")
    body = memory_search(client, dee, "cello weekends", mode="semantic")
    assert body["memories"][0]["id"] == saved["id"]
    assert embedder.embedding_requests[-1].body["model"] == "embed-b"
    assert embedder.embedding_requests[-1].body["dimensions"] == 32
    assert len(embedder.embedding_requests) > seen
    with db.connection():
        spaces = db.run_sql("SELECT model FROM embedding_space WHERE org_id = %s",
                            (org["id"],)).fetchall()
        dims = db.run_sql("SELECT DISTINCT dims FROM memory_vector WHERE org_id = %s",
                          (org["id"],)).fetchall()
    assert spaces == [("embed-b",)] and dims == [(32,)]  # the old vectors are gone
    # removing the model removes every vector; keyword search goes on
    current = client.get("/v1/model-config", headers=org["headers"]).json()
    resp = client.put("/v1/model-config", headers=org["headers"],
                      json={"default_provider": current["default_provider"], "embeddings": None})
    assert resp.status_code == 200 and resp.json()["embeddings"] is None
    assert vectors_of(saved["id"]) == 0
    assert memory_search(client, dee, "cello")["mode"] == "keyword"


def test_the_api_key_is_write_only(client, embedder):
    org = make_org(client)
    resp = client.put("/v1/model-config", headers=org["headers"], json={"embeddings": {
        "base_url": embedder.base_url, "model": "m", "dimensions": 8,
        "api_key": "sk-embed-secret-123"}})
    assert resp.status_code == 200
    assert "sk-embed-secret-123" not in resp.text and resp.json()["embeddings"]["has_api_key"]
    config = client.get("/v1/model-config", headers=org["headers"])
    assert "sk-embed-secret-123" not in config.text
    resp = client.put("/v1/model-config", headers=org["headers"], json={"embeddings": {
        "base_url": "http://169.254.169.254/v1", "model": "m", "dimensions": 8}})
    assert resp.status_code in (400, 403), resp.text


def test_embeddings_count_against_spend_caps(client, embedder):
    from tests.factories_knowledge import add_text, make_kb, wait_document

    org = make_org(client)
    use_embeddings(client, org, embedder)
    eve = as_user(org, "eve")
    remember(client, eve, "Collects stamps.")
    resp = client.patch("/v1/groups/default", json={"spend_cap_usd": 0}, headers=org["headers"])
    assert resp.status_code == 200, resp.text
    resp = client.get("/v1/memories", params={"q": "stamps", "mode": "semantic"}, headers=eve)
    assert_problem(resp, 429, "spend_cap_reached")
    assert memory_search(client, eve, "stamps", mode="keyword")["memories"]  # no model call
    kb = make_kb(client, org, "capped")
    doc = wait_document(client, org, kb["id"],
                        add_text(client, org, kb["id"], "c.md", "Capped text.")["id"])
    assert doc["status"] == "failed" and doc["error"]["code"] == "spend_cap_reached"
