"""`agent-platform worker` holds many jobs at once (runs when AGENT_PLATFORM_TEST_REDIS_URL is
set: real Redis, real worker processes, job functions in tests/worker_jobs.py). Coroutine jobs
overlap in one process, up to its capacity; their ends are recorded as RQ records them (results,
the failed registry with the traceback, Retry, job timeouts, unique job ids, stop-job); a plain
function runs on a thread while the worker goes on dequeuing; SIGTERM lets the jobs in flight
finish and the worker exit 0; a second signal stops it at once."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

import pytest
import redis
from rq import Queue, Retry
from rq.command import send_stop_job_command
from rq.job import Job, JobStatus
from rq.registry import FailedJobRegistry, FinishedJobRegistry
from rq.worker import Worker

from jobs import queue as job_queue
from tests import worker_jobs
from tests.conftest import REDIS_URL, SECRET_KEY, make_settings
from tests.waiting import wait_until

pytestmark = pytest.mark.skipif(not REDIS_URL, reason="needs AGENT_PLATFORM_TEST_REDIS_URL")
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return make_settings(database_url, tmp_path_factory.mktemp("data"), redis_url=REDIS_URL)


@pytest.fixture(scope="module")
def conn():
    client = redis.Redis.from_url(REDIS_URL)
    yield client
    client.close()


def start_worker(settings, queue: str, log: Path, **extra) -> subprocess.Popen:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AGENT_PLATFORM_")}
    env.update({"DATABASE_URL": settings.database_url, "REDIS_URL": REDIS_URL,
                "AGENT_PLATFORM_SECRET_KEY": SECRET_KEY, "AGENT_PLATFORM_SCHEDULER": "off",
                "AGENT_PLATFORM_DATA_DIR": str(settings.data_dir),
                "AGENT_PLATFORM_LOG_LEVEL": "WARNING", **extra})
    return subprocess.Popen([sys.executable, "-m", "jobs.worker", "--queue", queue], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=open(log, "ab"))


def stop(process: subprocess.Popen) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(60)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def events(conn, prefix: str) -> list[str]:
    return [e.decode() for e in conn.lrange(f"{prefix}:events", 0, -1)]


def names() -> tuple[str, str]:
    """A queue and a key prefix of the test's own."""
    tag = uuid.uuid4().hex[:10]
    return f"cw-{tag}", f"cw:{tag}"


@pytest.fixture(scope="module")
def shared(settings, app, conn, tmp_path_factory):
    """One worker with the default settings, serving a queue of its own."""
    queue_name, _ = names()
    process = start_worker(settings, queue_name, tmp_path_factory.mktemp("log") / "worker.log")
    yield Queue(queue_name, connection=conn)
    stop(process)


def finished(queue: Queue, job_ids) -> bool:
    done = set(FinishedJobRegistry(queue=queue).get_job_ids())
    return set(job_ids) <= done


def test_fifty_coroutine_jobs_run_at_once_in_one_worker(settings, app, conn, tmp_path):
    queue_name, prefix = names()
    queue = Queue(queue_name, connection=conn)
    ids = [queue.enqueue(worker_jobs.nap, REDIS_URL, prefix, str(i), 2).id for i in range(50)]
    process = start_worker(settings, queue_name, tmp_path / "worker.log")
    try:
        wait_until(lambda: finished(queue, ids), 60, "50 jobs finished")
    finally:
        stop(process)
    seen = events(conn, prefix)
    first_end = next(i for i, event in enumerate(seen) if event.startswith("end:"))
    assert sorted(seen[:first_end]) == sorted(f"start:{i}" for i in range(50))
    jobs = Job.fetch_many(ids, connection=conn)
    assert [job.return_value() for job in jobs] == [f"slept:{i}" for i in range(50)]
    assert len({job.worker_name for job in jobs}) == 1  # one worker process held them all
    assert process.returncode == 0


def test_a_worker_holds_two_hundred_and_fifty_jobs_at_once(shared, conn):
    _, prefix = names()
    ids = [shared.enqueue(worker_jobs.gather, REDIS_URL, prefix, str(i), 250).id
           for i in range(250)]
    wait_until(lambda: finished(shared, ids), 150, "250 jobs finished", every=0.5)
    values = [job.return_value() for job in Job.fetch_many(ids, connection=conn)]
    assert values == [f"met:{i}" for i in range(250)]  # each waited until all were in flight


