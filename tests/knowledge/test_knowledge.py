"""Knowledge bases: documents uploaded (JSON and multipart; text, Markdown, HTML, PDF, DOCX),
chunked and embedded by a job with the organization's embeddings model, searched by meaning
with their document and position; atomic replacement of a document of the same name;
deletion with chunks and vectors; errors. On both backends' vector engines (tests/pgvector.py)."""
import io
import types

import pytest

from core import db
from tests.factories import assert_problem, list_all, make_org
from tests.factories_knowledge import (add_text, make_kb, search, use_embeddings,
                                       wait_document)
from testkit.openai_server import OpenAIServer
from tests.waiting import wait_until

HANDBOOK = """# Leave

Employees have twenty five days of paid leave every year.

# Expenses

Travel expenses are refunded within thirty days with receipts.
"""


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


def test_ingest_and_search_with_citations(client, org, embedder):
    kb = make_kb(client, org, "handbook", description="HR", chunking={"size": 100, "overlap": 20})
    assert kb["chunking"] == {"size": 100, "overlap": 20} and kb["documents"] == 0
    doc = add_text(client, org, kb["id"], "handbook.md", HANDBOOK)
    assert doc["status"] == "queued" and doc["current"] is False
    ready = wait_document(client, org, kb["id"], doc["id"])
    assert ready["status"] == "ready", ready
    assert ready["current"] is True and ready["progress"] == {"chunks": 2, "embedded": 2}
    found = search(client, org, kb["id"], "how many days of paid leave", top_k=2)
    assert [r["position"] for r in found] == [0, 1]
    assert found[0]["text"].startswith("# Leave") and found[0]["score"] > found[1]["score"]
    assert found[0]["document"] == {"id": doc["id"], "name": "handbook.md"}
    assert found[0]["knowledge_base"] == {"id": kb["id"], "name": "handbook"}
    body = client.get(f"/v1/knowledge-bases/{kb['id']}", headers=org["headers"]).json()
    assert body["knowledge_base"]["documents"] == 1 and body["knowledge_base"]["chunks"] == 2
    # embedded in batches through the organization's model, its tokens in the usage report
    assert all(r.body["model"] == "test-embed" for r in embedder.embedding_requests)
    usage = client.get("/v1/usage", params={"group_by": "model"}, headers=org["headers"]).json()
    assert any(g["key"] == "test-embed" and g["input_tokens"] > 0 for g in usage["groups"])


def test_replacing_a_document_is_atomic(client, org, embedder):
    kb = make_kb(client, org, "policies")
    first = wait_document(client, org, kb["id"],
                          add_text(client, org, kb["id"], "p.md", "Parking is free.")["id"])
    embedder.embedding_failures.extend([503, 503, 503])  # the replacement's embedding fails
    failed = wait_document(client, org, kb["id"],
                           add_text(client, org, kb["id"], "p.md", "Parking costs money.")["id"])
    assert failed["status"] == "failed" and failed["error"]["code"] == "embedding_failed"
    assert [r["text"] for r in search(client, org, kb["id"], "parking")] == ["Parking is free."]
    second = wait_document(client, org, kb["id"],
                           add_text(client, org, kb["id"], "p.md", "Parking costs money.")["id"])
    assert second["status"] == "ready"
    assert [r["text"] for r in search(client, org, kb["id"], "parking")] == [
        "Parking costs money."]
    ids = {d["id"] for d in list_all(client, f"/v1/knowledge-bases/{kb['id']}/documents",
                                     "documents", org["headers"])}
    assert first["id"] not in ids and second["id"] in ids  # the old one is gone
    assert_problem(client.get(f"/v1/knowledge-bases/{kb['id']}/documents/{first['id']}",
                              headers=org["headers"]), 404)


def test_retries_transient_provider_errors(client, org, embedder):
    kb = make_kb(client, org, "retries")
    embedder.embedding_failures.extend([429, 500])
    doc = wait_document(client, org, kb["id"],
                        add_text(client, org, kb["id"], "r.txt", "Retry me.", "text/plain")["id"])
    assert doc["status"] == "ready" and embedder.embedding_failures == []


def _pdf(text: str) -> bytes:
    from pypdf import PdfWriter
    from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject

    writer = PdfWriter()
    page = writer.add_blank_page(width=300, height=200)
    font = DictionaryObject({NameObject("/Type"): NameObject("/Font"),
                             NameObject("/Subtype"): NameObject("/Type1"),
                             NameObject("/BaseFont"): NameObject("/Helvetica")})
    page[NameObject("/Resources")] = DictionaryObject({NameObject("/Font"): DictionaryObject(
        {NameObject("/F1"): writer._add_object(font)})})
    stream = DecodedStreamObject()
    stream.set_data(f"BT /F1 12 Tf 20 100 Td ({text}) Tj ET".encode())
    page[NameObject("/Contents")] = writer._add_object(stream)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _docx(text: str) -> bytes:
    import docx

    document = docx.Document()
    document.add_paragraph(text)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


