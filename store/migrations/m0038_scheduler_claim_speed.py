"""The scheduler's claim on Postgres: fewer index entries written per schedule moved and per
run queued.

- `workflow_schedule_due`: the active schedules in claim order (next_fire_at, id), partial on
  `status = 'active'`. The claim reads its batch from it without sorting every due row, and a
  schedule that completes or pauses leaves it. It replaces (status, next_fire_at).
- Runs: the recovery and approval sweeps' indexes become partial on the one status each
  sweep reads (running with a lease, queued, awaiting approval), so a run is in at most one
  of them; (org_id) alone goes, (org_id, created_at) serves every lookup it served. The same
  for schedules' (org_id).

SQLite keeps its indexes (frozen at schema version 0037): its queries bind the status as a
parameter, which a partial index cannot match."""
import peewee

_POSTGRES = (
    "CREATE INDEX IF NOT EXISTS workflow_schedule_due ON workflow_schedule (next_fire_at, id) "
    "WHERE status = 'active'",
    "DROP INDEX IF EXISTS workflowschedule_status_next_fire_at",
    "DROP INDEX IF EXISTS workflowschedule_org_id",
    "CREATE INDEX IF NOT EXISTS workflow_run_lease ON workflow_run (lease_expires_at) "
    "WHERE status = 'running'",
    "CREATE INDEX IF NOT EXISTS workflow_run_queued ON workflow_run (updated_at) "
    "WHERE status = 'queued'",
    "CREATE INDEX IF NOT EXISTS workflow_run_approval ON workflow_run (approval_expires_at) "
    "WHERE status = 'awaiting_approval'",
    "DROP INDEX IF EXISTS workflowrun_status_lease_expires_at",
    "DROP INDEX IF EXISTS workflowrun_status_updated_at",
    "DROP INDEX IF EXISTS workflow_run_status_approval_expires_at",
    "DROP INDEX IF EXISTS workflowrun_org_id",
)


def up(db, migrator):
    if isinstance(db, peewee.PostgresqlDatabase):
        for statement in _POSTGRES:
            db.execute_sql(statement)
