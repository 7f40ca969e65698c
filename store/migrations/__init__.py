"""Versioned schema migrations, applied in name order and recorded in schema_migrations.

Each module mNNNN_name.py defines ``up(db, migrator)``; it must describe the schema as it was
at that version (frozen model definitions or playhouse.migrate operations), never import
store.models, so that an old database upgrades in place through every step.
"""
from __future__ import annotations

import importlib
import pkgutil

import peewee
from playhouse.migrate import PostgresqlMigrator, SqliteMigrator

from core.db import database, utcnow

_ADVISORY_LOCK = 7_331_001


class SchemaMigration(peewee.Model):
    name = peewee.CharField(max_length=200, primary_key=True)
    applied_at = peewee.DateTimeField(default=utcnow)

    class Meta:
        database = database
        table_name = "schema_migrations"


def available() -> list[str]:
    return sorted(m.name for m in pkgutil.iter_modules(__path__) if m.name.startswith("m"))


def applied() -> set[str]:
    if not database.table_exists("schema_migrations"):
        return set()
    return {row.name for row in SchemaMigration.select(SchemaMigration.name)}


def pending() -> list[str]:
    done = applied()
    return [name for name in available() if name not in done]


def _migrator(db):
    return PostgresqlMigrator(db) if isinstance(db, peewee.PostgresqlDatabase) else SqliteMigrator(db)


def apply() -> list[str]:
    """Apply every pending migration, each in its own transaction. Returns what was applied.

    On Postgres an advisory lock makes concurrent callers (several `serve` processes) wait
    for each other instead of racing.
    """
    db = database.obj
    is_pg = isinstance(db, peewee.PostgresqlDatabase)
    if is_pg:
        db.execute_sql("SELECT pg_advisory_lock(%s)", (_ADVISORY_LOCK,))
    try:
        database.create_tables([SchemaMigration], safe=True)
        done = []
        for name in pending():
            module = importlib.import_module(f"{__name__}.{name}")
            with database.atomic():
                module.up(db, _migrator(db))
                SchemaMigration.create(name=name)
            done.append(name)
        return done
    finally:
        if is_pg:
            db.execute_sql("SELECT pg_advisory_unlock(%s)", (_ADVISORY_LOCK,))
