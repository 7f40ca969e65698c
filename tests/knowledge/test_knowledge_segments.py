"""Knowledge bases whose vectors cross the segment threshold (a small one here): searches
answer from sealed segments (their own HNSW index on Postgres) and the open one alike;
re-uploads and deletions across segments; the indexes of sealed segments, and of nothing
else; migration 0076 turning an older database's vectors into a sealed segment. On both
backends' vector engines (tests/pgvector.py): on SQLite the segments are Postgres's alone
and the searches must answer the same."""
import importlib

import pytest

from core import db
from store import vectors
from tests.factories import make_org
from tests.factories_knowledge import (
    add_text,
    make_kb,
    search,
    use_embeddings,
    wait_document,
)
from tests.waiting import wait_until
from testkit.openai_server import OpenAIServer

TEXTS = ["amber falcon harbor", "brisk glacier lantern", "cobalt meadow orchid",
         "dusty prairie quartz", "ember ridge saffron"]


@pytest.fixture(scope="module")
def database_url(vector_database_url):
    return vector_database_url


@pytest.fixture(scope="module")
def embedder():
    with OpenAIServer() as server:
        yield server


@pytest.fixture(scope="module")
def org(client, embedder):
    org = make_org(client)
    use_embeddings(client, org, embedder)
    return org


@pytest.fixture(autouse=True)
def small_segments(monkeypatch):
    monkeypatch.setattr(vectors, "SEGMENT_ROWS", 2)  # sealed at two vectors


def _upload(client, org, kb_id, name, text):
    doc = wait_document(client, org, kb_id, add_text(client, org, kb_id, name, text)["id"])
    assert doc["status"] == "ready", doc
    return doc


def _space_id(org):
    from store import embeddings

    with db.connection():
        return embeddings.active(org_id=org["id"]).id


def _segments(org, kb_id):
    with db.connection():
        return vectors.segments(space_id=_space_id(org), kb_id=kb_id)


def _seg_indexes():
    with db.connection():
        return dict(db.database.execute_sql(
            "SELECT c.relname, c.reloptions FROM pg_class c WHERE c.relname LIKE "
            "'kb\\_vector\\_seg\\_%%'").fetchall())


def _vector_count(kb_id):
    with db.connection():
        return db.run_sql("SELECT count(*) FROM kb_vector WHERE kb_id = %s",
                          (kb_id,)).fetchone()[0]


def _base(client, org, name):
    kb = make_kb(client, org, name)
    docs = [_upload(client, org, kb["id"], f"d{i}.md", text) for i, text in enumerate(TEXTS)]
    return kb, docs


def test_searches_answer_from_sealed_and_open_segments(client, org):
    kb, docs = _base(client, org, "crossing")
    for doc, text in zip(docs, TEXTS):  # each document's own text is its nearest chunk
        found = search(client, org, kb["id"], text, top_k=5)
        assert found[0]["document"]["id"] == doc["id"] and found[0]["text"] == text
        assert len(found) == 5 and found[0]["score"] > found[1]["score"]
        assert [r["score"] for r in found] == sorted((r["score"] for r in found), reverse=True)
    assert search(client, org, kb["id"], TEXTS[3], top_k=2)[0]["text"] == TEXTS[3]
    if not db.is_postgres():
        assert _segments(org, kb["id"]) == []
        return
    segments = _segments(org, kb["id"])  # 2 + 2 sealed, the fifth vector in the open one
    assert [(s["state"], s["rows"], s["indexed"]) for s in segments] == [
        ("sealed", 2, True), ("sealed", 2, True), ("open", 1, False)]
    indexes = _seg_indexes()
    for s in segments[:2]:
        assert indexes[f"kb_vector_seg_{s['id']}"] == ["m=12", "ef_construction=40"]
    with db.connection():  # no index over the whole table any more
        assert db.database.execute_sql(
            "SELECT count(*) FROM pg_indexes WHERE indexname LIKE 'kb\\_vector\\_hnsw%%'"
        ).fetchone()[0] == 0


def test_replacing_and_deleting_across_segments(client, org):
    kb, docs = _base(client, org, "changing")
    # the first document (a sealed segment) replaced: the new text answers, the old is gone
    _upload(client, org, kb["id"], "d0.md", "violet canyon walnut")
    found = search(client, org, kb["id"], TEXTS[0], top_k=5)
    assert TEXTS[0] not in [r["text"] for r in found]
    assert search(client, org, kb["id"], "violet canyon walnut")[0]["text"] == (
        "violet canyon walnut")
    # the third (the second sealed segment) deleted: never found again, its vector removed
    resp = client.delete(f"/v1/knowledge-bases/{kb['id']}/documents/{docs[2]['id']}",
                         headers=org["headers"])
    assert resp.status_code == 200
    found = search(client, org, kb["id"], TEXTS[2], top_k=10)
    assert TEXTS[2] not in [r["text"] for r in found]
    assert sorted(r["text"] for r in found) == sorted(
        ["violet canyon walnut", TEXTS[1], TEXTS[3], TEXTS[4]])
    assert _vector_count(kb["id"]) == 4
    if db.is_postgres():  # the sealed segments hold fewer vectors now (sparse), still indexed
        segments = _segments(org, kb["id"])
        assert [s["rows"] for s in segments if s["state"] == "sealed"][:2] == [1, 1]
        assert all(s["indexed"] for s in segments if s["state"] == "sealed")


