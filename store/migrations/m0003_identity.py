"""End users, credentials vault, sessions, spend ledger, usage counters, limits overrides and
experiment assignments; the group table gains its spend cap (frozen at schema version 0003)."""
import peewee


def up(db, migrator):
    from playhouse.migrate import migrate

    class Base(peewee.Model):
        class Meta:
            database = db

    class Organization(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "organization"

    class ApiKey(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "api_key"

    class Group(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "group"

    class ToolProvider(Base):
        id = peewee.CharField(max_length=36, primary_key=True)

        class Meta:
            table_name = "tool_provider"

    def org_fk():
        return peewee.ForeignKeyField(Organization, column_name="org_id", on_delete="CASCADE")

    class AppUser(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = org_fk()
        user_id = peewee.CharField(max_length=200)
        display_name = peewee.CharField(max_length=200, null=True)
        group = peewee.ForeignKeyField(Group, column_name="group_pk", null=True,
                                       on_delete="SET NULL")
        created_at = peewee.DateTimeField()
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "app_user"
            indexes = ((("org", "user_id"), True),)

    class UserCredential(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = org_fk()
        app_user = peewee.ForeignKeyField(AppUser, column_name="app_user_id", on_delete="CASCADE")
        provider = peewee.ForeignKeyField(ToolProvider, column_name="provider_id",
                                          on_delete="CASCADE")
        secret = peewee.TextField()
        created_at = peewee.DateTimeField()
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "user_credential"
            indexes = ((("app_user", "provider"), True),)

    class UserSession(Base):
        id = peewee.CharField(max_length=32, primary_key=True)
        org = org_fk()
        api_key = peewee.ForeignKeyField(ApiKey, column_name="api_key_id", on_delete="CASCADE")
        app_user = peewee.ForeignKeyField(AppUser, column_name="app_user_id", on_delete="CASCADE")
        user_id = peewee.CharField(max_length=200)
        group = peewee.ForeignKeyField(Group, column_name="group_pk", on_delete="CASCADE")
        group_id = peewee.CharField(max_length=200)
        refresh_generation = peewee.IntegerField()
        created_at = peewee.DateTimeField()
        refreshed_at = peewee.DateTimeField(null=True)
        revoked_at = peewee.DateTimeField(null=True)

        class Meta:
            table_name = "user_session"

    class SpendEntry(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = org_fk()
        group = peewee.ForeignKeyField(Group, column_name="group_pk", on_delete="CASCADE")
        month = peewee.CharField(max_length=7)
        user_id = peewee.CharField(max_length=200, null=True)
        run_id = peewee.CharField(max_length=64, null=True)
        model = peewee.CharField(max_length=200, null=True)
        input_tokens = peewee.BigIntegerField()
        output_tokens = peewee.BigIntegerField()
        amount_micro_usd = peewee.BigIntegerField()
        created_at = peewee.DateTimeField()

        class Meta:
            table_name = "spend_entry"
            indexes = ((("group", "month"), False),)

    class GroupSpend(Base):
        group = peewee.ForeignKeyField(Group, column_name="group_pk", on_delete="CASCADE")
        org = org_fk()
        month = peewee.CharField(max_length=7)
        amount_micro_usd = peewee.BigIntegerField()

        class Meta:
            table_name = "group_spend"
            primary_key = peewee.CompositeKey("group", "month")

    class UsageCounter(Base):
        org = org_fk()
        name = peewee.CharField(max_length=64)
        count = peewee.BigIntegerField()

        class Meta:
            table_name = "usage_counter"
            primary_key = peewee.CompositeKey("org", "name")

    class OrgLimits(Base):
        org = peewee.ForeignKeyField(Organization, column_name="org_id", primary_key=True,
                                     on_delete="CASCADE")
        requests_per_minute = peewee.IntegerField(null=True)
        runs_per_month = peewee.IntegerField(null=True)
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "org_limits"

    class ExperimentAssignment(Base):
        id = peewee.CharField(max_length=36, primary_key=True)
        org = org_fk()
        experiment = peewee.CharField(max_length=200)
        user_id = peewee.CharField(max_length=200)
        variant = peewee.CharField(max_length=200)
        created_at = peewee.DateTimeField()
        updated_at = peewee.DateTimeField()

        class Meta:
            table_name = "experiment_assignment"
            indexes = ((("org", "experiment", "user_id"), True),)

    migrate(
        migrator.add_column("group", "spend_cap_usd",
                            peewee.DecimalField(max_digits=20, decimal_places=6, null=True)),
        migrator.add_column("group", "updated_at", peewee.DateTimeField(null=True)),
    )
    db.create_tables([AppUser, UserCredential, UserSession, SpendEntry, GroupSpend, UsageCounter,
                      OrgLimits, ExperimentAssignment])