def test_no_more_jobs_than_the_capacity_are_in_flight(settings, app, conn, tmp_path):
    queue_name, prefix = names()
    queue = Queue(queue_name, connection=conn)
    ids = [queue.enqueue(worker_jobs.crowd, REDIS_URL, prefix, str(i), 0.5).id for i in range(12)]
    process = start_worker(settings, queue_name, tmp_path / "worker.log",
                           AGENT_PLATFORM_WORKER_JOBS_IN_FLIGHT="5")
    try:
        wait_until(lambda: finished(queue, ids), 60, "12 jobs finished")
    finally:
        stop(process)
    seen = [int(n) for n in conn.lrange(f"{prefix}:seen", 0, -1)]
    assert len(seen) == 12 and max(seen) <= 5


def test_a_failing_coroutine_job_lands_in_the_failed_registry_with_its_traceback(shared, conn):
    _, prefix = names()
    job = shared.enqueue(worker_jobs.refuse, REDIS_URL, prefix, "no stock", failure_ttl=1000)
    failed = FailedJobRegistry(queue=shared)
    wait_until(lambda: job.id in failed.get_job_ids(), 60, "the job in the failed registry")
    job = Job.fetch(job.id, connection=conn)
    assert job.get_status() == JobStatus.FAILED
    exc_string = job.latest_result().exc_string
    assert "Traceback" in exc_string and "in refuse" in exc_string
    assert "tests.worker_jobs.Refused: refused: no stock" in exc_string
    assert 0 < conn.ttl(job.key) <= 1000  # its failure_ttl
    assert job.id not in shared.started_job_registry.get_job_ids()


def test_a_job_with_retry_runs_again_after_failing(shared, conn):
    _, prefix = names()
    job = shared.enqueue(worker_jobs.fail_once, REDIS_URL, prefix, retry=Retry(max=1))
    wait_until(lambda: job.id in FinishedJobRegistry(queue=shared).get_job_ids(),
               60, "the retried job")
    job = Job.fetch(job.id, connection=conn)
    assert job.return_value() == "attempt:2" and int(conn.get(f"{prefix}:attempts")) == 2
    assert job.id not in FailedJobRegistry(queue=shared).get_job_ids()


def test_a_coroutine_job_past_its_timeout_is_cancelled_and_failed(shared, conn):
    _, prefix = names()
    job = shared.enqueue(worker_jobs.nap, REDIS_URL, prefix, "long", 60, job_timeout=1)
    wait_until(lambda: job.id in FailedJobRegistry(queue=shared).get_job_ids(),
               60, "the timed-out job")
    exc_string = Job.fetch(job.id, connection=conn).latest_result().exc_string
    assert "JobTimeoutException: Task exceeded maximum timeout value (1 seconds)" in exc_string
    assert events(conn, prefix) == ["start:long"]  # cancelled in its sleep


def test_a_unique_job_id_is_queued_once(shared, settings, conn):
    _, prefix = names()
    job_id = f"unique-{prefix.replace(':', '-')}"

    def enqueue(**options):
        return job_queue.enqueue(settings, worker_jobs.hold,
                                 kwargs={"url": REDIS_URL, "prefix": prefix, "key": "go"},
                                 queue=shared.name, job_id=job_id, unique=True, **options)

    assert enqueue() is not None
    wait_until(lambda: "start:hold:go" in events(conn, prefix), 60, "the job started")
    assert enqueue() is None  # in flight: the id is taken
    conn.rpush(f"{prefix}:go", "1")
    wait_until(lambda: job_id in FinishedJobRegistry(queue=shared).get_job_ids(),
               60, "the job finished")
    assert enqueue() is None  # finished, its result kept: still taken
    assert enqueue(replace_done=True) is not None
    wait_until(lambda: events(conn, prefix).count("start:hold:go") == 2,
               60, "the second job started")
    conn.rpush(f"{prefix}:go", "1")
    wait_until(lambda: events(conn, prefix).count("end:hold:go") == 2, 60, "the second job ended")
    assert Job.fetch(job_id, connection=conn).return_value() == "released"


def test_a_plain_function_runs_on_a_thread_while_the_worker_dequeues(shared, conn):
    _, prefix = names()
    blocked = shared.enqueue(worker_jobs.blocking, REDIS_URL, prefix, "go")
    wait_until(lambda: "start:blocking" in events(conn, prefix), 60, "the plain job started")
    releaser = shared.enqueue(worker_jobs.release, REDIS_URL, prefix, "go")
    added = shared.enqueue(worker_jobs.add, 2, 3)
    wait_until(lambda: finished(shared, [blocked.id, releaser.id, added.id]), 60, "the three jobs")
    assert Job.fetch(blocked.id, connection=conn).return_value() == "released"
    assert Job.fetch(added.id, connection=conn).return_value() == 5
    assert events(conn, prefix) == ["start:blocking", "start:release", "end:blocking"]


