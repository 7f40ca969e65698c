"""Memory search on Postgres: the GIN index takes new entries directly (no pending list that
every search would scan until the next vacuum), and an index of each user's memories newest
first (by ``-seq``, an order the primary key cannot offer, so the planner walks this index for
the newest-matches window). SQLite's FTS5 index needs neither (frozen at schema version
0037)."""
import peewee

_POSTGRES = (
    "ALTER INDEX memory_search SET (fastupdate = off)",
    "SELECT gin_clean_pending_list('memory_search'::regclass)",
    "CREATE INDEX IF NOT EXISTS memory_user_newest ON memory (org_id, user_id, (-seq))",
)


def up(db, migrator):
    if isinstance(db, peewee.PostgresqlDatabase):
        for statement in _POSTGRES:
            db.execute_sql(statement)
