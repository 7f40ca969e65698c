"""Write transactions that take the write lock up front.

On SQLite a deferred transaction that reads first and writes later can fail with "database is
locked" when another connection wrote in between (the busy timeout does not apply to a lock
upgrade). ``write_atomic`` begins IMMEDIATE there, so concurrent writers queue on the busy
timeout instead. On Postgres it is a plain transaction. A unique violation becomes Conflict.
"""
from __future__ import annotations

import contextlib

import peewee

from store.db import database, is_postgres
from store.errors import Conflict


@contextlib.contextmanager
def write_atomic():
    db = database.obj
    nested = db.transaction_depth() > 0
    try:
        if nested or is_postgres():
            with database.atomic():
                yield
        else:
            with database.atomic(lock_type="IMMEDIATE"):
                yield
    except peewee.IntegrityError as exc:
        raise Conflict("the change conflicts with an existing record", code="conflict") from exc
