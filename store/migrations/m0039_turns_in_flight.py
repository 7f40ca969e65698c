"""Concurrent turns (store/limits.py ``check_turns_in_flight``): the operator's override of an
organization's limit on turns queued or running at once (``org_limits.turns_in_flight``), and
the index the admission counts them with: the agent runs in flight by (org_id, status,
user_id, workflow_run_id), partial on the two statuses counted, so it holds only the runs in
flight and a run leaves it when it ends, and both counts read the index alone. The same index
on both backends: the count names the statuses as literals (never bound parameters), which
lets SQLite use a partial index too."""
import peewee
from playhouse.migrate import migrate


def up(db, migrator):
    migrate(migrator.add_column("org_limits", "turns_in_flight",
                                peewee.IntegerField(null=True)))
    db.execute_sql("CREATE INDEX IF NOT EXISTS agent_run_in_flight "
                   "ON agent_run (org_id, status, user_id, workflow_run_id) "
                   "WHERE status IN ('queued', 'running')")
