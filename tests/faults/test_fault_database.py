"""PostgreSQL stopped (`pg_ctl -m immediate`) and started again under real processes, nothing
of the service restarted. The cluster is the test's own (initdb in a temporary directory, a
free port; as root it runs as the `postgres` user), so stopping it touches no other server;
it runs in the PostgreSQL + Redis pass of the suite (AGENT_PLATFORM_TEST_DATABASE_URL set).

- the pool: a thread holding a connection across the restart, the connections idle in the
  pool and the hops of the turn loop all get fresh connections afterwards (a statement on a
  connection the server closed fails once, as a database error a request maps to 503, and
  the connection is never used again);
- the service: `serve`, one `agent-platform worker` and the scheduler under chat turns and
  workflow runs; while the database is down `/readyz` is 503 naming it and API operations
  answer 503 `database_unavailable` with Retry-After (liveness stays 200); once it is back
  every run and turn accepted executes, and a schedule fires.
"""
from __future__ import annotations

import asyncio
import datetime as dt
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import uuid

import httpx
import peewee
import pytest

from core import concurrency
from core import db
from tests.conftest import PG_SERVER_URL, _pg_admin_connect
from tests.factories_chat import wait_turn
from tests.processes import (ROOT, Redis, Serve, admin_org, env_for, free_port, start_worker,
                             stop_process, wait_port)
from tests.waiting import scaled, wait_until

pytestmark = pytest.mark.skipif(not PG_SERVER_URL.startswith("postgres") or not Redis.available(),
                                reason="the PostgreSQL + Redis pass (needs initdb and redis-server)")


def _pg_bin() -> str | None:
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return os.path.dirname(found)
    dirs = sorted(glob.glob("/usr/lib/postgresql/*/bin"),
                  key=lambda d: int(d.split("/")[-2]) if d.split("/")[-2].isdigit() else 0)
    return dirs[-1] if dirs and os.path.exists(f"{dirs[-1]}/initdb") else None


class Cluster:
    """A throwaway PostgreSQL cluster of the test's own: stop() (immediate: the server's
    processes exit at once, connections drop unannounced) and start() again on the same port."""

    def __init__(self):
        self.bin = _pg_bin()
        self.root = tempfile.mkdtemp(prefix="agent-platform-pg-fault.")
        self.data = os.path.join(self.root, "data")
        self.port = free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        self.as_pg = ["runuser", "-u", "postgres", "--"] if os.getuid() == 0 else []

    def _run(self, *args: str) -> None:
        subprocess.run([*self.as_pg, *args], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, timeout=120)

    def init(self) -> "Cluster":
        if os.getuid() == 0:
            shutil.chown(self.root, "postgres")
        self._run(f"{self.bin}/initdb", "-D", self.data, "-U", "postgres", "--auth=trust",
                  "-E", "UTF8", "--no-sync")
        return self.start()

    def start(self) -> "Cluster":
        self._run(f"{self.bin}/pg_ctl", "-D", self.data, "-l", f"{self.root}/server.log", "-w",
                  "-t", "60", "-o", f"-p {self.port} -k {self.root} "
                  "-c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200", "start")
        wait_port(self.port)
        return self

    def stop(self) -> None:
        self._run(f"{self.bin}/pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")

    def remove(self) -> None:
        if os.path.exists(f"{self.data}/postmaster.pid"):
            try:
                self.stop()
            except subprocess.SubprocessError:
                pass
        shutil.rmtree(self.root, ignore_errors=True)


@pytest.fixture(scope="module")
def cluster():
    if _pg_bin() is None:
        pytest.skip("needs the PostgreSQL server binaries (initdb, pg_ctl)")
    if os.getuid() == 0 and shutil.which("runuser") is None:
        pytest.skip("as root, needs runuser to run PostgreSQL as the postgres user")
    found = Cluster()
    try:
        yield found.init()
    finally:
        found.remove()


@pytest.fixture()
def pool(cluster):
    previous = db.database.obj
    bound = db.bind(cluster.url, pool_size=12, pool_timeout=5)
    yield bound
    bound.close_all()
    if previous is not None:
        db.database.initialize(previous)


def _pid() -> int:
    return db.database.execute_sql("SELECT pg_backend_pid()").fetchone()[0]


def _hop_pids(count: int) -> list:
    """The backend of each of `count` hops at once (every hop thread busy), or the error of
    each that failed."""
    def probe():
        time.sleep(0.05)
        return _pid()

    async def all_hops():
        return await asyncio.gather(*(concurrency.hop(probe) for _ in range(count)),
                                    return_exceptions=True)
    return concurrency.call(all_hops())


