"""Workflows, workflow schedules and workflow runs (frozen at schema version 0010)."""
import peewee


def up(db, migrator):
    class Base(peewee.Model):
        class Meta:
            database = db

    class Organization(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "organization"

    class Workflow(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        name = peewee.CharField(max_length=200)
        description = peewee.TextField(null=True)
        input_schema = peewee.JSONField(null=True)
        steps = peewee.JSONField()
        created_at = peewee.DateTimeField()
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "workflow"
            indexes = ((("org", "created_at"), False),)

    class WorkflowSchedule(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        workflow = peewee.ForeignKeyField(Workflow, column_name="workflow_id",
                                          on_delete="CASCADE")
        owner_kind = peewee.CharField(max_length=8)
        user_id = peewee.CharField(max_length=200, null=True)
        status = peewee.CharField(max_length=12)
        cron = peewee.CharField(max_length=200, null=True)
        run_at = peewee.DateTimeField(null=True)
        recurrence = peewee.JSONField(null=True)
        timezone = peewee.CharField(max_length=64)
        anchor = peewee.DateTimeField(null=True)
        description = peewee.TextField(null=True)
        input = peewee.JSONField(null=True)
        notify = peewee.CharField(max_length=8)
        thread_title = peewee.CharField(max_length=200, null=True)
        max_consecutive_failures = peewee.IntegerField()
        consecutive_failures = peewee.IntegerField()
        skip_missed = peewee.BooleanField()
        next_fire_at = peewee.DateTimeField(null=True)
        last_fire_at = peewee.DateTimeField(null=True)
        last_run_status = peewee.CharField(max_length=12, null=True)
        last_run_id = peewee.CharField(max_length=36, null=True)
        created_at = peewee.DateTimeField()
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "workflow_schedule"
            indexes = (
                (("status", "next_fire_at"), False),
                (("org", "created_at"), False),
            )

    class WorkflowRun(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        workflow_id = peewee.CharField(max_length=36)
        schedule_id = peewee.CharField(max_length=36, null=True)
        fire_at = peewee.DateTimeField(null=True)
        trigger = peewee.CharField(max_length=12)
        user_id = peewee.CharField(max_length=200, null=True)
        status = peewee.CharField(max_length=12)
        input = peewee.JSONField(null=True)
        definition = peewee.JSONField()
        steps = peewee.JSONField()
        output = peewee.JSONField(null=True)
        error = peewee.JSONField(null=True)
        usage = peewee.JSONField(null=True)
        attempt = peewee.IntegerField()
        cancel_requested = peewee.BooleanField()
        lease_owner = peewee.CharField(max_length=64, null=True)
        lease_expires_at = peewee.DateTimeField(null=True)
        created_at = peewee.DateTimeField()
        started_at = peewee.DateTimeField(null=True)
        finished_at = peewee.DateTimeField(null=True)
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "workflow_run"
            indexes = (
                (("schedule_id", "fire_at"), True),
                (("org", "created_at"), False),
                (("org", "workflow_id", "created_at"), False),
                (("status", "lease_expires_at"), False),
                (("status", "updated_at"), False),
            )

    db.create_tables([Workflow, WorkflowSchedule, WorkflowRun])
