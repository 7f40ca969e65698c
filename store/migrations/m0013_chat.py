"""Chat: threads, their messages, votes on messages and the per-thread event log of turns
(frozen at schema version 0013)."""
import peewee


def up(db, migrator):
    class Base(peewee.Model):
        class Meta:
            database = db

    class Organization(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "organization"

    class Thread(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        user_id = peewee.CharField(max_length=200)
        title = peewee.CharField(max_length=200)
        agent_id = peewee.CharField(max_length=36, null=True)
        copilot_id = peewee.CharField(max_length=36, null=True)
        notify_title = peewee.CharField(max_length=200, null=True)
        unread_count = peewee.IntegerField()
        message_count = peewee.IntegerField()
        last_seq = peewee.BigIntegerField()
        last_run_id = peewee.CharField(max_length=36, null=True)
        last_message_at = peewee.DateTimeField()
        last_event_at = peewee.DateTimeField(null=True)
        created_at = peewee.DateTimeField()
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "thread"
            indexes = (
                (("org", "user_id", "last_message_at", "id"), False),
                (("org", "user_id", "notify_title"), True),
            )

    class Message(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        thread = peewee.ForeignKeyField(Thread, column_name="thread_id", on_delete="CASCADE")
        user_id = peewee.CharField(max_length=200)
        position = peewee.IntegerField()
        role = peewee.CharField(max_length=12)
        content = peewee.TextField()
        run_id = peewee.CharField(max_length=36, null=True)
        agent_id = peewee.CharField(max_length=36, null=True)
        followups = peewee.JSONField(null=True)
        source = peewee.CharField(max_length=80, null=True, unique=True)
        created_at = peewee.DateTimeField()

        class Meta:
            table_name = "message"
            indexes = ((("thread", "position"), True),)

    class MessageVote(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        message = peewee.ForeignKeyField(Message, column_name="message_id", on_delete="CASCADE")
        user_id = peewee.CharField(max_length=200)
        value = peewee.CharField(max_length=8)
        comment = peewee.TextField(null=True)
        created_at = peewee.DateTimeField()
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "message_vote"
            indexes = ((("message", "user_id"), True),)

    class RunEvent(Base):
        id = peewee.BigAutoField()
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        thread = peewee.ForeignKeyField(Thread, column_name="thread_id", on_delete="CASCADE")
        seq = peewee.BigIntegerField()
        run_id = peewee.CharField(max_length=36)
        kind = peewee.CharField(max_length=40)
        data = peewee.JSONField()
        created_at = peewee.DateTimeField()

        class Meta:
            table_name = "run_event"
            indexes = (
                (("thread", "seq"), True),
                (("thread", "run_id", "seq"), False),
            )

    db.create_tables([Thread, Message, MessageVote, RunEvent], safe=True)