@pytest.mark.parametrize("filename,content_type,data,expected", [
    ("guide.pdf", "application/pdf", _pdf("Bicycles are stored in the basement."), "Bicycles"),
    ("guide.docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
     _docx("Bicycles are stored in the basement."), "Bicycles"),
    ("guide.html", "text/html", b"<html><head><style>p{}</style><script>x()</script></head>"
     b"<body><h1>Storage</h1><p>Bicycles are stored in the basement.</p></body></html>",
     "Storage"),
])
def test_multipart_uploads(client, org, filename, content_type, data, expected):
    kb = make_kb(client, org, f"uploads-{filename}")
    resp = client.post(f"/v1/knowledge-bases/{kb['id']}/documents", headers=org["headers"],
                       files={"file": (filename, data, content_type)})
    assert resp.status_code == 202, resp.text
    doc = resp.json()["document"]
    assert doc["name"] == filename and doc["content_type"] == content_type
    assert wait_document(client, org, kb["id"], doc["id"])["status"] == "ready"
    found = search(client, org, kb["id"], "where are bicycles stored")
    assert expected in found[0]["text"] and "x()" not in found[0]["text"]


def test_unreadable_and_refused_documents(client, org):
    kb = make_kb(client, org, "bad")
    resp = client.post(f"/v1/knowledge-bases/{kb['id']}/documents", headers=org["headers"],
                       files={"file": ("x.pdf", b"%PDF-1.4 not really", "application/pdf")})
    doc = wait_document(client, org, kb["id"], resp.json()["document"]["id"])
    assert doc["status"] == "failed" and doc["error"]["code"] == "document_unreadable"
    assert doc["current"] is False
    resp = client.post(f"/v1/knowledge-bases/{kb['id']}/documents", headers=org["headers"],
                       files={"file": ("x.png", b"\x89PNG", "image/png")})
    assert_problem(resp, 409, "unsupported_content_type")
    resp = client.post(f"/v1/knowledge-bases/{kb['id']}/documents", content=b"{}",
                       headers={**org["headers"], "Content-Type": "multipart/form-data"})
    assert_problem(resp, 400, "invalid_request")  # no boundary: not a multipart body
    resp = client.post(f"/v1/knowledge-bases/{kb['id']}/documents", headers=org["headers"],
                       json={"name": "e.txt", "content": "   ", "content_type": "text/plain"})
    empty = wait_document(client, org, kb["id"], resp.json()["document"]["id"])
    assert empty["error"]["code"] == "document_empty"
    assert_problem(client.post("/v1/knowledge-bases", json={"name": "bad"},
                               headers=org["headers"]), 409, "knowledge_base_name_taken")
    assert_problem(client.post("/v1/knowledge-bases", headers=org["headers"], json={
        "name": "odd", "chunking": {"size": 200, "overlap": 200}}), 409, "invalid_chunking")


def test_scoped_to_the_organization_and_deleted_with_everything(client, org):
    kb = make_kb(client, org, "scoped")
    doc = wait_document(client, org, kb["id"],
                        add_text(client, org, kb["id"], "s.md", "Secret recipe.")["id"])
    other = make_org(client)
    for path in (f"/v1/knowledge-bases/{kb['id']}", f"/v1/knowledge-bases/{kb['id']}/documents",
                 f"/v1/knowledge-bases/{kb['id']}/search?q=recipe"):
        assert_problem(client.get(path, headers=other["headers"]), 404)
    with db.connection():
        held = db.run_sql("SELECT count(*) FROM kb_vector WHERE kb_id = %s", (kb["id"],))
        assert held.fetchone()[0] == 1
    resp = client.delete(f"/v1/knowledge-bases/{kb['id']}/documents/{doc['id']}",
                         headers=org["headers"])
    assert resp.status_code == 200 and resp.json() == {"deleted": doc["id"]}
    assert search(client, org, kb["id"], "recipe") == []
    wait_document(client, org, kb["id"],
                  add_text(client, org, kb["id"], "s.md", "Secret recipe.")["id"])
    assert client.delete(f"/v1/knowledge-bases/{kb['id']}", headers=org["headers"]).status_code == 200
    assert_problem(client.get(f"/v1/knowledge-bases/{kb['id']}", headers=org["headers"]), 404)
    with db.connection():
        for table in ("kb_vector", "kb_chunk", "kb_document"):
            count = db.run_sql(f"SELECT count(*) FROM {table} WHERE kb_id = %s", (kb["id"],))
            assert count.fetchone()[0] == 0, table


def test_search_needs_an_embeddings_model(client):
    bare = make_org(client)
    kb = make_kb(client, bare, "plain")
    doc = wait_document(client, bare, kb["id"],
                        add_text(client, bare, kb["id"], "a.md", "Kept for later.")["id"])
    assert doc["status"] == "ready" and doc["progress"]["embedded"] == 0
    assert_problem(client.get(f"/v1/knowledge-bases/{kb['id']}/search", params={"q": "later"},
                              headers=bare["headers"]), 409, "embeddings_not_configured")


