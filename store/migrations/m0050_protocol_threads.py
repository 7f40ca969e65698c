"""The threads that protocol clients name with ids of their own: an AG-UI client's
``threadId`` mapped to the end user's thread (frozen at schema version 0050)."""
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

        class Meta:
            table_name = "thread"

    class ProtocolThread(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        user_id = peewee.CharField(max_length=200)
        protocol = peewee.CharField(max_length=16)
        external_id = peewee.CharField(max_length=200)
        thread = peewee.ForeignKeyField(Thread, column_name="thread_id", on_delete="CASCADE")
        created_at = peewee.DateTimeField()

        class Meta:
            table_name = "protocol_thread"
            indexes = ((("org", "user_id", "protocol", "external_id"), True),)

    db.create_tables([ProtocolThread], safe=True)
