"""Outbound webhooks: endpoints and their deliveries (frozen at schema version 0045)."""
import peewee


def up(db, migrator):
    class Base(peewee.Model):
        class Meta:
            database = db

    class Organization(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "organization"

    class WebhookEndpoint(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        url = peewee.TextField()
        description = peewee.TextField(null=True)
        event_types = peewee.JSONField(default=list)
        status = peewee.CharField(max_length=12, default="enabled")
        disabled_reason = peewee.TextField(null=True)
        secret = peewee.TextField()
        previous_secret = peewee.TextField(null=True)
        previous_expires_at = peewee.DateTimeField(null=True)
        failing_since = peewee.DateTimeField(null=True)
        created_at = peewee.DateTimeField()
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "webhook_endpoint"
            indexes = ((("org", "created_at"), False), (("org", "status"), False))

    class WebhookDelivery(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        endpoint = peewee.ForeignKeyField(WebhookEndpoint, column_name="endpoint_id", null=True,
                                          on_delete="CASCADE")
        url = peewee.TextField(null=True)
        event_id = peewee.CharField(max_length=40)
        event_type = peewee.CharField(max_length=64)
        body = peewee.TextField()
        state = peewee.CharField(max_length=12, default="pending")
        attempts = peewee.IntegerField(default=0)
        last_status_code = peewee.IntegerField(null=True)
        last_error = peewee.TextField(null=True)
        last_response = peewee.TextField(null=True)
        next_attempt_at = peewee.DateTimeField(null=True)
        lease_owner = peewee.CharField(max_length=36, null=True)
        created_at = peewee.DateTimeField()
        updated_at = peewee.DateTimeField()
        finished_at = peewee.DateTimeField(null=True)

        class Meta:
            table_name = "webhook_delivery"
            indexes = ((("state", "next_attempt_at"), False),
                       (("endpoint", "created_at"), False))

    db.create_tables([WebhookEndpoint, WebhookDelivery], safe=True)
