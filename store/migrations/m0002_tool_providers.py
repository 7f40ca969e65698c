"""Tool providers (frozen at schema version 0002)."""
import peewee


def up(db, migrator):
    class Organization(peewee.Model):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            database = db
            table_name = "organization"

    class ToolProvider(peewee.Model):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        name = peewee.CharField(max_length=200)
        type = peewee.CharField(max_length=8)
        description = peewee.TextField(null=True)
        base_url = peewee.TextField(null=True)
        auth = peewee.JSONField()
        mcp = peewee.JSONField(null=True)
        secrets = peewee.TextField(null=True)
        created_at = peewee.DateTimeField()
        updated_at = peewee.DateTimeField()

        class Meta:
            database = db
            table_name = "tool_provider"
            indexes = ((("org", "name"), True),)

    db.create_tables([ToolProvider])