def test_a_model_that_cannot_be_reached_fails_its_build_and_the_active_one_goes_on(
        client, embedder):
    """A new embeddings model is called once before it serves: one whose host resolves nowhere
    (`.invalid`, RFC 6761) fails its build with `embedding_failed`, and searches go on with the
    model before it, or answer 409 when there is none."""
    org = make_org(client)
    use_embeddings(client, org, embedder)
    kb = make_kb(client, org, "kept")
    wait_document(client, org, kb["id"], add_text(client, org, kb["id"], "a.md", HANDBOOK)["id"])
    unreachable = types.SimpleNamespace(base_url="http://embeddings.invalid/v1")
    use_embeddings(client, org, unreachable, model="lost", wait=False)
    entry = wait_until(lambda: client.get("/v1/model-config", headers=org["headers"]).json()[
        "embeddings"], 30, "the build to fail", done=lambda entry: entry["status"] == "failed")
    assert entry["error"]["code"] == "embedding_failed" and "embeddings.invalid" in \
        entry["error"]["message"]
    assert entry["active_model"] == "test-embed"
    assert search(client, org, kb["id"], "paid leave")[0]["document"]["name"] == "a.md"

    bare = make_org(client)
    use_embeddings(client, bare, unreachable, model="lost", wait=False)
    wait_until(lambda: client.get("/v1/model-config", headers=bare["headers"]).json()[
        "embeddings"]["status"], 30, "the build to fail", done=lambda status: status == "failed")
    other = make_kb(client, bare, "never")
    assert_problem(client.get(f"/v1/knowledge-bases/{other['id']}/search", params={"q": "x"},
                              headers=bare["headers"]), 409, "embeddings_not_configured")


def test_update_list_and_conditional_requests(client, org):
    make_kb(client, org, "taken")
    kb = make_kb(client, org, "drafts")
    resp = client.get(f"/v1/knowledge-bases/{kb['id']}", headers=org["headers"])
    tag = resp.headers["etag"]
    assert client.get(f"/v1/knowledge-bases/{kb['id']}",
                      headers={**org["headers"], "If-None-Match": tag}).status_code == 304
    resp = client.patch(f"/v1/knowledge-bases/{kb['id']}", headers=org["headers"],
                        json={"name": "final", "chunking": {"size": 400}})
    assert resp.status_code == 200, resp.text
    assert resp.json()["knowledge_base"]["chunking"] == {"size": 400, "overlap": 200}
    assert_problem(client.patch(f"/v1/knowledge-bases/{kb['id']}",
                                headers={**org["headers"], "If-Match": tag},
                                json={"description": "x"}), 412)
    assert_problem(client.patch(f"/v1/knowledge-bases/{kb['id']}", headers=org["headers"],
                                json={"name": "taken"}), 409, "knowledge_base_name_taken")
    names = [k["name"] for k in list_all(client, "/v1/knowledge-bases", "knowledge_bases",
                                         org["headers"])]
    assert "final" in names and "drafts" not in names


def test_the_latest_upload_of_a_name_wins_whatever_finishes_first(client, org):
    from store import knowledge

    kb = make_kb(client, org, "order")
    with db.connection():
        older = knowledge.add_document(org_id=org["id"], kb_id=kb["id"], name="o.md",
                                       content_type="text/markdown", data=b"old")
        newer = knowledge.add_document(org_id=org["id"], kb_id=kb["id"], name="o.md",
                                       content_type="text/markdown", data=b"new")
        knowledge.write_chunks(org["id"], older, ["old"])
        knowledge.write_chunks(org["id"], newer, ["new"])
        assert knowledge.publish(org["id"], newer.id) is True
        assert knowledge.publish(org["id"], older.id) is False  # finished last, yet outdated
    docs = list_all(client, f"/v1/knowledge-bases/{kb['id']}/documents", "documents",
                    org["headers"])
    assert [(d["id"], d["current"]) for d in docs] == [(newer.id, True)]


def test_migration_0075_rebuilds_an_index_made_with_pgvector_s_defaults(client, org):
    """On Postgres: migration 0075 rebuilds an index over the whole table made with pgvector's
    defaults (an upgraded database) with m 12 / ef_construction 40 (0076 then replaces such
    indexes by the segments' own: tests/knowledge/test_knowledge_segments.py)."""
    if not db.is_postgres():
        pytest.skip("HNSW indexes are Postgres's")
    import importlib

    upgrade = importlib.import_module("store.migrations.m0075_knowledge_hnsw_params")

    def options():
        with db.connection():
            return dict(db.database.execute_sql(
                "SELECT c.relname, c.reloptions FROM pg_class c WHERE c.relname LIKE "
                "'kb_vector_hnsw%%'").fetchall())

    with db.connection():
        db.database.execute_sql("CREATE INDEX kb_vector_hnsw_7 ON kb_vector USING hnsw "
                                "((embedding::vector(7)) vector_cosine_ops) WHERE dims = 7")
        assert options()["kb_vector_hnsw_7"] is None  # pgvector's defaults
        with db.atomic():
            upgrade.up(db.database.obj, None)  # as the migrator passes it
    assert options()["kb_vector_hnsw_7"] == ["m=12", "ef_construction=40"]
    with db.connection():
        db.database.execute_sql("DROP INDEX kb_vector_hnsw_7")
