"""The one database handle, selected by DATABASE_URL (SQLite by default, Postgres pooled)."""
from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import os
import sqlite3
import uuid
from pathlib import Path
from urllib.parse import parse_qsl, urlparse

import peewee
import psycopg2
from playhouse.pool import MaxConnectionsExceeded

from core.db_pools import (CountedPostgresqlDatabase, CountedSqliteDatabase, PreparingConnection,
                            Reconnecting, _Counted)
from rules.errors import Conflict

database = peewee.DatabaseProxy()

SQLITE_PRAGMAS = {
    "journal_mode": "wal",
    "synchronous": "normal",
    "foreign_keys": 1,
    "busy_timeout": 10000,
    "cache_size": -16000,
}


def connections_in_use() -> int:
    """Connections of the bound pool that threads hold now (0 when nothing is bound)."""
    current = database.obj
    return current.connections_in_use() if isinstance(current, _Counted) else 0


def make_database(url: str, *, pool_size: int = 20, pool_timeout: int = 10,
                  prepare: bool = True) -> peewee.Database:
    """Build a peewee database for url. Connections are pooled for both engines; on Postgres
    ``prepare`` lets ``run_prepared`` prepare hot statements once per connection."""
    parsed = urlparse(url)
    if parsed.scheme == "sqlite":
        path = url[len("sqlite:///"):] if url.startswith("sqlite:///") else parsed.path
        if path and path != ":memory:":  # a fresh data directory is made on first use
            Path(path).parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            _create_private(path)
        return CountedSqliteDatabase(
            path or ":memory:",
            pragmas=SQLITE_PRAGMAS,
            max_connections=pool_size,
            stale_timeout=300,
            timeout=pool_timeout,
            check_same_thread=False,
        )
    if parsed.scheme in ("postgres", "postgresql"):
        options = dict(parse_qsl(parsed.query))
        return CountedPostgresqlDatabase(
            parsed.path.lstrip("/"),
            user=parsed.username,
            password=parsed.password,
            host=parsed.hostname or "127.0.0.1",
            port=parsed.port or 5432,
            max_connections=pool_size,
            stale_timeout=300,
            timeout=pool_timeout,  # 0 would wait forever for a free connection
            connect_timeout=pool_timeout,
            connection_factory=PreparingConnection,
            prepare=prepare,
            **options,
        )
    raise SystemExit(f"DATABASE_URL scheme {parsed.scheme!r} is not supported (sqlite or postgresql)")


def _create_private(path: str) -> None:
    """Create the SQLite file readable by its owner only (mode 0600, like the secret file);
    SQLite gives its -wal and -shm files the database file's mode."""
    if os.path.exists(path):
        return
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:  # another process created it first
        pass


def bind(url: str, **kwargs) -> peewee.Database:
    """Point the shared handle at a database and return it."""
    current = database.obj
    if current is not None and not current.is_closed():
        current.close_all() if hasattr(current, "close_all") else current.close()
    db = make_database(url, **kwargs)
    database.initialize(db)
    return db


def is_postgres() -> bool:
    return isinstance(database.obj, peewee.PostgresqlDatabase)


@contextlib.contextmanager
def connection():
    """A pooled connection for the current thread, returned to the pool afterwards. A
    connection the thread still holds is used (nested use), unless the server closed it: then
    a fresh one is checked out for the block (core/db_pools.py, Reconnecting)."""
    db = database.obj
    if isinstance(db, Reconnecting):
        db.discard_lost()
    if not db.is_closed():  # nested use in the same thread
        yield db
        return
    db.connect()
    try:
        yield db
    finally:
        db.close()


@contextlib.contextmanager
def atomic():
    """A write transaction; a unique-constraint violation inside it becomes Conflict.

    On SQLite the outermost transaction begins IMMEDIATE: a deferred transaction that reads
    first and writes later fails with "database is locked" when another connection wrote in
    between (the busy timeout does not cover a lock upgrade), whereas an immediate one waits
    its turn on the busy timeout. On Postgres it is a plain transaction.
    """
    db = database.obj
    immediate = not is_postgres() and db.transaction_depth() == 0
    try:
        if immediate:  # the writers of this process take turns (core/db_pools.py)
            writing = db.writing() if hasattr(db, "writing") else contextlib.nullcontext()
            with writing, database.atomic(lock_type="IMMEDIATE"):
                yield
        else:
            with database.atomic():
                yield
    except peewee.IntegrityError as exc:
        raise Conflict("the change conflicts with an existing record", code="conflict") from exc


