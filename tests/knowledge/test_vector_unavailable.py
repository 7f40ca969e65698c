"""Without a vector engine (Postgres without pgvector, as the suite's own server; SQLite
without sqlite-vec, simulated by not loading it), semantic search answers 409
`vector_search_unavailable`, keyword memory search works as before, and documents are still
taken and chunked."""
import pytest

from core import sqlite_vectors
from tests.conftest import PG_SERVER_URL, _pg_admin_connect
from tests.factories import assert_problem, make_org
from tests.factories_knowledge import add_text, make_kb, use_embeddings, wait_document
from testkit.openai_server import OpenAIServer
from tests.knowledge.test_memories import as_user, remember


def _server_has_pgvector() -> bool:
    conn = _pg_admin_connect(PG_SERVER_URL)
    try:
        with conn.cursor() as cur:
            cur.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'")
            return cur.fetchone() is not None
    finally:
        conn.close()


@pytest.fixture(scope="module", autouse=True)
def no_vector_engine():
    if PG_SERVER_URL.startswith("postgres"):
        if _server_has_pgvector():
            pytest.skip("the test server offers pgvector")
        yield
        return
    patch = pytest.MonkeyPatch()
    patch.setattr(sqlite_vectors, "load", lambda conn: False)
    yield
    patch.undo()


@pytest.fixture(scope="module")
def app(no_vector_engine, settings):
    from server.app import create_app

    return create_app(settings, migrate=True)


def test_semantic_search_is_409_and_keyword_search_works(client):
    org = make_org(client)
    with OpenAIServer() as embedder:
        entry = use_embeddings(client, org, embedder, wait=False)["embeddings"]
        assert entry["status"] == "failed"
        assert entry["error"]["code"] == "vector_search_unavailable"
        ivy = as_user(org, "ivy")
        remember(client, ivy, "Speaks Portuguese.")
        body = client.get("/v1/memories", params={"q": "portuguese"}, headers=ivy).json()
        assert body["mode"] == "keyword" and [m["text"] for m in body["memories"]] == [
            "Speaks Portuguese."]
        for mode in ("semantic", "hybrid"):
            resp = client.get("/v1/memories", params={"q": "language", "mode": mode},
                              headers=ivy)
            assert_problem(resp, 409, "vector_search_unavailable")
        kb = make_kb(client, org, "plain")
        doc = wait_document(client, org, kb["id"],
                            add_text(client, org, kb["id"], "a.md", "Kept as text.")["id"])
        assert doc["status"] == "ready" and doc["progress"] == {"chunks": 1, "embedded": 0}
        assert_problem(client.get(f"/v1/knowledge-bases/{kb['id']}/search",
                                  params={"q": "text"}, headers=org["headers"]),
                       409, "vector_search_unavailable")
        assert embedder.embedding_requests == []  # nothing embedded that could not be searched