def test_stop_job_cancels_a_job_in_flight(shared, conn):
    _, prefix = names()
    job = shared.enqueue(worker_jobs.hold, REDIS_URL, prefix, "never")
    wait_until(lambda: "start:hold:never" in events(conn, prefix), 60, "the job started")
    send_stop_job_command(conn, job.id)
    wait_until(lambda: Job.fetch(job.id, connection=conn).get_status() == JobStatus.STOPPED,
               60, "the job stopped")
    assert job.id in FailedJobRegistry(queue=shared).get_job_ids()
    assert job.id not in shared.started_job_registry.get_job_ids()


def test_the_heartbeat_keeps_a_job_in_flight_alive_in_the_started_registry(conn):
    """In this process, a burst worker beating every second: the job's entry in the
    StartedJobRegistry is pushed further while it runs (otherwise RQ's cleanup would declare it
    abandoned once its first TTL passed)."""
    from jobs.concurrent_worker import ConcurrentWorker
    from jobs.in_flight import InFlight

    queue_name, prefix = names()
    queue = Queue(queue_name, connection=conn)
    job = queue.enqueue(worker_jobs.nap, REDIS_URL, prefix, "beat", 3)
    scores, done = [], threading.Event()

    def watch():
        while not done.is_set():
            entries = conn.zrange(queue.started_job_registry.key, 0, -1, withscores=True)
            scores.extend(score for _, score in entries)
            time.sleep(0.1)

    handlers = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    watcher = threading.Thread(target=watch, daemon=True)
    watcher.start()
    worker = ConcurrentWorker([queue], connection=conn, job_monitoring_interval=1,
                              in_flight=InFlight())
    try:
        worker.work(burst=True)  # returns once the queue is empty and the job has ended
    finally:
        done.set()
        watcher.join()
        for sig, handler in handlers.items():
            signal.signal(sig, handler)
    assert job.id in FinishedJobRegistry(queue=queue).get_job_ids()
    assert events(conn, prefix) == ["start:beat", "end:beat"]
    assert len(set(scores)) >= 2 and scores == sorted(scores)


def _worker_of(queue: Queue) -> Worker:
    return wait_until(lambda: next(iter(Worker.all(queue=queue)), None),
                      60, "the worker registered")


def test_sigterm_lets_the_jobs_in_flight_finish_and_exits_0(settings, app, conn, tmp_path):
    queue_name, prefix = names()
    queue = Queue(queue_name, connection=conn)
    process = start_worker(settings, queue_name, tmp_path / "worker.log")
    try:
        worker = _worker_of(queue)
        ids = [queue.enqueue(worker_jobs.nap, REDIS_URL, prefix, str(i), 3).id
               for i in range(20)]
        wait_until(lambda: sum(e.startswith("start:") for e in events(conn, prefix)) == 20,
                   60, "20 jobs in flight")
        assert not any(e.startswith("end:") for e in events(conn, prefix))
        process.send_signal(signal.SIGTERM)
        wait_until(lambda: conn.hget(worker.key, "shutdown_requested_date"),
                   60, "the shutdown noted")
        late = queue.enqueue(worker_jobs.add, 1, 1)  # after the signal: not taken
        assert process.wait(60) == 0
    finally:
        stop(process)
    assert finished(queue, ids)
    values = [job.return_value() for job in Job.fetch_many(ids, connection=conn)]
    assert values == [f"slept:{i}" for i in range(20)]
    assert late.get_status() == JobStatus.QUEUED and late.id in queue.get_job_ids()
    assert queue.started_job_registry.get_job_ids() == []
    assert Worker.all(queue=queue) == []  # its death recorded


def test_a_second_signal_stops_the_worker_at_once(settings, app, conn, tmp_path):
    queue_name, prefix = names()
    queue = Queue(queue_name, connection=conn)
    process = start_worker(settings, queue_name, tmp_path / "worker.log")
    try:
        worker = _worker_of(queue)
        ids = [queue.enqueue(worker_jobs.hold, REDIS_URL, prefix, "never").id for _ in range(3)]
        wait_until(lambda: events(conn, prefix).count("start:hold:never") == 3,
                   60, "3 jobs in flight")
        process.send_signal(signal.SIGTERM)
        wait_until(lambda: conn.hget(worker.key, "shutdown_requested_date"),
                   60, "the shutdown noted")
        time.sleep(1.1)  # RQ takes a second signal within a second for the same one
        process.send_signal(signal.SIGTERM)
        assert process.wait(30) == 0
    finally:
        stop(process)
    failed = FailedJobRegistry(queue=queue).get_job_ids()
    for job in Job.fetch_many(ids, connection=conn):
        assert job.id in failed and job.get_status() == JobStatus.FAILED
        assert "Cold shutdown" in job.latest_result().exc_string
    assert "end:hold:never" not in events(conn, prefix)
    assert queue.started_job_registry.get_job_ids() == []