def new_id() -> str:
    return str(uuid.uuid4())


def utcnow() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)


def naive_utc(value: dt.datetime | str) -> dt.datetime:
    """A date-time from a request (aware, any offset; or RFC 3339 text) as stored: naive UTC."""
    if isinstance(value, str):
        value = dt.datetime.fromisoformat(value.replace("Z", "+00:00"))
    if value.tzinfo is not None:
        value = value.astimezone(dt.timezone.utc).replace(tzinfo=None)
    return value


def iso(value: dt.datetime | str | None) -> str | None:
    """Timestamps are stored as naive UTC and rendered as RFC 3339 with milliseconds and Z
    (truncated, as `isoformat(timespec="milliseconds")` does). value is a datetime, or the
    stored text as SQLite returns it (`YYYY-MM-DD HH:MM:SS[.ffffff]`), rendered without
    parsing; other text is parsed."""
    if value is None:
        return None
    if type(value) is str:
        size = len(value)
        if (size == 26 and value[19] == ".") or size == 19:
            text = value[:10] + "T" + value[11:23]
            return text + "Z" if size == 26 else text + ".000Z"
        value = dt.datetime.fromisoformat(value)
    text = value.isoformat()  # the tz suffix, if any, is after the 23rd character or absent
    return text[:23] + "Z" if value.microsecond else text[:19] + ".000Z"


def ping() -> None:
    """Raise if the database does not answer (on a connection of its own)."""
    with connection():
        database.execute_sql("SELECT 1").fetchone()


# Postgres error classes of a server that cannot serve now: connection exceptions (08),
# insufficient resources (53: too many connections), operator intervention (57P01-57P03:
# shutting down, crash recovery, cannot connect now)
_UNREACHABLE_CODES = ("08", "53", "57P01", "57P02", "57P03")
_SQLITE_UNREACHABLE = ("database is locked", "unable to open database file")


def unreachable(exc: BaseException) -> bool:
    """Whether exc says the database cannot serve now (refused or lost connections, a
    server shutting down or starting, no free pooled connection in time, SQLite's busy
    timeout) rather than that the statement was wrong: a request may retry it later."""
    if isinstance(exc, MaxConnectionsExceeded):
        return True
    if not isinstance(exc, (peewee.OperationalError, peewee.InterfaceError)):
        return False
    # the driver's exception, which peewee's wraps (as its first argument or its context,
    # sometimes twice over); an error peewee raises itself (a misuse) has none of the driver's
    original = exc
    for _ in range(4):
        if not isinstance(original, peewee.PeeweeException):
            break
        inner = original.args[0] if original.args else None
        original = inner if isinstance(inner, BaseException) else (
            original.__cause__ or original.__context__)
    if isinstance(original, psycopg2.InterfaceError):  # "connection already closed"
        return True
    if isinstance(original, psycopg2.OperationalError):
        code = original.pgcode
        return code is None or code.startswith(_UNREACHABLE_CODES)
    if isinstance(original, sqlite3.OperationalError):
        return str(original).startswith(_SQLITE_UNREACHABLE)
    return False


def run_sql(sql: str, params: list | tuple = ()):
    """Run SQL written with %s placeholders in the bound database's parameter style (the
    hot statements that store/ writes once instead of having peewee render them anew); the
    cursor."""
    return database.execute_sql(sql if is_postgres() else sql.replace("%s", "?"), params)


_ROW_FIELDS: dict = {}


def model_row(model, description, row):
    """The model instance of a row that hand-written SQL read (as a SELECT would build it):
    the cursor's columns are matched to the model's fields once per column list, each value
    goes through its field's conversion."""
    key = (model, tuple(column[0] for column in description))
    fields = _ROW_FIELDS.get(key)
    if fields is None:
        columns = model._meta.columns
        fields = _ROW_FIELDS[key] = tuple(columns.get(name) for name in key[1])
    instance = model(__no_default__=1)
    data = instance.__data__
    for field, value in zip(fields, row):
        if field is not None:
            data[field.name] = None if value is None else field.python_value(value)
    return instance


_PREPARED: dict[str, tuple[str, str, str]] = {}


