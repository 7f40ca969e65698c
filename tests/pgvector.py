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
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path
from urllib.parse import urlparse, urlunparse

import pytest

from tests.conftest import PG_SERVER_URL, _pg_admin_connect


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _as_postgres(args: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


class Cluster:
    """A throwaway PostgreSQL cluster of the pgserver wheel (PostgreSQL 16 + pgvector)."""

    def __init__(self):
        import importlib.util

        # the wheel's binaries (importing the package would set up its own server manager)
        package = importlib.util.find_spec("pgserver").submodule_search_locations[0]
        self.bin = Path(package) / "pginstall" / "bin"
        self.root = Path(tempfile.mkdtemp(prefix="agent-platform-pgvector."))
        self.port = _free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def start(self) -> "Cluster":
        if os.geteuid() == 0:
            shutil.chown(self.root, "postgres")
        data = self.root / "data"
        subprocess.run(_as_postgres([str(self.bin / "initdb"), "-D", str(data), "-U",
                                     "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]),
                       check=True, capture_output=True, timeout=120)
        subprocess.run(_as_postgres([
            str(self.bin / "pg_ctl"), "-D", str(data), "-l", str(self.root / "server.log"),
            "-w", "-t", "60", "-o",
            f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=200",
            "start"]), check=True, capture_output=True, timeout=90)
        return self

    def stop(self) -> None:
        subprocess.run(_as_postgres([str(self.bin / "pg_ctl"), "-D", str(self.root / "data"),
                                     "-m", "immediate", "-w", "stop"]),
                       capture_output=True, timeout=60)
        shutil.rmtree(self.root, ignore_errors=True)


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
    from store import db as store_db

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