def test_connections_held_and_pooled_across_a_restart_are_replaced(cluster, pool, monkeypatch):
    monkeypatch.setattr(type(pool), "PING_AFTER_S", 3600.0)  # pooled ones are trusted, unpinged
    held = _pid()  # this thread holds a connection outside any `connection()` block
    before = _hop_pids(16)  # the hop threads' connections, back in the pool
    assert all(isinstance(pid, int) for pid in before), before
    with db.connection():
        idle = _pid()  # handed back moments ago: checked out next without a ping

    cluster.stop()
    cluster.start()
    # the held connection is lost: its next statement fails (never sent again) ...
    with pytest.raises((peewee.OperationalError, peewee.InterfaceError)) as lost:
        _pid()
    assert db.unreachable(lost.value)
    # ... and the thread's next statements run on a fresh connection, nested blocks too
    assert _pid() not in (held, idle)
    with db.connection():
        assert _pid() not in (held, idle)
    # the failure withdrew the pool's trust: the connections idle in it are pinged and the
    # dead ones discarded, so no hop fails after the restart, on any hop thread
    after = _hop_pids(16)
    assert all(isinstance(pid, int) for pid in after), after
    assert not set(after) & ({held, idle} | set(before))

    # while the database is down a hop fails as a database error a request maps to 503 once
    # its wait for the database is over (AGENT_PLATFORM_DB_OUTAGE_WAIT_MS; none here), and
    # none hangs; once it is back, the next hops succeed
    monkeypatch.setattr(concurrency._state, "outage_wait_s", 0.0)
    cluster.stop()
    try:
        failed = _hop_pids(16)
    finally:
        cluster.start()
    assert all(isinstance(error, peewee.DatabaseError) and db.unreachable(error)
               for error in failed), failed
    again = _hop_pids(16)
    assert all(isinstance(pid, int) for pid in again), again
    # a hop that finds the database refusing connections waits for it within its wait, so an
    # outage shorter than the wait fails no hop that had to connect (a connection lost under
    # a statement fails that hop, as above)
    monkeypatch.setattr(concurrency._state, "outage_wait_s", 30.0)
    pool.close_idle()
    cluster.stop()
    threading.Timer(1.5, cluster.start).start()
    waited = _hop_pids(16)
    assert all(isinstance(pid, int) for pid in waited), waited
    assert pool.connections_in_use() == 1  # this thread's; the hops returned theirs


def _accepted(call, what: str, timeout: float = 60):
    """Post until the service accepts (202); while the database is coming back a 503
    `database_unavailable` is an acceptable answer, never a 500."""
    def accepted():
        resp = call()
        if resp.status_code == 202:
            return resp.json()
        assert resp.status_code == 503, (what, resp.status_code, resp.text)
        assert resp.json()["code"] == "database_unavailable" and resp.headers["Retry-After"]
        return None

    return wait_until(accepted, timeout, f"{what} to be accepted", every=0.2)


def _final(http, h, path: str, timeout: float = 90) -> dict:
    resp = wait_until(lambda: http.get(path, headers=h), timeout, f"{path} to finish",
                      every=0.1, done=lambda resp: resp.status_code == 200 and resp.json()[
                          "run"]["status"] in ("succeeded", "failed", "cancelled"))
    return resp.json()["run"]


def _traffic(url, h, agent_id, workflow_id, stop: threading.Event, answers: list) -> None:
    """Chat turns and workflow runs, one after the other, until stopped (answers: statuses)."""
    with httpx.Client(base_url=url, timeout=scaled(30)) as http:
        n = 0
        while not stop.is_set():
            n += 1
            try:
                a = http.post("/v1/chat", headers={**h, "X-User-Id": f"t{n % 5}"},
                              json={"agent_id": agent_id, "message": f"traffic {n}"})
                b = http.post(f"/v1/workflows/{workflow_id}/run", headers=h,
                              json={"input": {"n": n}})
                answers.extend((a.status_code, b.status_code))
            except httpx.HTTPError:
                answers.append(None)
            time.sleep(0.05)


