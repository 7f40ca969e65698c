"""Workflow runs paused for tool approvals: a run may wait in `awaiting_approval` (17
characters) until its tool steps' deadlines (frozen at schema version 0033)."""
import peewee
from playhouse.migrate import migrate


def up(db, migrator):
    migrate(
        migrator.add_column("workflow_run", "approval_expires_at",
                            peewee.DateTimeField(null=True)),
        migrator.add_index("workflow_run", ("status", "approval_expires_at"), False),
    )
    if isinstance(db, peewee.PostgresqlDatabase):
        db.execute_sql("ALTER TABLE workflow_run ALTER COLUMN status TYPE varchar(20)")
