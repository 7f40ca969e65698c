"""`agent-platform serve` as an operator runs it: its port checked before anything starts, the
address said once it listens, its workers ending with it (kill -9 included), two instances on
one data directory kept apart (scheduler lock, metrics), idle connections kept longer than
clients keep theirs, and a request that is not valid HTTP answered with problem+json."""
from __future__ import annotations

import datetime as dt
import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.conftest import ADMIN_TOKEN
from tests.processes import ROOT, Serve, admin_org, env_for, free_port, stop_process
from tests.waiting import scaled, wait_until

ADMIN = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
KEEPALIVE_S = 12  # the served instance's idle-connection timeout


def _serve(env, *args, stderr=subprocess.PIPE) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "server.cli", "serve", *args], env=env,
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=stderr, text=True)


@pytest.mark.parametrize("port", ["70000", "0", "-1", "65536", "http"])
def test_a_port_out_of_range_is_a_usage_error(port, tmp_path):
    proc = subprocess.run([sys.executable, "-m", "server.cli", "serve", "--port", port],
                          env=env_for("sqlite:///unused.db", tmp_path), cwd=ROOT,
                          capture_output=True, text=True, timeout=scaled(60))
    assert proc.returncode == 2
    assert "argument --port:" in proc.stderr and port in proc.stderr
    assert "1-65535" in proc.stderr or "not a port number" in proc.stderr
    assert "serving" not in proc.stderr


def test_a_port_out_of_range_in_the_environment_stops_serve(tmp_path):
    env = env_for(f"sqlite:///{tmp_path / 'p.db'}", tmp_path, AGENT_PLATFORM_PORT="70000")
    proc = subprocess.run([sys.executable, "-m", "server.cli", "serve", "--migrate"], env=env,
                          cwd=ROOT, capture_output=True, text=True, timeout=scaled(60))
    assert proc.returncode == 1
    assert "AGENT_PLATFORM_PORT=70000 is not a port (1-65535)" in proc.stderr
    assert "serving" not in proc.stderr


@pytest.mark.parametrize("workers", ["1", "2"])
def test_serve_says_where_it_serves_once_it_listens(workers, database_url, tmp_path):
    port = free_port()
    env = env_for(database_url, tmp_path, AGENT_PLATFORM_SCHEDULER="off")
    process = _serve(env, "--migrate", "--port", str(port), "--workers", workers)
    try:
        for line in process.stderr:
            if "serving" in line:
                break
        else:
            pytest.fail("serve ended without saying where it serves")
        assert line.strip() == (f"agent-platform: serving http://127.0.0.1:{port} (this "
                                "terminal stays attached; Ctrl-C stops)")
        # said once it listens: the first request is answered, no retry
        assert httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=10).status_code == 200
    finally:
        stop_process(process, 20)


def _children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")  # a zombie has ended; only its parent's reaping is left


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_kill_9_of_serve_ends_its_workers_and_frees_the_port(database_url, tmp_path):
    port = free_port()
    env = env_for(database_url, tmp_path, AGENT_PLATFORM_SCHEDULER="off")
    process = _serve(env, "--migrate", "--port", str(port), "--workers", "2",
                     stderr=subprocess.DEVNULL)
    children: list[int] = []
    try:
        wait_until(lambda: _healthy(port), 60, "serve --workers 2 to answer")

        def workers():
            found = [pid for pid in _children(process.pid) if _serves(pid)]
            return found if len(found) == 2 else None

        children = wait_until(workers, 30, "two worker processes")
        process.send_signal(signal.SIGKILL)
        process.wait(10)
        wait_until(lambda: not any(_running(c) for c in children), 30, "the workers to end")
    finally:
        if process.poll() is None:
            process.kill()
        for pid in children:  # what a failure left behind
            if _running(pid):
                os.kill(pid, signal.SIGKILL)
    again = Serve(env, port=port).start()  # binds the same port: nothing holds it
    try:
        assert httpx.get(f"{again.url}/healthz", timeout=10).status_code == 200
    finally:
        again.stop()


def _healthy(port: int) -> bool:
    try:
        return httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def _serves(pid: int) -> bool:
    """A uvicorn worker (spawned by multiprocessing), not its resource tracker."""
    try:
        return b"spawn_main" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


@pytest.fixture(scope="module")
def served(database_url, tmp_path_factory):
    env = env_for(database_url, tmp_path_factory.mktemp("served"), AGENT_PLATFORM_SCHEDULER="off",
                  AGENT_PLATFORM_HTTP_KEEPALIVE_S=str(KEEPALIVE_S))
    server = Serve(env).start()
    yield server
    server.stop()


