"""Organizations, API keys and groups (frozen at schema version 0001)."""
import peewee


def up(db, migrator):
    class Base(peewee.Model):
        class Meta:
            database = db

    class Organization(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        name = peewee.CharField(max_length=200)
        created_at = peewee.DateTimeField()

        class Meta:
            table_name = "organization"

    class ApiKey(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        name = peewee.CharField(max_length=200)
        prefix = peewee.CharField(max_length=16)
        key_hash = peewee.CharField(max_length=64, unique=True)
        created_at = peewee.DateTimeField()
        last_used_at = peewee.DateTimeField(null=True)
        revoked_at = peewee.DateTimeField(null=True)

        class Meta:
            table_name = "api_key"

    class Group(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        group_id = peewee.CharField(max_length=200)
        name = peewee.CharField(max_length=200)
        is_default = peewee.BooleanField()
        created_at = peewee.DateTimeField()

        class Meta:
            table_name = "group"
            indexes = ((("org", "group_id"), True),)

    db.create_tables([Organization, ApiKey, Group])
