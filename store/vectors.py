"""Vectors of knowledge-base chunks and end users' memories, on the database's own engine.

- Postgres with the `vector` extension (pgvector): `vector` columns; each dimension in use has
  an HNSW index (cosine; m 12, ef_construction 40: a vector joins the index several times
  faster than with pgvector's 16 / 64, the ingest's main cost) on the chunks' vectors, made
  when a space of that dimension is first built (``prepare``). Vectors are written with
  ``synchronous_commit`` off for their transaction: the document's publication, a later
  transaction, commits durably and so flushes them too. A search reads the index with a raised `hnsw.ef_search`, and
  when the index's candidates, filtered to the knowledge bases asked, are fewer than asked
  while the bases hold more, it scans them exactly instead.
- SQLite with sqlite-vec (core/sqlite_vectors.py): float32 blobs. A knowledge base is
  searched exactly on an in-process copy of its live vectors (a numpy matrix, rows
  normalized: one matrix product per search), loaded on first use and again when the base's
  `revision` changed (a document published or deleted, in any process); the copies of a
  process hold at most CACHE_BYTES, the least recently searched dropped first, and a base
  larger than that is compared in SQL with `vec_distance_cosine`. A user's memories are
  compared in SQL.
- Neither: ``require`` raises 409 ``vector_search_unavailable``.

Scores are cosine similarities (1 - cosine distance). Every query names the space (the
embeddings model) whose vectors it compares.
"""
from __future__ import annotations

import collections
import struct
import threading

from core import db
from store.errors import Conflict

EF_SEARCH = 300  # HNSW candidates per search (pgvector's default is 40)
HNSW_M, HNSW_EF_CONSTRUCTION = 12, 40
CACHE_BYTES = 512 * 1024 * 1024  # in-process copies of knowledge bases' vectors (SQLite)
_available: dict[int, bool] = {}
_copies: "collections.OrderedDict[tuple, tuple]" = collections.OrderedDict()
_copies_lock = threading.Lock()


def available() -> bool:
    """Whether this database can compare vectors (cached per bound database)."""
    handle = db.database.obj
    key = id(handle)
    found = _available.get(key)
    if found is None:
        with db.connection():
            if db.is_postgres():
                found = db.database.execute_sql(
                    "SELECT 1 FROM pg_extension WHERE extname = 'vector'").fetchone() is not None
            else:
                from core import sqlite_vectors
                found = sqlite_vectors.loaded(db.database.connection())
        _available[key] = found
    return found


def require() -> None:
    if not available():
        raise Conflict("semantic search needs vector support in the database: pgvector on "
                       "Postgres, sqlite-vec on SQLite", code="vector_search_unavailable")


def prepare(dims: int) -> None:
    """The HNSW index of chunk vectors of this dimension (Postgres; made once)."""
    if not db.is_postgres() or not available():
        return
    db.database.execute_sql(
        f"CREATE INDEX IF NOT EXISTS kb_vector_hnsw_{int(dims)} ON kb_vector USING hnsw "
        f"((embedding::vector({int(dims)})) vector_cosine_ops) WITH (m = {HNSW_M}, "
        f"ef_construction = {HNSW_EF_CONSTRUCTION}) WHERE dims = {int(dims)}")


def _encode(vector: list[float]):
    if db.is_postgres():
        return "[" + ",".join(repr(float(x)) for x in vector) + "]"
    return struct.pack(f"{len(vector)}f", *vector)


def _placeholder(dims: int) -> str:
    return f"%s::vector({int(dims)})" if db.is_postgres() else "%s"


def write_chunks(*, org_id: str, space_id: str, dims: int,
                 rows: list[tuple[int, str, list[float]]]) -> None:
    """Store chunk vectors: rows of (chunk seq, knowledge base id, vector)."""
    if not rows:
        return
    value = _placeholder(dims)
    sql = ("INSERT INTO kb_vector (chunk_seq, space_id, org_id, kb_id, dims, embedding) "
           f"VALUES (%s, %s, %s, %s, %s, {value}) ON CONFLICT (chunk_seq, space_id) DO UPDATE "
           "SET embedding = excluded.embedding")
    if db.is_postgres():  # one multi-row INSERT per 500 vectors
        from psycopg2.extras import execute_values
        if db.database.in_transaction():
            db.database.execute_sql("SET LOCAL synchronous_commit = off")
        execute_values(db.database.cursor(), (
            "INSERT INTO kb_vector (chunk_seq, space_id, org_id, kb_id, dims, embedding) "
            "VALUES %s ON CONFLICT (chunk_seq, space_id) DO UPDATE SET embedding = "
            "excluded.embedding"), [(seq, space_id, org_id, kb_id, dims, _encode(vector))
                                    for seq, kb_id, vector in rows],
            template=f"(%s, %s, %s, %s, %s, {value})", page_size=500)
        return
    db.database.cursor().executemany(sql.replace("%s", "?"), [
        (seq, space_id, org_id, kb_id, dims, _encode(vector)) for seq, kb_id, vector in rows])


