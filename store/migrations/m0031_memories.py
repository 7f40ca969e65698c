"""End users' memories with the database's own full-text index (SQLite FTS5 kept by
triggers; Postgres a generated tsvector with a GIN index), and whether an agent version has
memory (frozen at schema version 0031)."""
import peewee
from playhouse.migrate import migrate

_SQLITE = (
    "CREATE VIRTUAL TABLE IF NOT EXISTS memory_fts USING fts5(text, owner, content='memory', "
    "content_rowid='seq', tokenize='unicode61 remove_diacritics 2')",
    "CREATE TRIGGER IF NOT EXISTS memory_fts_insert AFTER INSERT ON memory BEGIN "
    "INSERT INTO memory_fts(rowid, text, owner) VALUES (new.seq, new.text, new.owner); END",
    "CREATE TRIGGER IF NOT EXISTS memory_fts_delete AFTER DELETE ON memory BEGIN "
    "INSERT INTO memory_fts(memory_fts, rowid, text, owner) "
    "VALUES ('delete', old.seq, old.text, old.owner); END",
    "CREATE TRIGGER IF NOT EXISTS memory_fts_update AFTER UPDATE ON memory BEGIN "
    "INSERT INTO memory_fts(memory_fts, rowid, text, owner) "
    "VALUES ('delete', old.seq, old.text, old.owner); "
    "INSERT INTO memory_fts(rowid, text, owner) VALUES (new.seq, new.text, new.owner); END",
)
_POSTGRES = (
    # the text's words plus one lexeme `~<owner>` (no parsed word starts with `~`), so the
    # GIN index intersects the user's postings with the query's
    "ALTER TABLE memory ADD COLUMN IF NOT EXISTS search tsvector GENERATED ALWAYS AS "
    "(to_tsvector('simple', text) || array_to_tsvector(ARRAY['~' || owner])) STORED",
    "CREATE INDEX IF NOT EXISTS memory_search ON memory USING gin (search)",
)


def up(db, migrator):
    class Base(peewee.Model):
        class Meta:
            database = db

    class Organization(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "organization"

    class Memory(Base):
        seq = peewee.BigAutoField()
        id = peewee.CharField(max_length=36, unique=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        user_id = peewee.CharField(max_length=200)
        owner = peewee.CharField(max_length=32)
        text = peewee.TextField()
        agent_id = peewee.CharField(max_length=36, null=True)
        run_id = peewee.CharField(max_length=36, null=True)
        created_at = peewee.DateTimeField()

        class Meta:
            table_name = "memory"
            indexes = ((("org", "user_id", "created_at"), False),)

    db.create_tables([Memory], safe=True)
    for statement in (_POSTGRES if isinstance(db, peewee.PostgresqlDatabase) else _SQLITE):
        db.execute_sql(statement)
    migrate(migrator.add_column("agent_version", "memory", peewee.BooleanField(default=False)))
