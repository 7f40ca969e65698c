"""Exposures: the networks, agents and workflows an organization offers as MCP tools and
A2A agents (frozen at schema version 0041)."""
import peewee


def up(db, migrator):
    class Base(peewee.Model):
        class Meta:
            database = db

    class Organization(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "organization"

    class Exposure(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        name = peewee.CharField(max_length=64)
        description = peewee.TextField(null=True)
        target_type = peewee.CharField(max_length=16)
        target_id = peewee.CharField(max_length=36)
        created_at = peewee.DateTimeField()
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "exposure"
            indexes = ((("org", "name"), True), (("org", "created_at"), False),
                       (("org", "target_id"), False))

    db.create_tables([Exposure], safe=True)
