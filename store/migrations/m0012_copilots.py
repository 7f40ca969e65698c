"""Networks (copilots), their references to agents and workflows, and deployments
(frozen at schema version 0012)."""
import peewee


def up(db, migrator):
    class Base(peewee.Model):
        class Meta:
            database = db

    class Organization(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "organization"

    class Agent(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "agent"

    class Workflow(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "workflow"

    class Copilot(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        name = peewee.CharField(max_length=200)
        description = peewee.TextField(null=True)
        environment = peewee.CharField(max_length=8)
        source_copilot = peewee.ForeignKeyField("self", column_name="source_copilot_id",
                                                null=True, on_delete="CASCADE")
        agents = peewee.JSONField()
        workflows = peewee.JSONField()
        sdk_ui = peewee.JSONField()
        handoff_prompt = peewee.TextField(null=True)
        followup_instructions = peewee.JSONField()
        deployment_id = peewee.CharField(max_length=36, null=True)
        deployed_at = peewee.DateTimeField(null=True)
        created_at = peewee.DateTimeField()
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "copilot"
            indexes = (
                (("source_copilot", "environment"), True),
                (("org", "environment", "created_at"), False),
                (("org", "created_at"), False),
            )

    class CopilotRef(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        copilot = peewee.ForeignKeyField(Copilot, column_name="copilot_id", on_delete="CASCADE")
        agent = peewee.ForeignKeyField(Agent, column_name="agent_id", null=True)
        workflow = peewee.ForeignKeyField(Workflow, column_name="workflow_id", null=True)

        class Meta:
            table_name = "copilot_ref"
            indexes = (
                (("copilot", "agent"), True),
                (("copilot", "workflow"), True),
            )

    class CopilotDeployment(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        copilot = peewee.ForeignKeyField(Copilot, column_name="copilot_id", on_delete="CASCADE")
        target = peewee.CharField(max_length=8)
        target_copilot_id = peewee.CharField(max_length=36)
        source = peewee.CharField(max_length=8)
        version = peewee.IntegerField()
        snapshot = peewee.JSONField()
        previous_deployment_id = peewee.CharField(max_length=36, null=True)
        restored_deployment_id = peewee.CharField(max_length=36, null=True)
        created_at = peewee.DateTimeField()

        class Meta:
            table_name = "copilot_deployment"
            indexes = (
                (("copilot", "target", "version"), True),
                (("org", "copilot", "created_at"), False),
            )

    db.create_tables([Copilot, CopilotRef, CopilotDeployment])
