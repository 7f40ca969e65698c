"""The request id that started each run, and an organization's allowed browser origins (CORS)
(frozen at schema version 0020)."""
import peewee
from playhouse.migrate import migrate


def up(db, migrator):
    class Base(peewee.Model):
        class Meta:
            database = db

    class Organization(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "organization"

    class CorsOrigin(Base):
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        origin = peewee.CharField(max_length=300, index=True)
        created_at = peewee.DateTimeField()

        class Meta:
            table_name = "cors_origin"
            indexes = ((("org", "origin"), True),)

    db.create_tables([CorsOrigin], safe=True)
    migrate(
        migrator.add_column("agent_run", "request_id", peewee.CharField(max_length=128, null=True)),
        migrator.add_column("workflow_run", "request_id",
                            peewee.CharField(max_length=128, null=True)),
    )
