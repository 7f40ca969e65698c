"""Inbound triggers, the delivery ids they have seen and the threads network triggers post
into (frozen at schema version 0046)."""
import peewee


def up(db, migrator):
    class Base(peewee.Model):
        class Meta:
            database = db

    class Organization(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "organization"

    class Trigger(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        description = peewee.TextField(null=True)
        target_type = peewee.CharField(max_length=12)
        target_id = peewee.CharField(max_length=36)
        verification_type = peewee.CharField(max_length=20)
        secret = peewee.TextField(null=True)
        token_hash = peewee.CharField(max_length=64, unique=True)
        input = peewee.JSONField(default=dict)
        status = peewee.CharField(max_length=12, default="enabled")
        last_called_at = peewee.DateTimeField(null=True)
        created_at = peewee.DateTimeField()
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "trigger"
            indexes = ((("org", "created_at"), False),)

    class TriggerReceipt(Base):
        id = peewee.BigAutoField()
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        trigger = peewee.ForeignKeyField(Trigger, column_name="trigger_id", on_delete="CASCADE")
        delivery_key = peewee.CharField(max_length=255)
        run_id = peewee.CharField(max_length=36, null=True)
        created_at = peewee.DateTimeField()
        expires_at = peewee.DateTimeField(index=True)

        class Meta:
            table_name = "trigger_receipt"
            indexes = ((("trigger", "delivery_key"), True),)

    class TriggerThread(Base):
        id = peewee.BigAutoField()
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        trigger = peewee.ForeignKeyField(Trigger, column_name="trigger_id", on_delete="CASCADE")
        user_id = peewee.CharField(max_length=200)
        conversation_key = peewee.CharField(max_length=255)
        thread_id = peewee.CharField(max_length=36)
        created_at = peewee.DateTimeField()

        class Meta:
            table_name = "trigger_thread"
            indexes = ((("trigger", "user_id", "conversation_key"), True),)

    db.create_tables([Trigger, TriggerReceipt, TriggerThread], safe=True)
