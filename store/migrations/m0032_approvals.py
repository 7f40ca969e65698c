"""Tool approvals: a tool (or an agent's use of it) may require a human's approval; a run
waiting for one keeps its paused state (frozen at schema version 0032)."""
import peewee
from playhouse.migrate import migrate


def up(db, migrator):
    migrate(
        migrator.add_column("tool", "requires_approval", peewee.BooleanField(default=False)),
        migrator.add_column("tool", "approval_timeout_s", peewee.IntegerField(null=True)),
        migrator.add_column("agent_version", "approval_tool_ids", peewee.JSONField(null=True)),
        migrator.add_column("agent_run", "approval", peewee.JSONField(null=True)),
        migrator.add_column("agent_run", "approval_expires_at",
                            peewee.DateTimeField(null=True)),
        migrator.add_index("agent_run", ("status", "approval_expires_at"), False),
    )
    if isinstance(db, peewee.PostgresqlDatabase):  # `awaiting_approval` is 17 characters
        db.execute_sql("ALTER TABLE agent_run ALTER COLUMN status TYPE varchar(20)")