def _prepared(sql: str) -> tuple[str, str, str]:
    """(name, PREPARE statement, EXECUTE template) of SQL written with %s placeholders."""
    found = _PREPARED.get(sql)
    if found is None:
        parts = sql.split("%s")
        name = "ap_" + hashlib.sha256(sql.encode()).hexdigest()[:20]
        numbered = parts[0] + "".join(f"${i}{part}" for i, part in enumerate(parts[1:], 1))
        args = f"({', '.join(['%s'] * (len(parts) - 1))})" if len(parts) > 1 else ""
        found = _PREPARED[sql] = (name, f"PREPARE {name} AS {numbered}", f"EXECUTE {name}{args}")
    return found


def run_prepared(sql: str, params: list | tuple = (), prefix: str = ""):
    """``run_sql`` for a statement every run or turn repeats: on Postgres prepared once per
    connection and executed by name, so that the server plans it once per connection instead
    of on every execution (off with AGENT_PLATFORM_DB_PREPARE=off, e.g. behind a pooler in
    transaction mode). Its parameters need types Postgres infers from the statement (a
    column compared or assigned, or a cast). ``prefix``: statements sent before it in the
    same query string (Postgres only)."""
    db = database.obj
    if not getattr(db, "prepare", False):
        return database.execute_sql(prefix + sql if is_postgres() else sql.replace("%s", "?"),
                                    params)
    name, prepare, execute = _prepared(sql)
    conn = db.connection()
    if name not in conn.prepared:
        db.execute_sql(prepare)
        conn.prepared.add(name)
    return db.execute_sql(prefix + execute, params)


def db_value(field, value):
    """A value as a hand-written statement binds it: the field's conversion, except that a
    JSON value is its text on SQLite (where peewee would wrap it in a `json()` call)."""
    if isinstance(field, peewee.JSONField) and not is_postgres():
        return None if value is None else field._dumps(value)
    return field.db_value(value)


class Insert:
    """``Model.create`` of one model with its INSERT rendered once per database: every column
    is written, a field not given takes its default as peewee would, each value goes through
    the field's conversion. Returns the instance, as ``create`` does."""

    def __init__(self, model):
        self.model = model
        self._db = None
        self._sql = ""

    def __call__(self, **given):
        fields = self.model._meta.sorted_fields
        db = database.obj
        if self._db is not db:
            columns = ", ".join(f'"{f.column_name}"' for f in fields)
            marks = ", ".join(["%s"] * len(fields))
            self._sql = f'INSERT INTO "{self.model._meta.table_name}" ({columns}) VALUES ({marks})'
            self._db = db
        values = {}
        for f in fields:
            if f.name in given:
                value = given[f.name]
            elif f.default is not None:
                value = f.default() if callable(f.default) else f.default
            else:
                value = None
            values[f.name] = value
        try:
            run_sql(self._sql, [db_value(f, values[f.name]) for f in fields])
        except peewee.IntegrityError as exc:  # as atomic() does
            raise Conflict("the change conflicts with an existing record",
                           code="conflict") from exc
        row = self.model(**values)
        row._dirty.clear()
        return row


class Compiled:
    """A SELECT compiled to SQL once per database, then run with fresh parameters.

    Peewee renders SQL text on every execution (about 80 µs for a simple SELECT here); the
    per-request paths (credential lookup, the caller's organization) compile once instead.
    ``build`` returns the query written with placeholder values in the order the parameters
    will be given; ``first`` returns the row as {field name: python value} or None.
    """

    def __init__(self, build):
        self._build = build
        self._db = None
        self._sql = ""
        self._fields = ()

    def _compile(self) -> str:
        db = database.obj
        if self._db is not db:
            query = self._build()
            self._sql, _ = query.sql()
            self._fields = tuple(query._returning)
            self._model = query.model
            self._db = db
        return self._sql

    def first(self, *params) -> dict | None:
        row = run_prepared(self._compile(), params).fetchone()
        if row is None:
            return None
        return {f.name: f.python_value(v) for f, v in zip(self._fields, row)}

    def instance(self, *params):
        """The row as a model instance (as a SELECT would give it), or None."""
        row = self.first(*params)
        if row is None:
            return None
        found = self._model(__no_default__=1)  # as peewee builds a selected row: no defaults
        found.__data__.update(row)
        return found
