"""Test harness: a fresh app and database per test module.

The database is a new SQLite file, or, when AGENT_PLATFORM_TEST_DATABASE_URL names a Postgres
server, a new database created on it for the module and dropped afterwards. Redis-backed
tests use AGENT_PLATFORM_TEST_REDIS_URL.
"""
from __future__ import annotations

import os
import uuid
from urllib.parse import urlparse, urlunparse

import pytest

from server.app import create_app
from core import db as store_db
from core.settings import Settings

ADMIN_TOKEN = "test-admin-token-0123456789"
SECRET_KEY = "test-secret-key-for-hashing-and-signing"
PG_SERVER_URL = os.environ.get("AGENT_PLATFORM_TEST_DATABASE_URL", "")
REDIS_URL = os.environ.get("AGENT_PLATFORM_TEST_REDIS_URL", "")


def _pg_admin_connect(url: str):
    import psycopg2

    parsed = urlparse(url)
    conn = psycopg2.connect(dbname=parsed.path.lstrip("/") or "postgres", user=parsed.username,
                            password=parsed.password, host=parsed.hostname or "127.0.0.1",
                            port=parsed.port or 5432, connect_timeout=10)
    conn.autocommit = True
    return conn


@pytest.fixture(scope="module")
def database_url(tmp_path_factory):
    if not PG_SERVER_URL.startswith("postgres"):
        yield f"sqlite:///{tmp_path_factory.mktemp('db') / 'test.db'}"
        return
    name = f"ap_test_{uuid.uuid4().hex[:12]}"
    conn = _pg_admin_connect(PG_SERVER_URL)
    with conn.cursor() as cur:
        cur.execute(f'CREATE DATABASE "{name}"')
    parsed = urlparse(PG_SERVER_URL)
    yield urlunparse(parsed._replace(path=f"/{name}"))
    current = store_db.database.obj
    if current is not None:
        current.close_all()
    with conn.cursor() as cur:
        cur.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    conn.close()


def make_settings(database_url: str, data_dir, **overrides) -> Settings:
    env = {
        "DATABASE_URL": database_url,
        "AGENT_PLATFORM_DATA_DIR": str(data_dir),
        "AGENT_PLATFORM_SECRET_KEY": SECRET_KEY,
        "AGENT_PLATFORM_ADMIN_TOKEN": ADMIN_TOKEN,
        "AGENT_PLATFORM_LOG_LEVEL": "INFO",
        "AGENT_PLATFORM_SSRF_ALLOW": "127.0.0.1",
        # Tests drive the scheduler themselves (jobs.scheduler.Scheduler with a clock).
        "AGENT_PLATFORM_SCHEDULER": "off",
    }
    return Settings.from_env(env, validate_responses=True, **overrides)


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return make_settings(database_url, tmp_path_factory.mktemp("data"))


@pytest.fixture(scope="module")
def app(settings):
    return create_app(settings, migrate=True)


@pytest.fixture(scope="module")
def client(app):
    with app.test_client() as test_client:
        yield test_client


@pytest.fixture(scope="module")
def org(client):
    """A new organization with an API key, one per test module: {id, name, key, key_id,
    headers} (tests.factories.make_org). Modules whose organization needs more (a model
    server, say) import their own from the fixtures modules."""
    from tests.factories import make_org

    return make_org(client)


@pytest.fixture(scope="module")
def http(app):
    """An HTTP client of the module's app, served by uvicorn on a free port (streams, real
    sockets); modules that serve the app otherwise (a live `serve` process) define their own."""
    import httpx

    from tests.factories_tools import UvicornThread
    from tests.waiting import scaled

    server = UvicornThread(app)
    with httpx.Client(base_url=server.url, timeout=scaled(30)) as client:
        yield client
    server.close()


@pytest.fixture(scope="module")
def admin():
    return {"Authorization": f"Bearer {ADMIN_TOKEN}"}


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Each phase's report on the test item (`item.rep_call`), so that fixtures can keep
    artifacts of a failed test (browser screenshots)."""
    outcome = yield
    report = outcome.get_result()
    setattr(item, f"rep_{report.when}", report)


PROGRESS_FILE = os.environ.get("AGENT_PLATFORM_TEST_PROGRESS_FILE", "")
_progress = {"done": 0, "total": 0}


def _write_progress() -> None:
    if PROGRESS_FILE:  # whole or not at all: the reader never sees half a line
        with open(f"{PROGRESS_FILE}.tmp", "w", encoding="utf-8") as out:
            out.write(f"{_progress['done']} {_progress['total']}\n")
        os.replace(f"{PROGRESS_FILE}.tmp", PROGRESS_FILE)


def pytest_collection_finish(session):
    """tests/run.sh reads how far a stage is (tests done, tests collected) from this file."""
    _progress["total"] = len(session.items)
    _write_progress()


def pytest_runtest_logreport(report):
    if report.when == "teardown":
        _progress["done"] += 1
        _write_progress()


from tests.pgvector import pgvector_server, vector_database_url  # noqa: E402,F401 (fixtures)
