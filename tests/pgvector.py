"""Databases for the vector tests.

On the SQLite stage a module gets a new SQLite file (sqlite-vec is loaded into it). On the
Postgres stage (AGENT_PLATFORM_TEST_DATABASE_URL) a module gets a new database on that
server when the server offers the `vector` extension, else on a throwaway PostgreSQL 16
cluster with pgvector from the `pgserver` wheel's binaries: initdb into a temporary
directory, started on a free port of 127.0.0.1 (as the `postgres` user when the tests run
as root: initdb refuses root), stopped and removed when the test session ends. Nothing
touches the server the suite was given.
"""
from __future__ import annotations

import os
import uuid
from urllib.parse import urlparse, urlunparse

import pytest

from bench._pgvector import Cluster

PG_SERVER_URL = os.environ.get("AGENT_PLATFORM_TEST_DATABASE_URL", "")


def _pg_admin_connect(url: str):
    from tests.conftest import _pg_admin_connect as connect  # (conftest imports this module)

    return connect(url)


def _offers_vector(url: str) -> bool:
    conn = _pg_admin_connect(url)
    try:
        with conn.cursor() as cur:
            cur.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'vector'")
            return cur.fetchone() is not None
    finally:
        conn.close()


@pytest.fixture(scope="session")
def pgvector_server():
    """The URL of a Postgres server with pgvector (None on the SQLite stage)."""
    if not PG_SERVER_URL.startswith("postgres"):
        yield None
        return
    if _offers_vector(PG_SERVER_URL):
        yield PG_SERVER_URL
        return
    cluster = Cluster().start()
    try:
        yield cluster.url
    finally:
        cluster.stop()


@pytest.fixture(scope="module")
def vector_database_url(pgvector_server, tmp_path_factory):
    """A new database of the module that can compare vectors."""
    if pgvector_server is None:
        yield f"sqlite:///{tmp_path_factory.mktemp('db') / 'test.db'}"
        return
    from core import db as store_db

    name = f"ap_vec_{uuid.uuid4().hex[:12]}"
    conn = _pg_admin_connect(pgvector_server)
    with conn.cursor() as cur:
        cur.execute(f'CREATE DATABASE "{name}"')
    yield urlunparse(urlparse(pgvector_server)._replace(path=f"/{name}"))
    current = store_db.database.obj
    if current is not None:
        current.close_all()
    with conn.cursor() as cur:
        cur.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    conn.close()
