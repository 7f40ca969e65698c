"""The knowledge bases an agent version searches (frozen at schema version 0061)."""
import peewee
from playhouse.migrate import migrate


def up(db, migrator):
    migrate(migrator.add_column("agent_version", "knowledge_base_ids",
                                peewee.JSONField(null=True)))
