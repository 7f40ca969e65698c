"""A chat turn cancelled while it answered keeps its partial answer as an assistant message
marked `interrupted` (frozen at schema version 0040)."""
import peewee
from playhouse.migrate import migrate


def up(db, migrator):
    migrate(migrator.add_column("message", "interrupted", peewee.BooleanField(default=False)))
