"""Versioned migrations upgrade an existing database in place; serve refuses an old schema."""
import sys
import textwrap

import pytest
from playhouse.migrate import migrate

from server.app import SchemaOutOfDate, create_app
from store import migrations, orgs
from core import db

NEXT = "m9999_org_plan"
NEXT_SOURCE = textwrap.dedent('''
    import peewee
    from playhouse.migrate import migrate

    def up(db, migrator):
        migrate(migrator.add_column("organization", "plan", peewee.CharField(null=True)))
        db.execute_sql("UPDATE organization SET plan = 'free'")
''')


def _ship_next_release(tmp_path, monkeypatch):
    """Make a further migration available, as a later release would ship it."""
    (tmp_path / f"{NEXT}.py").write_text(NEXT_SOURCE)
    monkeypatch.setattr(migrations, "__path__", [*migrations.__path__, str(tmp_path)])


def _param() -> str:
    return "%s" if db.is_postgres() else "?"


def test_a_fresh_database_gets_every_migration(settings):
    create_app(settings, migrate=True)
    with db.connection():
        assert migrations.pending() == []
        assert migrations.applied() == set(migrations.available())


def test_serve_refuses_an_out_of_date_schema_then_upgrades_in_place(settings, tmp_path, monkeypatch):
    create_app(settings, migrate=True)
    with db.connection():
        org = orgs.create(name="kept")

    _ship_next_release(tmp_path, monkeypatch)
    with pytest.raises(SchemaOutOfDate) as err:
        create_app(settings)
    assert NEXT in str(err.value) and "agent-platform migrate" in str(err.value)

    try:
        create_app(settings, migrate=True)
        with db.connection():
            row = db.database.execute_sql(
                f"SELECT name, plan FROM organization WHERE id = {_param()}", (org.id,)).fetchone()
            assert tuple(row) == ("kept", "free")
            assert migrations.apply() == []  # nothing left: idempotent
    finally:  # leave the module's database at the current schema
        with db.connection():
            migrate(migrations._migrator(db.database.obj).drop_column("organization", "plan"))
            db.database.execute_sql(f"DELETE FROM schema_migrations WHERE name = {_param()}", (NEXT,))
        sys.modules.pop(f"store.migrations.{NEXT}", None)
