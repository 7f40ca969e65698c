"""Single-use OAuth states with their PKCE verifier, the outbox of work to dispatch after a
commit, and a provider's consent to send its credentials to a user's base_url override
(frozen at schema version 0015)."""
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

    class OAuthState(Base):
        id = peewee.CharField(max_length=64, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        provider_id = peewee.CharField(max_length=36)
        user_id = peewee.CharField(max_length=200)
        code_verifier = peewee.TextField()
        created_at = peewee.DateTimeField()
        expires_at = peewee.DateTimeField(index=True)

        class Meta:
            table_name = "oauth_state"

    class OutboxEntry(Base):
        id = peewee.BigAutoField()
        org_id = peewee.CharField(max_length=36, null=True)
        kind = peewee.CharField(max_length=40)
        payload = peewee.JSONField()
        created_at = peewee.DateTimeField()
        available_at = peewee.DateTimeField(index=True)
        attempts = peewee.IntegerField(default=0)
        last_error = peewee.CharField(max_length=200, null=True)

        class Meta:
            table_name = "outbox"

    db.create_tables([OAuthState, OutboxEntry], safe=True)
    migrate(migrator.add_column("tool_provider", "send_credentials_to_user_base_url",
                                peewee.BooleanField(default=False)))