def test_database_outage_under_traffic(cluster, tmp_path):
    name = f"ap_fault_{uuid.uuid4().hex[:8]}"
    admin = _pg_admin_connect(cluster.url)
    with admin.cursor() as cur:
        cur.execute(f'CREATE DATABASE "{name}"')
    admin.close()
    database_url = cluster.url.rsplit("/", 1)[0] + f"/{name}"
    redis = Redis().start()
    env = env_for(database_url, tmp_path, redis.url, AGENT_PLATFORM_SCHEDULER="off",
                  AGENT_PLATFORM_SCHEDULER_INTERVAL_MS="200")
    server = Serve(env, log=tmp_path / "serve.log").start()
    worker = start_worker(env, log=tmp_path / "worker.log")
    scheduler = subprocess.Popen([sys.executable, "-m", "server.cli", "scheduler"], env=env,
                                 cwd=ROOT, stdout=subprocess.DEVNULL,
                                 stderr=open(tmp_path / "scheduler.log", "ab"))
    stop, answers = threading.Event(), []
    traffic = None
    try:
        http = httpx.Client(base_url=server.url, timeout=scaled(30))
        h = admin_org(http)["headers"]
        agent = http.post("/v1/agents", headers=h, json={"name": "echoer"}).json()["agent"]
        workflow = http.post("/v1/workflows", headers=h, json={"name": "wf", "steps": [
            {"id": "a", "type": "agent", "ref": agent["id"], "input": "run {{input.n}}"}]}
        ).json()["workflow"]

        def chat(n):
            return http.post("/v1/chat", headers={**h, "X-User-Id": f"u{n}"},
                             json={"agent_id": agent["id"], "message": f"hello {n}"})

        def run(n):
            return http.post(f"/v1/workflows/{workflow['id']}/run", headers=h,
                             json={"input": {"n": n}})

        first = _accepted(lambda: run(0), "the first run")["run"]["id"]
        assert _final(http, h, f"/v1/workflow-runs/{first}")["status"] == "succeeded"
        traffic = threading.Thread(target=_traffic, args=(server.url, h, agent["id"],
                                                          workflow["id"], stop, answers))
        traffic.start()
        time.sleep(1.5)  # turns and runs in flight when the database goes

        cluster.stop()
        stopped = time.monotonic()
        ready = http.get("/readyz")
        assert ready.status_code == 503, ready.text
        assert ready.json()["code"] == "not_ready" and "database" in ready.json()["detail"]
        assert http.get("/healthz").status_code == 200  # alive: nothing to restart
        for resp in (http.get("/v1/agents", headers=h), chat(0), run(0)):
            assert resp.status_code == 503, resp.text
            assert resp.json()["code"] == "database_unavailable"
            assert int(resp.headers["Retry-After"]) > 0
        time.sleep(max(0.0, 5 - (time.monotonic() - stopped)))  # a few seconds down

        starting = time.monotonic()
        cluster.start()  # returns once the server accepts connections
        restarted = time.monotonic()
        wait_until(lambda: http.get("/readyz").status_code == 200, 60, "ready again", every=0.05)
        ready_s = time.monotonic() - restarted

        turns = [_accepted(lambda n=n: chat(n), f"turn {n}") for n in range(1, 6)]
        runs = [_accepted(lambda n=n: run(n), f"run {n}")["run"]["id"] for n in range(1, 6)]
        at = (dt.datetime.now(dt.timezone.utc) + dt.timedelta(seconds=2)).isoformat()
        schedule = http.post("/v1/workflow-schedules", headers=h, json={
            "workflow_id": workflow["id"], "run_at": at, "input": {"n": 99}})
        assert schedule.status_code == 201, schedule.text
        stop.set()
        traffic.join(30)

        finished = [_final(http, h, f"/v1/runs/{t['run']['id']}") for t in turns]
        finished += [_final(http, h, f"/v1/workflow-runs/{r}") for r in runs]
        assert [r["status"] for r in finished] == ["succeeded"] * 10, finished
        recovered_s = time.monotonic() - restarted
        for n, turn in enumerate(turns, 1):  # the answer is in the thread
            answer = wait_turn(http, {**h, "X-User-Id": f"u{n}"}, turn["thread"]["id"],
                               turn["run"]["id"])
            assert answer["content"] == f"hello {n}"
        fired = []

        def schedule_ran():
            page = http.get("/v1/workflow-runs", headers=h, params={
                "schedule_id": schedule.json()["schedule"]["id"]}).json()["runs"]
            fired[:] = page
            return page and page[0]["status"] == "succeeded"
        wait_until(schedule_ran, 60, "the schedule to run", every=0.2)
        for process in (server.process, worker, scheduler):
            assert process.poll() is None, "a process exited"
        assert 500 not in answers, "a request answered 500 during the outage"
        print(f"\nrecovery: the server took {restarted - starting:.2f}s to start; /readyz 200 "
              f"{ready_s:.2f}s after it accepted connections, the 5 turns and 5 runs accepted "
              f"then finished {recovered_s:.2f}s after it")
    finally:
        stop.set()
        if traffic is not None:
            traffic.join(30)
        stop_process(scheduler, timeout=5)
        stop_process(worker, timeout=5)
        server.kill()
        redis.stop()

