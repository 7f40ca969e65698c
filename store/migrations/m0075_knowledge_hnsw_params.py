"""The HNSW indexes of chunk vectors rebuilt with m 12 / ef_construction 40 (pgvector's
defaults are 16 / 64): inserting a vector into the index, the cost of ingesting a document,
is several times cheaper, and searches read more candidates (``hnsw.ef_search``) to keep
recall. Postgres with pgvector only (frozen at schema version 0075)."""
import peewee

M, EF_CONSTRUCTION = 12, 40


def up(db, migrator):
    if not isinstance(db, peewee.PostgresqlDatabase):
        return
    if db.execute_sql("SELECT 1 FROM pg_extension WHERE extname = 'vector'").fetchone() is None:
        return
    names = [r[0] for r in db.execute_sql(
        "SELECT indexname FROM pg_indexes WHERE tablename = 'kb_vector'").fetchall()
        if r[0].startswith("kb_vector_hnsw_")]
    for name in names:
        dims = int(name.rsplit("_", 1)[1])
        db.execute_sql(f"DROP INDEX IF EXISTS {name}")
        db.execute_sql(
            f"CREATE INDEX {name} ON kb_vector USING hnsw ((embedding::vector({dims})) "
            f"vector_cosine_ops) WITH (m = {M}, ef_construction = {EF_CONSTRUCTION}) "
            f"WHERE dims = {dims}")
