"""Prompt blocks: named texts that agent instructions reference, with immutable versions
(frozen at schema version 0030)."""
import peewee


def up(db, migrator):
    class Base(peewee.Model):
        class Meta:
            database = db

    class Organization(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "organization"

    class PromptBlock(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        name = peewee.CharField(max_length=64)
        description = peewee.TextField(null=True)
        text = peewee.TextField()
        version = peewee.IntegerField(default=1)
        current_version_id = peewee.CharField(max_length=36, null=True)
        created_at = peewee.DateTimeField()
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "prompt_block"
            indexes = ((("org", "name"), True), (("org", "created_at"), False))

    class PromptBlockVersion(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")
        block = peewee.ForeignKeyField(PromptBlock, column_name="block_id", on_delete="CASCADE")
        version = peewee.IntegerField()
        name = peewee.CharField(max_length=64)
        description = peewee.TextField(null=True)
        text = peewee.TextField()
        created_at = peewee.DateTimeField()

        class Meta:
            table_name = "prompt_block_version"
            indexes = ((("block", "version"), True),)

    db.create_tables([PromptBlock, PromptBlockVersion], safe=True)
