"""Chunk vectors in segments (Postgres with pgvector; frozen at schema version 0076).

A knowledge base's vectors in a space live in segments (`kb_segment`): new vectors go to the
base's open segment, which has no HNSW index and is searched exactly; a full segment is
sealed by building its own HNSW index in bulk (a partial index `WHERE segment_id = N`, named
`kb_vector_seg_N`). The one HNSW index per dimension over the whole table
(`kb_vector_hnsw_D`) is dropped: inserting into it was the ingest's main cost. Vectors stored
before this version become one sealed segment per knowledge base and space, indexed here.
`kb_segment_search` searches a base's segments in one call (one round trip): an index scan
per sealed segment (a budget of HNSW candidates shared among them, with a floor per segment),
an exact scan of the others. On SQLite nothing changes.
"""
import peewee

M, EF_CONSTRUCTION = 12, 40

SEARCH_FUNCTION = """
CREATE OR REPLACE FUNCTION kb_segment_search(p_space TEXT, p_org TEXT, p_kbs TEXT[],
    p_query TEXT, p_dims INTEGER, p_k INTEGER, p_ef INTEGER, p_ef_min INTEGER)
RETURNS TABLE (seq BIGINT, distance DOUBLE PRECISION) LANGUAGE plpgsql AS $body$
DECLARE
    s RECORD;
    found INTEGER;
    held INTEGER;
    dist TEXT := format('(v.embedding::vector(%1$s) <=> $1::vector(%1$s))', p_dims);
BEGIN
    -- p_ef HNSW candidates in all, shared among the sealed segments (p_ef_min at least each)
    SELECT count(*) INTO held FROM kb_segment g WHERE g.space_id = p_space AND g.org_id = p_org
        AND g.kb_id = ANY (p_kbs) AND g.dims = p_dims AND g.state = 'sealed';
    PERFORM set_config('hnsw.ef_search',
                       greatest(p_ef_min, p_ef / greatest(held, 1), p_k)::TEXT, true);
    FOR s IN SELECT g.id, g.state FROM kb_segment g WHERE g.space_id = p_space
            AND g.org_id = p_org AND g.kb_id = ANY (p_kbs) AND g.dims = p_dims LOOP
        IF s.state = 'sealed' THEN  -- its own HNSW index (the partial index's predicate)
            RETURN QUERY EXECUTE format(
                'SELECT v.chunk_seq, %1$s::float8 FROM kb_vector v JOIN kb_chunk c ON '
                'c.seq = v.chunk_seq WHERE v.segment_id = %2$s AND c.live '
                'ORDER BY %1$s LIMIT $2', dist, s.id) USING p_query, p_k;
            GET DIAGNOSTICS found = ROW_COUNT;
            IF found >= p_k THEN
                CONTINUE;
            END IF;
            -- fewer candidates than asked (not yet live chunks among them): exact when the
            -- segment holds more live chunks than that
            EXECUTE format('SELECT count(*) FROM kb_vector v JOIN kb_chunk c ON c.seq = '
                           'v.chunk_seq WHERE v.segment_id = %s AND c.live', s.id) INTO held;
            IF held <= found THEN
                CONTINUE;
            END IF;
        END IF;
        -- exact: the open segment (no index), a segment being sealed, the fallback above
        -- ("+ 0": an expression no index orders by); the nearest few first, then their
        -- chunks' liveness (the whole segment when too few of them are live)
        RETURN QUERY EXECUTE format(
            'SELECT n.chunk_seq, n.d FROM (SELECT v.chunk_seq, %1$s::float8 AS d FROM '
            'kb_vector v WHERE v.segment_id = %2$s ORDER BY %1$s + 0 LIMIT $2 * 4) n JOIN '
            'kb_chunk c ON c.seq = n.chunk_seq WHERE c.live ORDER BY n.d LIMIT $2',
            dist, s.id) USING p_query, p_k;
        GET DIAGNOSTICS found = ROW_COUNT;
        IF found < p_k THEN
            RETURN QUERY EXECUTE format(
                'SELECT v.chunk_seq, %1$s::float8 FROM kb_vector v JOIN kb_chunk c ON '
                'c.seq = v.chunk_seq WHERE v.segment_id = %2$s AND c.live '
                'ORDER BY %1$s + 0 LIMIT $2', dist, s.id) USING p_query, p_k;
        END IF;
    END LOOP;
END
$body$
"""


def up(db, migrator):
    if not isinstance(db, peewee.PostgresqlDatabase):
        return
    db.execute_sql(
        "CREATE TABLE IF NOT EXISTS kb_segment (id BIGSERIAL PRIMARY KEY, org_id VARCHAR(36) "
        "NOT NULL, kb_id VARCHAR(36) NOT NULL REFERENCES knowledge_base (id) ON DELETE "
        "CASCADE, space_id VARCHAR(36) NOT NULL REFERENCES embedding_space (id) ON DELETE "
        "CASCADE, dims INTEGER NOT NULL, state VARCHAR(8) NOT NULL, row_count INTEGER NOT "
        "NULL DEFAULT 0)")
    db.execute_sql("CREATE INDEX IF NOT EXISTS kb_segment_kb ON kb_segment (space_id, kb_id)")
    db.execute_sql("CREATE UNIQUE INDEX IF NOT EXISTS kb_segment_open ON kb_segment "
                   "(space_id, kb_id) WHERE state = 'open'")
    db.execute_sql("ALTER TABLE kb_vector ADD COLUMN IF NOT EXISTS segment_id BIGINT")
    db.execute_sql("CREATE INDEX IF NOT EXISTS kb_vector_segment ON kb_vector (segment_id)")
    if db.execute_sql("SELECT 1 FROM pg_extension WHERE extname = 'vector'").fetchone() is None:
        return
    for (name,) in db.execute_sql(
            "SELECT indexname FROM pg_indexes WHERE tablename = 'kb_vector' AND indexname "
            "LIKE 'kb\\_vector\\_hnsw\\_%%'").fetchall():
        db.execute_sql(f"DROP INDEX IF EXISTS {name}")
    groups = db.execute_sql(
        "SELECT org_id, kb_id, space_id, dims, count(*) FROM kb_vector WHERE segment_id IS "
        "NULL GROUP BY org_id, kb_id, space_id, dims").fetchall()
    for org_id, kb_id, space_id, dims, count in groups:
        segment = db.execute_sql(
            "INSERT INTO kb_segment (org_id, kb_id, space_id, dims, state, row_count) VALUES "
            "(%s, %s, %s, %s, 'sealed', %s) RETURNING id",
            (org_id, kb_id, space_id, dims, count)).fetchone()[0]
        db.execute_sql("UPDATE kb_vector SET segment_id = %s WHERE segment_id IS NULL AND "
                       "kb_id = %s AND space_id = %s AND dims = %s",
                       (segment, kb_id, space_id, dims))
        db.execute_sql(
            f"CREATE INDEX kb_vector_seg_{int(segment)} ON kb_vector USING hnsw "
            f"((embedding::vector({int(dims)})) vector_cosine_ops) WITH (m = {M}, "
            f"ef_construction = {EF_CONSTRUCTION}) WHERE segment_id = {int(segment)}")
    db.execute_sql(SEARCH_FUNCTION.replace("%", "%%"))  # no parameters: % is literal
