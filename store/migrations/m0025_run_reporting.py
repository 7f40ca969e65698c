"""Reporting over runs: an agent or network run made by a workflow's step names its workflow
and workflow run (``GET /v1/runs?workflow_id=``), and the spend ledger is read by time range
(``GET /v1/usage``) (frozen at schema version 0025)."""
import peewee
from playhouse.migrate import migrate


def up(db, migrator):
    migrate(
        migrator.add_column("agent_run", "workflow_id", peewee.CharField(max_length=36, null=True)),
        migrator.add_column("agent_run", "workflow_run_id",
                            peewee.CharField(max_length=36, null=True)),
        migrator.add_index("agent_run", ("org_id", "workflow_id", "created_at"), False),
        migrator.add_index("agent_run", ("org_id", "user_id", "created_at"), False),
        migrator.add_index("spend_entry", ("org_id", "created_at"), False),
    )
