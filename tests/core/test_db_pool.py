"""The Postgres pool (core/db_pools.py): a connection handed back moments ago is checked out
without a ping; one that sat in the pool longer is pinged first, and one the server closed is
discarded, so the next statement runs on a good connection. A transaction's BEGIN travels with
its first statement and the transaction stays whole; hot statements are prepared once per
connection and run by name, again on a new connection, and not at all when turned off."""
from __future__ import annotations

import pytest

from core import db
from store.errors import Conflict
from tests.conftest import PG_SERVER_URL, _pg_admin_connect

pytestmark = pytest.mark.skipif(not PG_SERVER_URL.startswith("postgres"),
                                reason="the Postgres pool (AGENT_PLATFORM_TEST_DATABASE_URL)")


@pytest.fixture()
def pool(database_url):
    previous = db.database.obj
    bound = db.bind(database_url, pool_size=4)
    yield bound
    bound.close_all()
    if previous is not None:
        db.database.initialize(previous)


def _last_statement(backend_pid: int) -> str:
    """The last statement a backend was sent, as the server reports it."""
    with _pg_admin_connect(PG_SERVER_URL).cursor() as cur:
        cur.execute("SELECT query FROM pg_stat_activity WHERE pid = %s", (backend_pid,))
        return cur.fetchone()[0]


def _backend_pid() -> int:
    return db.database.execute_sql("SELECT pg_backend_pid()").fetchone()[0]


def test_a_connection_handed_back_moments_ago_is_not_pinged(pool):
    with db.connection():
        pid = _backend_pid()
        db.database.execute_sql("SELECT 'the last statement'").fetchone()
    with db.connection():  # the same connection (the only one in the pool)
        assert _last_statement(pid) == "SELECT 'the last statement'"  # no ping since
        assert _backend_pid() == pid


def test_a_connection_idle_for_longer_is_pinged(pool, monkeypatch):
    monkeypatch.setattr(type(pool), "PING_AFTER_S", 0.0)
    with db.connection():
        pid = _backend_pid()
        db.database.execute_sql("SELECT 'the last statement'").fetchone()
    with db.connection():
        assert _last_statement(pid) == "SELECT 1"
        assert _backend_pid() == pid


def test_a_connection_the_server_closed_is_discarded(pool, monkeypatch):
    with db.connection():
        pid = _backend_pid()
    with _pg_admin_connect(PG_SERVER_URL).cursor() as cur:
        cur.execute("SELECT pg_terminate_backend(%s)", (pid,))
    # handed back moments ago: taken without a ping, its first statement fails, and the
    # broken connection is not returned to the pool
    with pytest.raises(Exception):
        with db.connection():
            _backend_pid()
    with db.connection():
        assert _backend_pid() != pid
    # after a while in the pool, a closed connection is found by the ping and replaced
    monkeypatch.setattr(type(pool), "PING_AFTER_S", 0.0)
    with db.connection():
        second = _backend_pid()
    with _pg_admin_connect(PG_SERVER_URL).cursor() as cur:
        cur.execute("SELECT pg_terminate_backend(%s)", (second,))
    with db.connection():
        assert _backend_pid() not in (pid, second)


HOT = "SELECT n FROM statement_probe WHERE name = %s"


def _probe_table() -> None:
    db.database.execute_sql("CREATE TABLE IF NOT EXISTS statement_probe "
                            "(name varchar(20) PRIMARY KEY, n integer)")
    db.database.execute_sql("DELETE FROM statement_probe")


def _prepared() -> list[str]:
    return [row[0] for row in db.database.execute_sql(
        "SELECT statement FROM pg_prepared_statements").fetchall()]


def test_begin_travels_with_the_first_statement_and_the_transaction_stays_whole(pool):
    with db.connection():
        _probe_table()
        pid = db.database.execute_sql("SELECT pg_backend_pid()").fetchone()[0]
        with db.atomic():
            db.database.execute_sql("INSERT INTO statement_probe VALUES ('a', 1)")
            assert _last_statement(pid) == "BEGIN; INSERT INTO statement_probe VALUES ('a', 1)"
            db.database.execute_sql("INSERT INTO statement_probe VALUES ('b', 2)")
        with pytest.raises(Conflict), db.atomic():  # the second insert fails: neither stays
            db.database.execute_sql("INSERT INTO statement_probe VALUES ('c', 3)")
            db.database.execute_sql("INSERT INTO statement_probe VALUES ('a', 4)")
        with db.atomic():  # a transaction without statements sends nothing
            pass
        assert _last_statement(pid) == "ROLLBACK"
        names = db.database.execute_sql("SELECT name FROM statement_probe ORDER BY name")
        assert [row[0] for row in names.fetchall()] == ["a", "b"]
        with db.atomic():  # savepoints ride the same transaction
            db.database.execute_sql("INSERT INTO statement_probe VALUES ('d', 5)")
            with pytest.raises(Conflict), db.atomic():
                db.database.execute_sql("INSERT INTO statement_probe VALUES ('d', 6)")
        assert db.database.execute_sql("SELECT n FROM statement_probe WHERE name = 'd'"
                                       ).fetchone()[0] == 5


def test_a_hot_statement_is_prepared_once_per_connection(pool):
    with db.connection():
        _probe_table()
        db.database.execute_sql("INSERT INTO statement_probe VALUES ('x', 7), ('y', 8)")
        pid = db.database.execute_sql("SELECT pg_backend_pid()").fetchone()[0]
        assert db.run_prepared(HOT, ["x"]).fetchone()[0] == 7
        assert db.run_prepared(HOT, ["y"]).fetchone()[0] == 8
        assert _last_statement(pid).startswith("EXECUTE ap_")
        assert _prepared() == ["PREPARE " + db._prepared(HOT)[0] + " AS SELECT n FROM "
                               "statement_probe WHERE name = $1"]
        with db.atomic():  # a rolled-back transaction leaves the statement prepared
            assert db.run_prepared(HOT, ["x"]).fetchone()[0] == 7
            db.database.rollback()
        assert db.run_prepared(HOT, ["y"]).fetchone()[0] == 8
    pool.close_all()
    with db.connection():  # a new connection prepares it again
        assert _prepared() == []
        assert db.run_prepared(HOT, ["x"]).fetchone()[0] == 7
        assert len(_prepared()) == 1


def test_prepared_statements_can_be_turned_off(database_url):
    previous = db.database.obj
    bound = db.bind(database_url, pool_size=2, prepare=False)
    try:
        with db.connection():
            _probe_table()
            db.database.execute_sql("INSERT INTO statement_probe VALUES ('off', 9)")
            assert db.run_prepared(HOT, ["off"]).fetchone()[0] == 9
            assert _prepared() == []
    finally:
        bound.close_all()
        if previous is not None:
            db.database.initialize(previous)
