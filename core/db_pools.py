"""The connection pools of core/db.py: counted check-outs, Postgres check-out without a
ping, transactions whose BEGIN travels with their first statement, connections that
remember the statements prepared on them, and connections the server closed (a restart, a
failover, a terminated backend) discarded instead of used again."""
from __future__ import annotations

import contextlib
import threading
import time

import peewee
import psycopg2.extensions
from playhouse.pool import PooledPostgresqlDatabase, PooledSqliteDatabase

from core import sqlite_vectors


class PreparingConnection(psycopg2.extensions.connection):
    """A Postgres connection that remembers the names of the statements prepared on it
    (core.db.run_prepared); a new connection starts with none."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.prepared: set[str] = set()


class _Counted:
    """A pool that counts the connections threads hold: one more when ``connect`` checks one
    out for the calling thread (explicitly, or implicitly by a query), one less when
    ``close`` returns it (``manual_close`` and ``close_all`` close through ``close`` too)."""

    def __init__(self, *args, **kwargs):
        self._held = 0
        self._held_lock = threading.Lock()
        super().__init__(*args, **kwargs)

    def connect(self, reuse_if_open: bool = False) -> bool:
        opened = super().connect(reuse_if_open)
        if opened:
            with self._held_lock:
                self._held += 1
        return opened

    def close(self) -> bool:
        closed = super().close()
        if closed:
            with self._held_lock:
                self._held -= 1
        return closed

    def connections_in_use(self) -> int:
        """Connections checked out of this pool and not yet returned."""
        return self._held


class _QuickCheckout(PooledPostgresqlDatabase):
    """Pooled Postgres whose check-out pings (`SELECT 1`, under the pool's lock) only a
    connection that sat in the pool for more than PING_AFTER_S: one handed back moments ago is
    known to be good from its local state (open, no transaction), which spares a round trip
    on every `connection()` of a busy process. A connection that broke meanwhile fails its
    first statement and is then discarded; as the server that closed it has most likely
    closed the others too (a restart), that failure also withdraws the trust from every
    connection in the pool (``distrust``): each is pinged at its next check-out, and the
    dead ones are discarded there instead of failing a statement each."""

    PING_AFTER_S = 2.0

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._returned: dict[int, float] = {}

    def distrust(self) -> None:
        """Ping every pooled connection at its next check-out."""
        with self._pool_lock:
            self._returned.clear()

    def _can_reuse(self, conn) -> bool:  # on check-in, under the pool's lock
        reusable = not conn.closed and super()._can_reuse(conn)
        if reusable:
            self._returned[self.conn_key(conn)] = time.monotonic()
        else:
            self._returned.pop(self.conn_key(conn), None)
        return reusable

    def _is_closed(self, conn) -> bool:  # on check-out, under the pool's lock
        returned = self._returned.pop(self.conn_key(conn), None)
        if (returned is not None and time.monotonic() - returned < self.PING_AFTER_S
                and not conn.closed
                and self._adapter.txn_status(conn) == self._adapter.txn_idle):
            return False
        closed = super()._is_closed(conn)
        if closed:  # the server went away meanwhile: the rest of the pool is suspect too
            self._returned.clear()
            self._close_raw(conn)
        return closed

    def _close_raw(self, conn):
        self._returned.pop(self.conn_key(conn), None)
        return super()._close_raw(conn)


class _LazyBegin:
    """Postgres transactions whose BEGIN travels with their first statement (one query
    string, ``BEGIN; ...``) instead of taking a round trip of its own; a transaction that ran
    no statement has nothing to commit or roll back. Every statement of a transaction goes
    through ``execute_sql`` (peewee's queries, savepoints, ``run_sql``): a statement on a raw
    cursor inside a transaction would run outside it."""

    def begin(self, isolation_level=None):
        if self.is_closed():
            self.connect()
        level = isolation_level or self._isolation_level
        self._state.pending_begin = (
            f"BEGIN TRANSACTION ISOLATION LEVEL {self._adapter.isolation_level_str(level)}; "
            if level else "BEGIN; ")

    def execute_sql(self, sql, params=None):
        pending = getattr(self._state, "pending_begin", None)
        if pending:
            self._state.pending_begin = None
            sql = pending + sql
        return super().execute_sql(sql, params)

    def _nothing_begun(self) -> bool:
        if getattr(self._state, "pending_begin", None):
            self._state.pending_begin = None
            return True
        return False

    def commit(self):
        if not self._nothing_begun():
            super().commit()

    def rollback(self):
        if not self._nothing_begun():
            super().rollback()

    def close(self):
        self._state.pending_begin = None
        return super().close()


class Reconnecting:
    """Postgres connections the server closed are never used again. psycopg2 marks a
    connection closed (``conn.closed``) once a statement found it lost; peewee would go on
    handing that connection to its thread (``connection()`` nests in an open one), every
    statement failing with "connection already closed", until the thread closed it, which a
    thread holding its connection across a server restart never does. Here the failing
    statement still fails (it may have been a write: it is never sent again), but the lost
    connection is discarded at once when no transaction is open, and otherwise before the
    thread's next statement or transaction, which a fresh connection then serves; and the
    pool's other connections are pinged at their next check-out (``distrust``)."""

    def _lost(self) -> bool:
        state = self._state
        return not state.closed and state.conn is not None and bool(state.conn.closed)

    def discard_lost(self) -> None:
        """Return the thread's connection to the pool (which closes it) if the server closed
        it and no transaction is open on it."""
        if self._lost() and not self._state.transactions:
            self.close()  # not reusable: the pool closes it; the thread's state is reset

    def connection(self):
        self.discard_lost()
        return super().connection()

    def cursor(self, named_cursor=None):
        self.discard_lost()
        return super().cursor(named_cursor)

    def begin(self, isolation_level=None):
        self.discard_lost()
        return super().begin(isolation_level)

    def rollback(self):
        if self._lost():  # the server ended the transaction with the connection
            self._state.pending_begin = None  # _LazyBegin: nothing is to begin either
            self.discard_lost()
            return
        super().rollback()

    def execute_sql(self, sql, params=None):
        try:
            return super().execute_sql(sql, params)
        except (peewee.OperationalError, peewee.InterfaceError):
            if self._lost():
                self.distrust()
                self.discard_lost()
            raise


_WRITES = ("insert", "update", "delete", "replace")


class CountedSqliteDatabase(_Counted, PooledSqliteDatabase):
    """SQLite, whose writers of this process take turns on one lock before SQLite's own.

    SQLite lets one connection write at a time and makes the others wait in its busy handler,
    which sleeps in steps of up to 100 ms: under many writers the write lock sat idle while
    they slept. A write transaction (``writing()``, taken by core.db.atomic) and a write
    statement outside a transaction wait here instead and get the lock the moment it is
    free. Other processes on the same file still meet SQLite's busy handler; a wait here
    longer than ``write_wait_s`` goes on to SQLite's (never a wait forever)."""

    def __init__(self, *args, **kwargs):
        self.writer = threading.Lock()
        self.write_wait_s = float(kwargs.get("timeout") or 10)
        super().__init__(*args, **kwargs)

    @contextlib.contextmanager
    def writing(self):
        got = self.writer.acquire(timeout=self.write_wait_s)
        try:
            yield
        finally:
            if got:
                self.writer.release()

    def _add_conn_hooks(self, conn):
        super()._add_conn_hooks(conn)
        self.vectors = sqlite_vectors.load(conn)  # semantic search (store/vectors.py)

    def execute_sql(self, sql, params=None):
        if not self.in_transaction() and sql.lstrip()[:7].lower().startswith(_WRITES):
            with self.writing():
                return super().execute_sql(sql, params)
        return super().execute_sql(sql, params)


class CountedPostgresqlDatabase(Reconnecting, _LazyBegin, _Counted, _QuickCheckout):
    def __init__(self, *args, prepare: bool = True, **kwargs):
        self.prepare = prepare  # core.db.run_prepared prepares hot statements
        super().__init__(*args, **kwargs)
