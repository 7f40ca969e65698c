"""Runs name the trigger that started them and the run's own webhook URL (frozen at schema
version 0047)."""
import peewee
from playhouse.migrate import migrate


def up(db, migrator):
    migrate(
        migrator.add_column("agent_run", "trigger_id", peewee.CharField(max_length=36, null=True)),
        migrator.add_column("agent_run", "webhook_url", peewee.TextField(null=True)),
        migrator.add_column("workflow_run", "trigger_id",
                            peewee.CharField(max_length=36, null=True)),
        migrator.add_column("workflow_run", "webhook_url", peewee.TextField(null=True)),
    )
