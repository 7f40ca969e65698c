"""Postgres statements (store/db.py, store/db_pools.py): a transaction's BEGIN travels with its
first statement and the transaction stays whole; hot statements are prepared once per
connection and run by name, again on a new connection, and not at all when turned off."""
from __future__ import annotations

import pytest

from store import db
from store.errors import Conflict
from tests.conftest import PG_SERVER_URL, _pg_admin_connect

pytestmark = pytest.mark.skipif(not PG_SERVER_URL.startswith("postgres"),
                                reason="Postgres statements (AGENT_PLATFORM_TEST_DATABASE_URL)")
HOT = "SELECT n FROM statement_probe WHERE name = %s"


@pytest.fixture()
def pool(database_url):
    previous = db.database.obj
    bound = db.bind(database_url, pool_size=4)
    with db.connection():
        db.database.execute_sql("CREATE TABLE IF NOT EXISTS statement_probe "
                                "(name varchar(20) PRIMARY KEY, n integer)")
        db.database.execute_sql("DELETE FROM statement_probe")
    yield bound
    bound.close_all()
    if previous is not None:
        db.database.initialize(previous)


def _last_statement(backend_pid: int) -> str:
    with _pg_admin_connect(PG_SERVER_URL).cursor() as cur:
        cur.execute("SELECT query FROM pg_stat_activity WHERE pid = %s", (backend_pid,))
        return cur.fetchone()[0]


def _prepared() -> list[str]:
    return [row[0] for row in db.database.execute_sql(
        "SELECT statement FROM pg_prepared_statements").fetchall()]


def test_begin_travels_with_the_first_statement_and_the_transaction_stays_whole(pool):
    with db.connection():
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
            db.database.execute_sql("CREATE TABLE IF NOT EXISTS statement_probe "
                                    "(name varchar(20) PRIMARY KEY, n integer)")
            db.database.execute_sql("INSERT INTO statement_probe VALUES ('off', 9) "
                                    "ON CONFLICT (name) DO NOTHING")
            assert db.run_prepared(HOT, ["off"]).fetchone()[0] == 9
            assert _prepared() == []
    finally:
        bound.close_all()
        if previous is not None:
            db.database.initialize(previous)