def _raw(port: int, request: bytes) -> tuple[bytes, dict, bytes]:
    with socket.create_connection(("127.0.0.1", port), timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    headers = {k.strip().lower(): v.strip() for k, _, v in (ln.partition(":") for ln in lines)}
    return status.encode(), headers, body


@pytest.mark.parametrize("request_bytes", [
    b"POST /v1/agents HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}",
    b"POST /v1/agents HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}",
    b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Note: a\x01b\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Note: a\x00b\r\n\r\n",
    b"GET /healthz HTTP/1.1\r\nHost: x\r\nX Bad Name: v\r\n\r\n",
], ids=["content-length-not-a-number", "two-content-lengths", "control-character",
        "nul", "space-in-a-header-name"])
def test_a_request_that_is_not_http_is_answered_with_problem_json(served, request_bytes):
    status, headers, body = _raw(served.port, request_bytes)
    assert status == b"HTTP/1.1 400 Bad Request"
    assert headers["content-type"] == "application/problem+json"
    assert int(headers["content-length"]) == len(body)
    problem = json.loads(body)
    assert problem["status"] == 400 and problem["code"] == "invalid_request"
    assert problem["type"].endswith("/invalid_request") and problem["title"] == "Bad Request"
    assert problem["request_id"] == headers["x-request-id"]
    assert "\x01" not in problem["detail"]
    assert _healthy(served.port)  # the server goes on serving


def _answer(sock: socket.socket) -> tuple[bytes, bytes]:
    """One response read off a kept-alive connection: (status line, body)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"the connection closed before an answer: {data!r}"
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(int(line.split(b":", 1)[1]) for line in head.split(b"\r\n")
                  if line.lower().startswith(b"content-length:"))
    while len(body) < length:
        chunk = sock.recv(65536)
        assert chunk, "the connection closed inside an answer"
        body += chunk
    return head.split(b"\r\n", 1)[0], body


def test_an_idle_connection_outlives_the_clients_own_idle_expiry(served):
    """httpx and Node keep an idle connection 5 s: a request they send on it after 5 s idle
    must not meet a server closing it (uvicorn's own default is 5 s). The server closes it
    once idle for AGENT_PLATFORM_HTTP_KEEPALIVE_S."""
    get = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
    with socket.create_connection(("127.0.0.1", served.port), timeout=scaled(30)) as sock:
        sock.sendall(get)
        assert _answer(sock)[0] == b"HTTP/1.1 200 OK"
        time.sleep(6)
        sock.sendall(get)
        assert _answer(sock)[0] == b"HTTP/1.1 200 OK"
        idle_from = time.monotonic()
        assert sock.recv(65536) == b"", "the server closes the idle connection"
        assert time.monotonic() - idle_from >= KEEPALIVE_S - 1


def _instance(db_path: Path, data_dir: Path, log: Path) -> Serve:
    env = env_for(f"sqlite:///{db_path}", data_dir, AGENT_PLATFORM_LOG_LEVEL="INFO",
                  AGENT_PLATFORM_SCHEDULER_INTERVAL_MS="200")
    return Serve(env, log=log).start()


def _due_schedule(http: httpx.Client, org: dict) -> str:
    workflow = http.post("/v1/workflows", headers=org["headers"],
                         json={"name": "fires", "steps": []})
    assert workflow.status_code == 201, workflow.text
    past = (dt.datetime.now(dt.timezone.utc) - dt.timedelta(minutes=1)).strftime(
        "%Y-%m-%dT%H:%M:%SZ")
    schedule = http.post("/v1/workflow-schedules", headers=org["headers"], json={
        "workflow_id": workflow.json()["workflow"]["id"], "run_at": past, "timezone": "UTC"})
    assert schedule.status_code == 201, schedule.text
    return schedule.json()["schedule"]["id"]


def _fired(http: httpx.Client, org: dict, schedule_id: str) -> bool:
    schedule = http.get(f"/v1/workflow-schedules/{schedule_id}", headers=org["headers"])
    return schedule.json()["schedule"]["last_fire_at"] is not None


def _unmatched_404s(http: httpx.Client) -> float:
    text = http.get("/metrics", headers=ADMIN).text
    prefix = 'agent_platform_http_request_duration_seconds_count{operation="unmatched",status="404"}'
    return sum(float(line.rsplit(" ", 1)[1]) for line in text.splitlines()
               if line.startswith(prefix))


def test_two_instances_on_one_data_directory_each_fire_and_count_their_own(tmp_path):
    data = tmp_path / "data"
    first = _instance(tmp_path / "first.db", data, tmp_path / "first.log")
    try:
        second = _instance(tmp_path / "second.db", data, tmp_path / "second.log")
        try:
            a = httpx.Client(base_url=first.url, timeout=scaled(10))
            b = httpx.Client(base_url=second.url, timeout=scaled(10))
            org_a, org_b = admin_org(a), admin_org(b)
            fired_a, fired_b = _due_schedule(a, org_a), _due_schedule(b, org_b)
            wait_until(lambda: _fired(a, org_a, fired_a), 30, "the first instance's fire")
            wait_until(lambda: _fired(b, org_b, fired_b), 30, "the second instance's fire")
            # counted from here: a stray request of an earlier test to a reused port counts too
            before_a, before_b = _unmatched_404s(a), _unmatched_404s(b)
            for _ in range(3):
                assert a.get("/v1/nothing-here").status_code == 404
            assert _unmatched_404s(a) == before_a + 3
            assert _unmatched_404s(b) == before_b
        finally:
            second.stop()
    finally:
        first.stop()
    locks = sorted(p.name for p in data.glob("scheduler*.lock"))
    assert len(locks) == 2 and all(name.startswith("scheduler-") for name in locks)
    assert len([p for p in (data / "metrics").iterdir() if p.is_dir()]) == 2
    for log in ("first.log", "second.log"):
        assert "scheduler waiting" not in (tmp_path / log).read_text()


def test_a_second_scheduler_of_one_database_says_once_that_it_waits(tmp_path):
    data = tmp_path / "data"
    first = _instance(tmp_path / "one.db", data, tmp_path / "first.log")
    try:
        second = _instance(tmp_path / "one.db", data, tmp_path / "second.log")
        try:
            def waiting():
                return [json.loads(line) for line in (tmp_path / "second.log").read_text()
                        .splitlines() if "scheduler waiting" in line]

            lines = wait_until(waiting, 30, "the second scheduler to say it waits")
            assert lines[0]["logger"] == "agent_platform.scheduler"
            assert lines[0]["database"] == f"sqlite:///{tmp_path / 'one.db'}"
        finally:
            second.stop()
    finally:
        first.stop()
    assert len(waiting()) == 1
    assert "scheduler waiting" not in (tmp_path / "first.log").read_text()