def test_other_organizations_and_deleted_bases_leave_no_segments(client, org, embedder):
    kb, _ = _base(client, org, "doomed")
    other = make_org(client)
    use_embeddings(client, other, embedder)
    theirs = make_kb(client, other, "theirs")
    _upload(client, other, theirs["id"], "t.md", TEXTS[0])
    _upload(client, other, theirs["id"], "u.md", TEXTS[1])  # their own sealed segment
    mine = {r["knowledge_base"]["id"] for r in search(client, org, kb["id"], TEXTS[0], top_k=10)}
    assert mine == {kb["id"]}
    before = _seg_indexes() if db.is_postgres() else {}
    segment_ids = [s["id"] for s in _segments(org, kb["id"])]
    resp = client.delete(f"/v1/knowledge-bases/{kb['id']}", headers=org["headers"])
    assert resp.status_code == 200
    assert _vector_count(kb["id"]) == 0
    _upload(client, other, theirs["id"], "v.md", TEXTS[2])  # a later seal drops orphans
    _upload(client, other, theirs["id"], "w.md", TEXTS[3])
    assert [r["text"] for r in search(client, other, theirs["id"], TEXTS[2], top_k=1)] == [
        TEXTS[2]]
    if db.is_postgres():
        after = _seg_indexes()
        gone = {f"kb_vector_seg_{i}" for i in segment_ids}
        assert gone & set(before) and not gone & set(after)
        assert len([s for s in _segments(other, theirs["id"]) if s["indexed"]]) == 2


def test_migration_0076_seals_an_older_database_s_vectors(client, org):
    """On Postgres: vectors stored before segments (no segment, the HNSW index over the whole
    table) become one sealed segment of their base with its own index."""
    if not db.is_postgres():
        pytest.skip("segments are Postgres's")
    kb, docs = _base(client, org, "upgraded")
    space_id = _space_id(org)
    with db.connection():
        db.run_sql("UPDATE kb_vector SET segment_id = NULL WHERE kb_id = %s", (kb["id"],))
        db.run_sql("DELETE FROM kb_segment WHERE kb_id = %s", (kb["id"],))
        db.database.execute_sql(
            "CREATE INDEX kb_vector_hnsw_64 ON kb_vector USING hnsw ((embedding::vector(64)) "
            "vector_cosine_ops) WHERE dims = 64")
        upgrade = importlib.import_module("store.migrations.m0076_knowledge_segments")
        with db.atomic():
            upgrade.up(db.database.obj, None)
        assert db.database.execute_sql("SELECT count(*) FROM pg_indexes WHERE indexname = "
                                       "'kb_vector_hnsw_64'").fetchone()[0] == 0
        segments = vectors.segments(space_id=space_id, kb_id=kb["id"])
    assert [(s["state"], s["rows"], s["indexed"]) for s in segments] == [("sealed", 5, True)]
    for doc, text in zip(docs, TEXTS):
        assert search(client, org, kb["id"], text, top_k=1)[0]["document"]["id"] == doc["id"]


def test_a_new_model_rebuilds_the_segments_while_the_old_ones_answer(client, embedder):
    org = make_org(client)
    use_embeddings(client, org, embedder, model="seg-a")
    kb, docs = _base(client, org, "remodelled")
    old_space = _space_id(org)
    old = _segments(org, kb["id"])
    embedder.embedding_failures.extend([503] * 3)  # the new model's build fails at first
    use_embeddings(client, org, embedder, model="seg-b", dims=32, wait=False)
    entry = wait_until(lambda: client.get("/v1/model-config", headers=org["headers"]).json()[
        "embeddings"], 20, "the new embeddings model's build failed",
        done=lambda entry: entry["status"] == "failed")
    assert entry["active_model"] == "seg-a"  # and its segments answer
    assert search(client, org, kb["id"], TEXTS[1], top_k=1)[0]["document"]["id"] == docs[1]["id"]
    use_embeddings(client, org, embedder, model="seg-b", dims=32)  # retried: now it answers
    for doc, text in zip(docs, TEXTS):
        assert search(client, org, kb["id"], text, top_k=1)[0]["document"]["id"] == doc["id"]
    if db.is_postgres():  # sealed as the build went (one batch of the rebuild wrote all five
        # vectors: one segment past the threshold); the old space's segments are gone
        assert _space_id(org) != old_space and len(old) == 3
        assert [(s["state"], s["rows"], s["indexed"]) for s in _segments(org, kb["id"])] == [
            ("sealed", 5, True)]
        with db.connection():
            assert vectors.segments(space_id=old_space, kb_id=kb["id"]) == []
