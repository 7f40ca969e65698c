"""Semantic memory and knowledge bases (frozen at schema version 0060): embedding spaces (an
organization's embeddings model, one active, one being built while the model changes),
knowledge bases, their documents and chunks, and the vectors of chunks and memories per
space. On Postgres the `vector` extension is created when the server offers it (vectors are
then `vector` columns with HNSW indexes per dimension, made with the space); without it the
column is `real[]` and semantic search is unavailable. On SQLite vectors are float32 blobs
compared with sqlite-vec's functions."""
import peewee

_PG_VECTOR_TABLES = (
    "CREATE TABLE IF NOT EXISTS kb_vector (chunk_seq BIGINT NOT NULL REFERENCES kb_chunk (seq) "
    "ON DELETE CASCADE, space_id VARCHAR(36) NOT NULL REFERENCES embedding_space (id) ON DELETE "
    "CASCADE, org_id VARCHAR(36) NOT NULL, kb_id VARCHAR(36) NOT NULL, dims INTEGER NOT NULL, "
    "embedding {type} NOT NULL, PRIMARY KEY (chunk_seq, space_id))",
    "CREATE INDEX IF NOT EXISTS kb_vector_space_kb ON kb_vector (space_id, kb_id)",
    "CREATE TABLE IF NOT EXISTS memory_vector (memory_seq BIGINT NOT NULL REFERENCES memory "
    "(seq) ON DELETE CASCADE, space_id VARCHAR(36) NOT NULL REFERENCES embedding_space (id) "
    "ON DELETE CASCADE, org_id VARCHAR(36) NOT NULL, owner VARCHAR(32) NOT NULL, dims INTEGER "
    "NOT NULL, embedding {type} NOT NULL, PRIMARY KEY (memory_seq, space_id))",
    "CREATE INDEX IF NOT EXISTS memory_vector_owner ON memory_vector (space_id, owner)",
)
_SQLITE_VECTOR_TABLES = (
    "CREATE TABLE IF NOT EXISTS kb_vector (chunk_seq INTEGER NOT NULL REFERENCES kb_chunk (seq) "
    "ON DELETE CASCADE, space_id VARCHAR(36) NOT NULL REFERENCES embedding_space (id) ON DELETE "
    "CASCADE, org_id VARCHAR(36) NOT NULL, kb_id VARCHAR(36) NOT NULL, dims INTEGER NOT NULL, "
    "embedding BLOB NOT NULL, PRIMARY KEY (chunk_seq, space_id))",
    "CREATE INDEX IF NOT EXISTS kb_vector_space_kb ON kb_vector (space_id, kb_id)",
    "CREATE TABLE IF NOT EXISTS memory_vector (memory_seq INTEGER NOT NULL REFERENCES memory "
    "(seq) ON DELETE CASCADE, space_id VARCHAR(36) NOT NULL REFERENCES embedding_space (id) "
    "ON DELETE CASCADE, org_id VARCHAR(36) NOT NULL, owner VARCHAR(32) NOT NULL, dims INTEGER "
    "NOT NULL, embedding BLOB NOT NULL, PRIMARY KEY (memory_seq, space_id))",
    "CREATE INDEX IF NOT EXISTS memory_vector_owner ON memory_vector (space_id, owner)",
)


def _pg_vector_type(db) -> str:
    offered = db.execute_sql(
        "SELECT 1 FROM pg_available_extensions WHERE name = 'vector'").fetchone()
    if offered:
        try:
            db.execute_sql("SAVEPOINT vector_ext")
            db.execute_sql("CREATE EXTENSION IF NOT EXISTS vector")
            db.execute_sql("RELEASE SAVEPOINT vector_ext")
            return "vector"
        except peewee.DatabaseError:  # offered, but this role may not create it
            db.execute_sql("ROLLBACK TO SAVEPOINT vector_ext")
    return "real[]"


def up(db, migrator):
    class Base(peewee.Model):
        class Meta:
            database = db

    class Organization(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "organization"

    class EmbeddingSpace(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        base_url = peewee.TextField()
        model = peewee.CharField(max_length=200)
        dimensions = peewee.IntegerField()
        secrets = peewee.TextField(null=True)
        state = peewee.CharField(max_length=16)  # building | active
        error = peewee.JSONField(null=True)
        created_at = peewee.DateTimeField()
        ready_at = peewee.DateTimeField(null=True)

        class Meta:
            table_name = "embedding_space"
            indexes = ((("org", "state"), False),)

    class KnowledgeBase(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        name = peewee.CharField(max_length=200)
        description = peewee.TextField(null=True)
        chunking = peewee.JSONField()
        created_at = peewee.DateTimeField()
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "knowledge_base"
            indexes = ((("org", "name"), True), (("org", "created_at"), False))

    class KbDocument(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        kb = peewee.ForeignKeyField(KnowledgeBase, column_name="kb_id", on_delete="CASCADE")
        name = peewee.CharField(max_length=255)
        content_type = peewee.CharField(max_length=100)
        size_bytes = peewee.IntegerField()
        source = peewee.BlobField(null=True)  # the upload, until it is chunked
        status = peewee.CharField(max_length=16)
        error = peewee.JSONField(null=True)
        current = peewee.BooleanField(default=False)
        chunk_count = peewee.IntegerField(default=0)
        embedded_count = peewee.IntegerField(default=0)
        created_at = peewee.DateTimeField()
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "kb_document"
            indexes = ((("kb", "name"), False), (("org", "kb", "created_at"), False))

    class KbChunk(Base):
        seq = peewee.BigAutoField()
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        kb = peewee.ForeignKeyField(KnowledgeBase, column_name="kb_id", on_delete="CASCADE")
        document = peewee.ForeignKeyField(KbDocument, column_name="document_id",
                                          on_delete="CASCADE")
        position = peewee.IntegerField()
        text = peewee.TextField()
        live = peewee.BooleanField(default=False)

        class Meta:
            table_name = "kb_chunk"
            indexes = ((("document", "position"), True),)

    db.create_tables([EmbeddingSpace, KnowledgeBase, KbDocument, KbChunk], safe=True)
    if isinstance(db, peewee.PostgresqlDatabase):
        kind = _pg_vector_type(db)
        for statement in _PG_VECTOR_TABLES:
            db.execute_sql(statement.format(type=kind))
    else:
        for statement in _SQLITE_VECTOR_TABLES:
            db.execute_sql(statement)
