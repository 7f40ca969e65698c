"""The Postgres pool's check-out (store/db.py): a connection handed back moments ago is used
without a ping; one that sat in the pool longer is pinged first, and one the server closed is
discarded, so the next statement runs on a good connection."""
from __future__ import annotations

import pytest

from store import db
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
