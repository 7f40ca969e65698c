"""Vectors of knowledge-base chunks and end users' memories, on the database's own engine.

- Postgres with the `vector` extension (pgvector): `vector` columns. A knowledge base's
  chunk vectors in a space live in segments (`kb_segment`, Lucene's and Milvus's design):
  new vectors go to the base's open segment, which has no HNSW index (a row costs a plain
  insert, written with a binary `COPY`) and is searched exactly; once it holds SEGMENT_ROWS
  vectors it is sealed (``seal``, run by the ingest job after a document is published): a
  new open segment takes the writes and the full one gets its own HNSW index built in bulk
  (cosine; m 12, ef_construction 40; a partial index `WHERE segment_id = N`, several times
  cheaper per vector than inserting into a live index). A search (`kb_segment_search`, one
  round trip) reads each sealed segment's index (EF_SEARCH HNSW candidates shared among
  them, EF_SEARCH_MIN at least each) and scans the others exactly, and merges by distance.
  Deleted chunks' vectors leave their segment (it may become sparse). Vectors are written
  with ``synchronous_commit`` off for their transaction: the document's publication, a later
  transaction, commits durably and so flushes them too. A user's memories are compared
  exactly (their own table).
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

EF_SEARCH = 200  # HNSW candidates of a search, shared among the sealed segments searched,
EF_SEARCH_MIN = 40  # and at least this many per segment (pgvector's default)
SEGMENT_ROWS = 20_000  # vectors of an open segment when it is sealed
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
    if db.is_postgres():  # into each base's open segment: binary COPY
        if db.database.in_transaction():
            db.database.execute_sql("SET LOCAL synchronous_commit = off")
        counts = collections.Counter(kb_id for _, kb_id, _ in rows)
        segments = {kb_id: _open_segment(org_id, space_id, dims, kb_id, n)
                    for kb_id, n in sorted(counts.items())}
        db.run_sql("DELETE FROM kb_vector WHERE space_id = %s AND chunk_seq = ANY (%s)",
                   (space_id, [seq for seq, _, _ in rows]))  # an earlier attempt's
        db.database.cursor().copy_expert(
            "COPY kb_vector (chunk_seq, space_id, org_id, kb_id, dims, embedding, segment_id) "
            "FROM STDIN WITH (FORMAT binary)", _copy_data(org_id, space_id, dims, rows,
                                                          segments))
        return
    db.database.cursor().executemany(sql.replace("%s", "?"), [
        (seq, space_id, org_id, kb_id, dims, _encode(vector)) for seq, kb_id, vector in rows])


def _copy_data(org_id, space_id, dims, rows, segments):
    """COPY's binary format of kb_vector rows (pgvector's binary `vector`: int16 dimensions,
    int16 unused, float4 values, big-endian)."""
    import io

    import numpy as np

    def text(value: str) -> bytes:
        raw = value.encode()
        return struct.pack(">i", len(raw)) + raw

    fixed = text(space_id) + text(org_id)
    out = io.BytesIO()
    out.write(b"PGCOPY\n\xff\r\n\x00" + struct.pack(">ii", 0, 0))
    head = struct.pack(">iiihh", 4, dims, 4 + 4 * dims, dims, 0)
    for seq, kb_id, vector in rows:
        values = np.asarray(vector, dtype=">f4")
        if values.shape != (dims,):
            raise ValueError(f"a vector of {values.size} dimensions in a space of {dims}")
        out.write(struct.pack(">hiq", 7, 8, seq) + fixed + text(kb_id) + head
                  + values.tobytes() + struct.pack(">iq", 8, segments[kb_id]))
    out.write(struct.pack(">h", -1))
    out.seek(0)
    return out


def _open_segment(org_id: str, space_id: str, dims: int, kb_id: str, adding: int) -> int:
    """The id of the base's open segment in the space (made when there is none), its count
    raised by the vectors about to be written."""
    for _ in range(2):
        found = db.run_sql(
            "UPDATE kb_segment SET row_count = row_count + %s WHERE space_id = %s AND kb_id = "
            "%s AND state = 'open' RETURNING id", (adding, space_id, kb_id)).fetchone()
        if found is not None:
            return found[0]
        db.run_sql("INSERT INTO kb_segment (org_id, kb_id, space_id, dims, state) VALUES "
                   "(%s, %s, %s, %s, 'open') ON CONFLICT (space_id, kb_id) WHERE state = "
                   "'open' DO NOTHING", (org_id, kb_id, space_id, dims))
    raise RuntimeError("no open segment")  # pragma: no cover (made just above)


def seal(*, space_id: str, kb_id: str | None = None, rows: int | None = None) -> list[int]:
    """Seal the full open segments of the space (of kb_id, or every base's): each gets its
    HNSW index built in bulk, a new open segment takes the writes; also finishes segments an
    interrupted seal left, and drops the indexes of segments that are gone (a deleted base
    or space). Postgres only; the ids of the segments sealed."""
    if not db.is_postgres() or not available():
        return []
    rows = SEGMENT_ROWS if rows is None else rows
    only = " AND kb_id = %s" if kb_id else ""
    params = (space_id, kb_id) if kb_id else (space_id,)
    with db.atomic():  # no more writes: the next ones open a new segment
        db.run_sql(f"UPDATE kb_segment SET state = 'sealing' WHERE space_id = %s{only} AND "
                   f"state = 'open' AND row_count >= {int(rows)}", params)
    sealed = []
    for segment, dims in db.run_sql(
            f"SELECT id, dims FROM kb_segment WHERE space_id = %s{only} AND state = 'sealing' "
            "ORDER BY id", params).fetchall():
        with db.atomic():
            db.database.execute_sql(
                f"CREATE INDEX IF NOT EXISTS kb_vector_seg_{int(segment)} ON kb_vector USING "
                f"hnsw ((embedding::vector({int(dims)})) vector_cosine_ops) WITH (m = "
                f"{HNSW_M}, ef_construction = {HNSW_EF_CONSTRUCTION}) WHERE segment_id = "
                f"{int(segment)}")
            db.run_sql("UPDATE kb_segment SET state = 'sealed' WHERE id = %s", (segment,))
        sealed.append(segment)
    _drop_orphans()
    return sealed


def _drop_orphans() -> None:
    names = [r[0] for r in db.run_sql(
        "SELECT i.indexname FROM pg_indexes i WHERE i.tablename = 'kb_vector' AND "
        "i.indexname LIKE 'kb\\_vector\\_seg\\_%%' AND NOT EXISTS (SELECT 1 FROM kb_segment s "
        "WHERE 'kb_vector_seg_' || s.id = i.indexname)").fetchall()]
    for name in names:
        db.database.execute_sql(f"DROP INDEX IF EXISTS {name}")


def segments(*, space_id: str, kb_id: str) -> list[dict]:
    """The base's segments in the space, oldest first (Postgres): id, state, rows held and
    whether the HNSW index exists."""
    if not db.is_postgres():
        return []
    return [{"id": i, "state": state, "rows": held, "indexed": indexed} for i, state, held,
            indexed in db.run_sql(
        "SELECT s.id, s.state, (SELECT count(*) FROM kb_vector v WHERE v.segment_id = s.id), "
        "EXISTS (SELECT 1 FROM pg_indexes i WHERE i.indexname = 'kb_vector_seg_' || s.id) "
        "FROM kb_segment s WHERE s.space_id = %s AND s.kb_id = %s ORDER BY s.id",
        (space_id, kb_id)).fetchall()]


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
    # every segment of the bases: one call, one round trip (store/migrations/m0076)
    found = db.run_sql(
        "SELECT seq, min(distance) AS d FROM kb_segment_search(%s, %s, %s, %s, %s, %s, %s, "
        "%s) GROUP BY seq ORDER BY d, seq LIMIT %s",
        (space_id, org_id, list(dict.fromkeys(kb_ids)), _encode(vector), int(dims), top_k,
         EF_SEARCH, EF_SEARCH_MIN, top_k)).fetchall()
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
