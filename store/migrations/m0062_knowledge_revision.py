"""A knowledge base's revision, counted up whenever the set of chunks searches see changes
(a document published or deleted): the key of the in-process copies of its vectors that
search on SQLite reads (frozen at schema version 0062)."""
import peewee
from playhouse.migrate import migrate


def up(db, migrator):
    migrate(migrator.add_column("knowledge_base", "revision", peewee.BigIntegerField(default=0)))
