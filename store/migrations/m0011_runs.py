"""Agent and network runs: one turn of an agent or a network (frozen at schema version 0011)."""
import peewee


def up(db, migrator):
    class Base(peewee.Model):
        class Meta:
            database = db

    class Organization(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "organization"

    class AgentRun(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        kind = peewee.CharField(max_length=8)
        agent_id = peewee.CharField(max_length=36, null=True)
        copilot_id = peewee.CharField(max_length=36, null=True)
        thread_id = peewee.CharField(max_length=36, null=True)
        user_id = peewee.CharField(max_length=200, null=True)
        group_id = peewee.CharField(max_length=200, null=True)
        status = peewee.CharField(max_length=12)
        input = peewee.TextField()
        output = peewee.TextField(null=True)
        steps = peewee.JSONField()
        usage = peewee.JSONField()
        cost_micro_usd = peewee.BigIntegerField()
        error = peewee.JSONField(null=True)
        followups = peewee.JSONField(null=True)
        cancel_requested = peewee.BooleanField()
        created_at = peewee.DateTimeField()
        started_at = peewee.DateTimeField(null=True)
        finished_at = peewee.DateTimeField(null=True)
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "agent_run"
            indexes = (
                (("org", "created_at"), False),
                (("org", "thread_id", "created_at"), False),
                (("status", "updated_at"), False),
            )

    db.create_tables([AgentRun], safe=True)
