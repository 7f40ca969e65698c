"""Tools, MCP discovery state, agents, agent versions and dependencies, registry versions
(frozen at schema version 0004)."""
import peewee


def up(db, migrator):
    class Base(peewee.Model):
        class Meta:
            database = db

    class Organization(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "organization"

    class ToolProvider(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "tool_provider"

    class Tool(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        provider = peewee.ForeignKeyField(ToolProvider, column_name="tool_provider_id",
                                          on_delete="CASCADE")
        name = peewee.CharField(max_length=255)
        description = peewee.TextField(null=True)
        method = peewee.CharField(max_length=8)
        path = peewee.TextField()
        input_schema = peewee.JSONField(null=True)
        output_schema = peewee.JSONField(null=True)
        timeout_ms = peewee.IntegerField(null=True)
        is_enabled = peewee.BooleanField()
        operation_id = peewee.CharField(max_length=255, null=True)
        tags = peewee.JSONField(null=True)
        deprecated = peewee.BooleanField(null=True)
        created_at = peewee.DateTimeField()
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "tool"
            indexes = (
                (("provider", "name"), True),
                (("provider", "method", "path"), True),
                (("provider", "operation_id"), True),
                (("org", "created_at"), False),
            )

    class McpState(Base):
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        provider = peewee.ForeignKeyField(ToolProvider, column_name="tool_provider_id",
                                          primary_key=True, on_delete="CASCADE")
        status = peewee.CharField(max_length=8)
        error = peewee.TextField(null=True)
        tools_digest = peewee.CharField(max_length=64, null=True)
        checked_at = peewee.DateTimeField()

        class Meta:
            table_name = "mcp_state"

    class Agent(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        name = peewee.CharField(max_length=200)
        current_version_id = peewee.CharField(max_length=36, null=True)
        version = peewee.IntegerField()
        build_status = peewee.CharField(max_length=8)
        build_error = peewee.TextField(null=True)
        build_version_id = peewee.CharField(max_length=36, null=True)
        runtime_id = peewee.CharField(max_length=64, null=True)
        runtime_version_id = peewee.CharField(max_length=36, null=True)
        runtime = peewee.JSONField(null=True)
        built_at = peewee.DateTimeField(null=True)
        created_at = peewee.DateTimeField()
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "agent"

    class AgentVersion(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        agent = peewee.ForeignKeyField(Agent, column_name="agent_id", on_delete="CASCADE")
        version = peewee.IntegerField()
        name = peewee.CharField(max_length=200)
        description = peewee.TextField(null=True)
        instructions = peewee.TextField(null=True)
        model = peewee.JSONField()
        tool_ids = peewee.JSONField()
        tool_provider_ids = peewee.JSONField()
        max_steps = peewee.IntegerField()
        created_at = peewee.DateTimeField()

        class Meta:
            table_name = "agent_version"
            indexes = ((("agent", "version"), True),)

    class AgentDependency(Base):
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        agent = peewee.ForeignKeyField(Agent, column_name="agent_id", on_delete="CASCADE")
        kind = peewee.CharField(max_length=8)
        ref_id = peewee.CharField(max_length=36)

        class Meta:
            table_name = "agent_dependency"
            indexes = (
                (("org", "kind", "ref_id"), False),
                (("agent", "kind", "ref_id"), True),
            )

    class RegistryVersion(Base):
        org = peewee.ForeignKeyField(Organization, column_name="org_id", primary_key=True,
                                     on_delete="CASCADE")
        version = peewee.BigIntegerField()
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "registry_version"

    db.create_tables([Tool, McpState, Agent, AgentVersion, AgentDependency, RegistryVersion])