def write_memories(*, org_id: str, space_id: str, dims: int,
                   rows: list[tuple[int, str, list[float]]]) -> None:
    """Store memory vectors: rows of (memory seq, owner, vector)."""
    value = _placeholder(dims)
    sql = ("INSERT INTO memory_vector (memory_seq, space_id, org_id, owner, dims, embedding) "
           f"VALUES (%s, %s, %s, %s, %s, {value}) ON CONFLICT (memory_seq, space_id) DO UPDATE "
           "SET embedding = excluded.embedding")
    for seq, owner, vector in rows:
        db.run_sql(sql, (seq, space_id, org_id, owner, dims, _encode(vector)))


def _distance(dims: int) -> str:
    if db.is_postgres():
        return f"(v.embedding::vector({int(dims)}) <=> %s::vector({int(dims)}))"
    return "vec_distance_cosine(v.embedding, %s)"


def search_chunks(*, org_id: str, space_id: str, dims: int, kb_ids: list[str],
                  vector: list[float], top_k: int) -> list[tuple[int, float]]:
    """The live chunks of kb_ids nearest to vector: [(chunk seq, score)], best first."""
    if not kb_ids:
        return []
    marks = ", ".join(["%s"] * len(kb_ids))
    distance = _distance(dims)
    where = (f"v.space_id = %s AND v.org_id = %s AND v.kb_id IN ({marks}) AND c.live"
             + (f" AND v.dims = {int(dims)}" if db.is_postgres() else ""))
    sql = (f"SELECT v.chunk_seq, {distance} AS d FROM kb_vector v JOIN kb_chunk c ON "
           f"c.seq = v.chunk_seq WHERE {where} ORDER BY d LIMIT %s")
    params = (_encode(vector), space_id, org_id, *kb_ids, top_k)
    if not db.is_postgres():
        found = _search_copies(org_id, space_id, dims, kb_ids, vector, top_k)
        if found is not None:
            return found
        return [(seq, 1.0 - d) for seq, d in db.run_sql(sql, params).fetchall()]
    # the index's order: ORDER BY the indexed expression itself
    sql = (f"SELECT v.chunk_seq, {distance} AS d FROM kb_vector v JOIN kb_chunk c ON "
           f"c.seq = v.chunk_seq WHERE {where} ORDER BY {distance} LIMIT %s")
    params = (_encode(vector), space_id, org_id, *kb_ids, _encode(vector), top_k)
    with db.atomic():
        db.database.execute_sql(f"SET LOCAL hnsw.ef_search = {EF_SEARCH}")
        found = db.database.execute_sql(sql, params).fetchall()
        if len(found) < top_k:  # the index's candidates were mostly other bases' chunks
            held = db.run_sql(f"SELECT count(*) FROM kb_vector v JOIN kb_chunk c ON c.seq = "
                              f"v.chunk_seq WHERE {where}",
                              (space_id, org_id, *kb_ids)).fetchone()[0]
            if held > len(found):
                db.database.execute_sql("SET LOCAL enable_indexscan = off")
                found = db.database.execute_sql(sql, params).fetchall()
    return [(seq, 1.0 - float(d)) for seq, d in found]


def search_memories(*, org_id: str, space_id: str, dims: int, owner: str,
                    vector: list[float], limit: int) -> list[tuple[int, float]]:
    """The user's memories nearest to vector: [(memory seq, score)], best first (an exact
    scan of the user's vectors)."""
    distance = _distance(dims)
    sql = (f"SELECT v.memory_seq, {distance} AS d FROM memory_vector v WHERE v.space_id = %s "
           "AND v.org_id = %s AND v.owner = %s ORDER BY d LIMIT %s")
    rows = db.run_sql(sql, (_encode(vector), space_id, org_id, owner, limit)).fetchall()
    return [(seq, 1.0 - float(d)) for seq, d in rows]


