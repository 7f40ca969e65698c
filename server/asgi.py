"""The HTTP server around the app: uvicorn's worker processes (``make_app``: settings from the
environment), `serve` itself (``run``: one process, or a supervisor and its workers; says
where it listens once it does), workers that end with their supervisor, and the problem+json
answer to a request that is not valid HTTP."""
from __future__ import annotations

import json
import os
import signal
import sys
import threading

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.supervisors.multiprocess import Multiprocess

import uvicorn

ORPHAN_CHECK_S = 1.0


def make_app():
    import gc
    import multiprocessing

    from server import malloc, openapi31
    from server.app import create_app
    from core.settings import Settings

    malloc.limit_arenas()  # a worker process of `serve --workers N`: before its threads start
    supervisor = multiprocessing.parent_process()
    if supervisor is not None:  # a worker of `serve --workers N`: it ends with its supervisor
        die_with_parent(supervisor.pid)

    # `serve` validated the OpenAPI document before starting its workers (server/cli.py)
    openapi31.trust(os.environ.get("AGENT_PLATFORM_VALIDATED_DOCUMENTS", "").split(","))
    app = create_app(Settings.from_env())
    # What start-up built (the parsed OpenAPI document, its validators, modules: about 140,000
    # objects) lives as long as the process: kept out of the cyclic garbage collector, whose
    # full collections would otherwise walk all of it (a pause of 100 ms and more) while a
    # request waits.
    gc.collect()
    gc.freeze()
    return app


def die_with_parent(parent_pid: int) -> None:
    """End this process (SIGTERM: uvicorn's graceful shutdown) when the process parent_pid,
    its parent, ends, however it ends (kill -9 included): on Linux the kernel sends the
    signal (PR_SET_PDEATHSIG); elsewhere a thread checks the parent every second. A parent
    that ended before this call is noticed at once."""
    if not _death_signal(signal.SIGTERM):
        from core import concurrency

        concurrency.thread("orphan-check", _watch_parent, parent_pid)
    if os.getppid() != parent_pid:  # the parent ended before the kernel was asked
        os.kill(os.getpid(), signal.SIGTERM)


def _death_signal(signum: int) -> bool:
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(1, int(signum), 0, 0, 0) == 0  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return False


def _watch_parent(parent_pid: int) -> None:
    stop = threading.Event()
    while not stop.wait(ORPHAN_CHECK_S):
        if os.getppid() != parent_pid:
            os.kill(os.getpid(), signal.SIGTERM)
            return


# A request that is not HTTP/1.1 (a malformed Content-Length, control characters in a
# header, a broken request line) never reaches the app: uvicorn's parser answers it. It
# answers with the service's problem+json instead of uvicorn's text/plain.
_BAD_REQUEST_DETAIL = ("the request is not valid HTTP/1.1 (its request line, a header or "
                       "its Content-Length is malformed)")


def bad_request_bytes(default_headers=()) -> bytes:
    from core import request_ids

    request_id = request_ids.new()
    body = json.dumps({
        "type": "https://agent-platform.dev/problems/invalid_request", "title": "Bad Request",
        "status": 400, "detail": _BAD_REQUEST_DETAIL, "code": "invalid_request",
        "request_id": request_id}).encode()
    lines = [b"HTTP/1.1 400 Bad Request"]
    lines += [name + b": " + value for name, value in default_headers]
    lines += [b"content-type: application/problem+json", b"content-length: %d" % len(body),
              b"x-request-id: " + request_id.encode(), b"connection: close"]
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


class HttpToolsProblems(HttpToolsProtocol):
    def send_400_response(self, msg: str) -> None:
        self.transport.write(bad_request_bytes(self.server_state.default_headers))
        self.transport.close()


class H11Problems(H11Protocol):
    def send_400_response(self, msg: str) -> None:
        self.transport.write(bad_request_bytes(self.server_state.default_headers))
        self.transport.close()


def http_protocol() -> type:
    """uvicorn's choice ("auto": httptools when installed, else h11), answering problem+json."""
    try:
        import httptools  # noqa: F401
    except ImportError:
        return H11Problems
    return HttpToolsProblems


class _Server(uvicorn.Server):
    """One serving process: ``ready()`` once its socket listens."""

    def __init__(self, config, ready):
        super().__init__(config)
        self.ready = ready

    async def startup(self, sockets=None) -> None:
        await super().startup(sockets=sockets)
        if self.started:
            self.ready()


class _Supervisor(Multiprocess):
    """uvicorn's supervisor of `serve --workers N`: ``ready()`` once every worker serves
    (or has ended: the supervisor's loop replaces it)."""

    def __init__(self, config, sockets, ready):
        super().__init__(config, sockets)
        self.ready = ready

    def init_processes(self) -> None:
        super().init_processes()
        waiting = list(self.processes)
        while waiting and not self.signal_queue:
            waiting = [p for p in waiting if p.process.is_alive() and not p.is_ready(timeout=0.5)]
        if not waiting:
            self.ready()


def run(*, host: str, port: int, workers: int, keepalive_s: float, ready) -> int:
    """Serve the app (``make_app`` in each process) until SIGINT or SIGTERM; ``ready()``
    once the address listens. Returns the exit status."""
    config = uvicorn.Config("server.asgi:make_app", factory=True, host=host, port=port,
                            workers=workers, log_config=None, access_log=False, lifespan="on",
                            timeout_graceful_shutdown=10, http=http_protocol(),
                            timeout_keep_alive=keepalive_s)
    try:
        if workers > 1:
            _Supervisor(config, [config.bind_socket()], ready).run()
            return 0
        server = _Server(config, ready)
        server.run()
    except KeyboardInterrupt:
        return 0
    return 0 if server.started else 3  # 3: uvicorn's start-up failure
