"""Cancel while the model connection is still being made: a model endpoint that accepts the TCP
connection and never answers (plain HTTP, and HTTPS whose TLS handshake is never answered), and
one whose connect never completes (a listening socket with a full backlog). DELETE
/v1/chat/stream ends the turn (which nothing else would end), the connection attempt is
abandoned after the cancel, and the thread
takes a new turn at once; in-process on SQLite, on a real worker with Postgres + Redis."""
import socket
import threading
import time

import pytest

from tests.factories import make_org
from tests.factories_chat import make_agent, post_chat, read_stream, user
from tests.factories_turns import use_model_server
from tests.factories_workflows import ROOT, stop, wf_settings, worker_env
from tests.waiting import wait_until


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"), model_max_retries=0)


@pytest.fixture(scope="module", autouse=True)
def worker(app, settings):
    process = None
    if settings.redis_url:
        import subprocess
        import sys

        env = worker_env(settings, AGENT_PLATFORM_MODEL_MAX_RETRIES="0")
        process = subprocess.Popen([sys.executable, "-m", "server.cli", "worker"], env=env,
                                   cwd=ROOT, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL)
    yield process
    if process is not None:
        stop(process)


class Silent:
    """Accepts TCP connections and never sends a byte; records accepts and hang-ups."""

    def __init__(self, scheme: str = "http"):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.base_url = f"{scheme}://127.0.0.1:{self.sock.getsockname()[1]}/v1"
        self.accepted: list[float] = []
        self.hangups: list[float] = []
        self.open: list[socket.socket] = []
        self._stop = threading.Event()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        self.sock.settimeout(0.05)
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except (TimeoutError, OSError):
                continue
            self.accepted.append(time.monotonic())
            self.open.append(conn)
            threading.Thread(target=self._watch, args=(conn,), daemon=True).start()

    def _watch(self, conn):
        conn.settimeout(0.05)
        while not self._stop.is_set():
            try:
                if not conn.recv(65536):  # the client closed its end
                    self.hangups.append(time.monotonic())
                    return
            except TimeoutError:
                continue
            except OSError:
                self.hangups.append(time.monotonic())
                return

    def close(self):
        self._stop.set()
        for conn in self.open:
            conn.close()
        self.sock.close()


class Backlogged:
    """A listening socket that never accepts, its backlog filled: a connect never completes
    (the kernel drops the SYNs)."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(0)
        port = self.sock.getsockname()[1]
        self.base_url = f"http://127.0.0.1:{port}/v1"
        self.fillers = []
        for _ in range(3):
            filler = socket.socket()
            filler.setblocking(False)
            try:
                filler.connect(("127.0.0.1", port))
            except BlockingIOError:
                pass
            self.fillers.append(filler)
        time.sleep(0.1)
        probe = socket.socket()
        probe.settimeout(0.3)
        try:
            probe.connect(("127.0.0.1", port))
            raise AssertionError("the backlog is not full: a connect completed")
        except TimeoutError:
            pass
        finally:
            probe.close()
        self.accepted: list[float] = []
        self.hangups: list[float] = []

    def close(self):
        for filler in self.fillers:
            filler.close()
        self.sock.close()


ENDPOINTS = {"silent_http": lambda: Silent("http"), "silent_tls": lambda: Silent("https"),
             "connect_pending": Backlogged}


def _model_threads() -> int:
    return sum(1 for t in threading.enumerate() if t.name == "model-call" and t.is_alive())


@pytest.mark.parametrize("kind", list(ENDPOINTS))
def test_cancel_while_the_model_connection_is_being_made(client, http, settings, kind):
    endpoint = ENDPOINTS[kind]()
    try:
        org = make_org(client)
        use_model_server(client, org, endpoint)
        agent = make_agent(http, org["headers"], provider="openai", name="gpt-test")
        echo = make_agent(http, org["headers"])
        kim = user(org, "kim")
        before = _model_threads()
        posted = post_chat(http, kim, "are you there", agent_id=agent["id"])
        tid, run_id = posted["thread"]["id"], posted["run"]["id"]
        def the_run() -> dict:
            run = client.get(f"/v1/runs/{run_id}", headers=org["headers"]).json()["run"]
            assert run["status"] in ("queued", "running"), run
            return run

        # the turn is running and its model call has started
        wait_until(the_run, 10, "the turn to reach the model", every=0.01,
                   done=lambda run: run["status"] == "running"
                   and (endpoint.accepted or kind == "connect_pending"))
        time.sleep(0.3)  # connecting (or waiting for the handshake's answer)
        asked = time.monotonic()
        resp = http.delete("/v1/chat/stream", params={"thread_id": tid}, headers=kim)
        assert resp.status_code == 202, resp.text
        # the endpoint never completes the connection: only the cancel can end the turn
        run = wait_until(lambda: client.get(f"/v1/runs/{run_id}",
                                            headers=org["headers"]).json()["run"],
                         2, "the turn to stop after the cancel",
                         done=lambda run: run["status"] != "running")
        assert run["status"] == "cancelled" and run["usage"]["model_calls"] == 1, run
        if endpoint.accepted:  # the half-made connection was closed, after the cancel
            wait_until(lambda: endpoint.hangups, 2, "the model connection to close",
                       every=0.01)
            assert endpoint.hangups[0] > asked
        if not settings.redis_url:  # in this process: the connecting call's thread is over
            wait_until(lambda: _model_threads() <= before, 2,
                       "the model call's thread to end after the cancel", every=0.01)
        post_chat(http, kim, "again", agent_id=echo["id"], thread_id=tid)  # free again
        assert read_stream(http, tid, kim).kinds[-1] == "run.completed"
    finally:
        endpoint.close()
