"""Idempotency keys: the first answer to a POST with an `Idempotency-Key`, for replays
(frozen at schema version 0022)."""
import peewee


def up(db, migrator):
    class Base(peewee.Model):
        class Meta:
            database = db

    class Organization(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "organization"

    class IdempotencyKey(Base):
        id = peewee.BigAutoField()
        org = peewee.ForeignKeyField(Organization, column_name="org_id", null=True,
                                     on_delete="CASCADE")
        scope = peewee.CharField(max_length=64)
        key = peewee.CharField(max_length=255)
        request_hash = peewee.CharField(max_length=64)
        state = peewee.CharField(max_length=12)
        status = peewee.IntegerField(null=True)
        response = peewee.TextField(null=True)
        created_at = peewee.DateTimeField()
        expires_at = peewee.DateTimeField(index=True)

        class Meta:
            table_name = "idempotency_key"
            indexes = ((("scope", "key"), True),)

    db.create_tables([IdempotencyKey], safe=True)
