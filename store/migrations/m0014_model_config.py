"""Organization-level model configuration: default provider, endpoints and encrypted keys
(frozen at schema version 0014)."""
import peewee


def up(db, migrator):
    class Base(peewee.Model):
        class Meta:
            database = db

    class Organization(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "organization"

    class OrgModelConfig(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", unique=True,
                                     on_delete="CASCADE")
        default_provider = peewee.CharField(max_length=16, null=True)
        providers = peewee.JSONField()
        secrets = peewee.TextField(null=True)
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "org_model_config"

    db.create_tables([OrgModelConfig], safe=True)
