"""Per-resource write locks (SQLite; Postgres uses advisory locks) (frozen at 0021)."""
import peewee


def up(db, migrator):
    class ResourceLock(peewee.Model):
        key = peewee.CharField(max_length=64, primary_key=True)
        owner = peewee.CharField(max_length=64)
        expires_at = peewee.DateTimeField()

        class Meta:
            database = db
            table_name = "resource_lock"

    db.create_tables([ResourceLock], safe=True)
