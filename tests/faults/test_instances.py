"""Two instances (databases) on one data directory: each has its own scheduler lock and
metrics directory, named after its database without credentials; a scheduler that waits for
its database's lock says so once."""
from __future__ import annotations

import fcntl
import logging

import pytest

from jobs.scheduler import InProcess
from core import instance
from core import metrics
from tests.conftest import make_settings
from tests.waiting import wait_until


def test_the_instance_is_the_database_not_how_its_url_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert instance.key("sqlite:///db.sqlite") == instance.key(f"sqlite:///{tmp_path}/db.sqlite")
    assert instance.key("sqlite:///one.db") != instance.key("sqlite:///two.db")
    pg = instance.key("postgresql://app:s3cret@db.example:5432/agents")
    assert pg == instance.key("postgres://other:pw@DB.example/agents?sslmode=require")
    assert pg != instance.key("postgresql://app:s3cret@db.example:5432/agents2")
    assert pg != instance.key("postgresql://app:s3cret@db2.example:5432/agents")
    assert "s3cret" not in instance.identity("postgresql://app:s3cret@db.example:5432/agents")
    assert len(pg) == 16 and int(pg, 16) >= 0


def test_two_databases_on_one_data_directory_have_their_own_lock_and_metrics(tmp_path,
                                                                             monkeypatch):
    monkeypatch.delenv("PROMETHEUS_MULTIPROC_DIR", raising=False)  # the service's own choice
    one = make_settings(f"sqlite:///{tmp_path / 'one.db'}", tmp_path / "data")
    two = make_settings(f"sqlite:///{tmp_path / 'two.db'}", tmp_path / "data")
    assert InProcess(one).lock_path() != InProcess(two).lock_path()
    assert InProcess(one).lock_path().parent == tmp_path / "data"
    assert metrics.directory_of(one) != metrics.directory_of(two)
    assert {str(one.metrics_dir)} == {metrics.directory_of(s).rpartition("/")[0]
                                      for s in (one, two)}
    monkeypatch.setenv("PROMETHEUS_MULTIPROC_DIR", str(tmp_path / "named"))  # the operator's
    assert metrics.directory_of(one) == metrics.directory_of(two) == str(tmp_path / "named")


@pytest.fixture()
def records():
    seen: list[logging.LogRecord] = []

    class Keep(logging.Handler):
        def emit(self, record):
            seen.append(record)

    handler = Keep(logging.INFO)
    logger = logging.getLogger("agent_platform.scheduler")
    logger.addHandler(handler)
    level = logger.level
    logger.setLevel(logging.INFO)
    yield seen
    logger.removeHandler(handler)
    logger.setLevel(level)


def _wait(predicate, timeout=20.0):
    wait_until(predicate, timeout, f"{predicate}", every=0.01)


def test_a_waiting_scheduler_says_so_once_then_takes_over(settings, records, monkeypatch):
    monkeypatch.setattr(InProcess, "RETRY_S", 0.01)
    scheduler = InProcess(settings)
    path = scheduler.lock_path()
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    tries = []
    real_flock = fcntl.flock

    def counted(handle, operation):
        if operation & fcntl.LOCK_NB:
            tries.append(operation)
        return real_flock(handle, operation)

    monkeypatch.setattr(fcntl, "flock", counted)
    with open(path, "a") as held:
        real_flock(held, fcntl.LOCK_EX)  # another process of this database runs its scheduler
        scheduler.start()
        try:
            _wait(lambda: len(tries) >= 5)  # it tried again and again
            waiting = [r for r in records if r.getMessage().startswith("scheduler waiting")]
            assert len(waiting) == 1
            assert waiting[0].fields == {"lock": path.name, "database": settings.database_shown}
            real_flock(held, fcntl.LOCK_UN)
            _wait(lambda: scheduler.scheduler is not None)
        finally:
            scheduler.close()
    messages = [r.getMessage() for r in records]
    assert messages.count("scheduler took over") == 1
    assert sum(m.startswith("scheduler waiting") for m in messages) == 1