def missing_chunks(*, org_id: str, space_id: str, limit: int) -> list[tuple[int, str, str]]:
    """Chunks of the org without a vector in the space: [(seq, kb id, text)]."""
    return db.run_sql(
        "SELECT c.seq, c.kb_id, c.text FROM kb_chunk c WHERE c.org_id = %s AND NOT EXISTS "
        "(SELECT 1 FROM kb_vector v WHERE v.chunk_seq = c.seq AND v.space_id = %s) "
        "ORDER BY c.seq LIMIT %s", (org_id, space_id, limit)).fetchall()


def missing_memories(*, org_id: str, space_id: str, limit: int) -> list[tuple[int, str, str]]:
    """Memories of the org without a vector in the space: [(seq, owner, text)]."""
    return db.run_sql(
        "SELECT m.seq, m.owner, m.text FROM memory m WHERE m.org_id = %s AND NOT EXISTS "
        "(SELECT 1 FROM memory_vector v WHERE v.memory_seq = m.seq AND v.space_id = %s) "
        "ORDER BY m.seq LIMIT %s", (org_id, space_id, limit)).fetchall()


def _copy(org_id: str, space_id: str, dims: int, kb_id: str):
    """(seqs, normalized matrix) of the knowledge base's live vectors in the space, from this
    process's copies or loaded; None when the base is too large to hold."""
    import numpy as np

    found = db.run_sql("SELECT revision FROM knowledge_base WHERE id = %s AND org_id = %s",
                       (kb_id, org_id)).fetchone()
    if found is None:
        return np.zeros(0, dtype=np.int64), np.zeros((0, dims), dtype=np.float32)
    revision = found[0]  # read before the rows: a change in between reloads next time
    key = (id(db.database.obj), space_id, kb_id)
    with _copies_lock:
        held = _copies.get(key)
        if held is not None and held[0] == revision:
            _copies.move_to_end(key)
            return held[1], held[2]
    count = db.run_sql("SELECT count(*) FROM kb_vector WHERE space_id = %s AND kb_id = %s",
                       (space_id, kb_id)).fetchone()[0]
    if count * dims * 4 > CACHE_BYTES:
        return None
    rows = db.run_sql(
        "SELECT v.chunk_seq, v.embedding FROM kb_vector v JOIN kb_chunk c ON c.seq = "
        "v.chunk_seq WHERE v.space_id = %s AND v.kb_id = %s AND v.org_id = %s AND c.live",
        (space_id, kb_id, org_id)).fetchall()
    seqs = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
    matrix = np.frombuffer(b"".join(r[1] for r in rows), dtype=np.float32).reshape(
        len(rows), dims).copy()
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    matrix /= np.where(norms == 0, 1, norms)
    with _copies_lock:
        for other in [k for k in _copies if k[0] == key[0] and k[2] == kb_id]:
            del _copies[other]  # an older space's copy of the same base
        _copies[key] = (revision, seqs, matrix)
        while sum(m.nbytes for _, _, m in _copies.values()) > CACHE_BYTES and len(_copies) > 1:
            _copies.popitem(last=False)
    return seqs, matrix


def _search_copies(org_id, space_id, dims, kb_ids, vector, top_k):
    import numpy as np

    query = np.asarray(vector, dtype=np.float32)
    norm = float(np.linalg.norm(query))
    query = query / (norm or 1.0)
    all_seqs, all_scores = [], []
    for kb_id in dict.fromkeys(kb_ids):
        copy = _copy(org_id, space_id, dims, kb_id)
        if copy is None:
            return None
        seqs, matrix = copy
        if len(seqs):
            scores = matrix @ query
            if len(scores) > top_k:
                best = np.argpartition(-scores, top_k - 1)[:top_k]
                seqs, scores = seqs[best], scores[best]
            all_seqs.append(seqs)
            all_scores.append(scores)
    if not all_seqs:
        return []
    seqs, scores = np.concatenate(all_seqs), np.concatenate(all_scores)
    order = np.lexsort((seqs, -scores))[:top_k]
    return [(int(seqs[i]), float(scores[i])) for i in order]
