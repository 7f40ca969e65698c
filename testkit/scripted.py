"""The scriptable HTTP server behind the test suite's model servers (see testkit/__init__).

A ``ScriptedServer`` runs on 127.0.0.1 (random port) in a thread. Each POST takes the next
canned ``Reply`` from its queue (or asks ``responder(request)`` when the queue is empty), and
every request is recorded in ``requests``. Subclasses speak one wire format (``render``).
"""
from __future__ import annotations

import collections
import dataclasses
import json
import re
import select
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

_PIECES = re.compile(r"\s*\S+\s*|\s+")


@dataclasses.dataclass
class Reply:
    """One canned answer. Build them with the helpers below (text, tool_calls, error, ...)."""
    text: str = ""
    tool_calls: list = dataclasses.field(default_factory=list)  # [(id, name, args dict | str)]
    input_tokens: int = 11
    output_tokens: int = 7
    finish_reason: str | None = None        # None: the wire's usual one for the content
    status: int = 200
    error_message: str = ""
    headers: dict = dataclasses.field(default_factory=dict)
    delay: float = 0.0          # seconds of silence before answering at all (a hang-up ends it)
    chunk_delay: float = 0.0    # seconds between streamed events
    stall_after: int | None = None  # go silent after this many SSE frames (a stalled stream)
    drop: bool = False          # close the connection without an answer
    stream_error: str | None = None  # an error event after the first event (wire's error type)
    interleave: bool = False    # interleave the fragments of parallel tool calls
    raw: list[str] | None = None  # SSE frames sent verbatim instead of rendering the reply
    model: str | None = None    # the model reported back (default: the one requested)

    def text_pieces(self) -> list[str]:
        return _PIECES.findall(self.text)

    def calls(self) -> list[tuple[str, str, str]]:
        """(id, name, JSON arguments text) for each tool call."""
        out = []
        for call in self.tool_calls:
            call_id, name, args = call
            out.append((call_id, name, args if isinstance(args, str) else json.dumps(args)))
        return out


def text(content: str, **fields) -> Reply:
    """Stream ``content`` (word by word) and finish normally."""
    return Reply(text=content, **fields)


def tool_calls(*calls, text: str = "", **fields) -> Reply:
    """Ask for tool calls; several are parallel calls. Each is ``(id, name, args)`` or
    ``(name, args)`` (id ``call_<n>``); args is a dict or a raw JSON string."""
    full = [call if len(call) == 3 else (f"call_{n}", *call) for n, call in
            enumerate(calls, start=1)]
    return Reply(text=text, tool_calls=full, **fields)


def error(status: int, message: str = "", *, retry_after: float | str | None = None,
          **fields) -> Reply:
    """An HTTP error answer in the wire's error format (Retry-After header if given)."""
    headers = dict(fields.pop("headers", {}))
    if retry_after is not None:
        headers["Retry-After"] = str(retry_after)
    return Reply(status=status, error_message=message or f"scripted error {status}",
                 headers=headers, **fields)


def drop() -> Reply:
    """Close the connection without answering (a connection error for the client)."""
    return Reply(drop=True)


def slow(reply: Reply, delay: float) -> Reply:
    """``reply`` after ``delay`` seconds of silence (to hit the client's read timeout)."""
    return dataclasses.replace(reply, delay=delay)


@dataclasses.dataclass
class RecordedRequest:
    method: str
    path: str
    headers: dict          # lower-cased names
    body: Any              # parsed JSON (None when the body was not JSON)
    raw: bytes
    client: tuple = ()     # the client's (host, port): the same port means a reused connection


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: "_HTTPServer"

    def setup(self):
        super().setup()
        # small SSE writes must leave at once (Nagle + delayed ACK would add ~40 ms each)
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def log_message(self, *args):  # quiet
        pass

    def do_GET(self):
        self._plain(404, b"not found")

    def do_POST(self):
        owner = self.server.owner
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = None
        request = RecordedRequest("POST", self.path, {k.lower(): v for k, v in
                                                      self.headers.items()}, body, raw,
                                  self.client_address)
        answer = owner.direct(request)  # a plain JSON answer of the server's own (or None)
        if answer is not None:
            status, payload = answer
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        reply = owner._next(request)
        if reply.delay and self._silent(reply.delay):
            return
        if reply.drop:
            self.close_connection = True
            return
        refusal = owner.check(request)
        if refusal is not None:
            reply = refusal
        if reply.status >= 300:
            payload = json.dumps(owner.error_body(reply)).encode()
            self.send_response(reply.status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            for name, value in reply.headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(payload)
            return
        self.send_response(200)
        headers = {"Content-Type": "text/event-stream", "Cache-Control": "no-cache"}
        headers.update({name.title(): value for name, value in reply.headers.items()})
        headers["Transfer-Encoding"] = "chunked"
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        frames = reply.raw if reply.raw is not None else owner.render(reply, request)
        try:
            for index, frame in enumerate(frames):
                if index and reply.chunk_delay and owner._stopping.wait(reply.chunk_delay):
                    return
                if index == reply.stall_after:
                    owner._stopping.wait()
                    return
                data = frame.encode()
                self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
                self.wfile.flush()
            self.wfile.write(b"0\r\n\r\n")
            self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            self.close_connection = True

    def _silent(self, seconds: float) -> bool:
        """Send nothing for ``seconds``; True when the server stops or the client hangs up
        meanwhile (recorded in ``hangups`` with the time, for cancellation tests)."""
        owner = self.server.owner
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if owner._stopping.wait(0.01):
                return True
            readable, _, _ = select.select([self.request], [], [], 0)
            if readable and not self.request.recv(1, socket.MSG_PEEK):
                owner.hangups.append(time.monotonic())
                self.close_connection = True
                return True
        return False

    def _plain(self, status: int, payload: bytes):
        self.send_response(status)
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 256  # a burst of turns connects at once (socketserver's default: 5)
    owner: "ScriptedServer"

    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)  # clients hanging up are normal


def sse(data: Any, event: str | None = None) -> str:
    """One SSE frame; ``data`` is JSON-encoded unless it is a string."""
    payload = data if isinstance(data, str) else json.dumps(data)
    return (f"event: {event}\n" if event else "") + f"data: {payload}\n\n"


class ScriptedServer:
    """Base class: queue, record, thread. Subclasses define ``path``, ``base_url``, ``check``,
    ``render`` and ``error_body`` for their wire format."""
    path = "/"

    def __init__(self, *, api_key: str | None = None,
                 responder: Callable[[RecordedRequest], Reply] | None = None):
        self.api_key = api_key
        self.responder = responder
        self.requests: list[RecordedRequest] = []
        self.hangups: list[float] = []  # monotonic times clients closed a silent connection
        self._queue: collections.deque[Reply] = collections.deque()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._http = _HTTPServer(("127.0.0.1", 0), _Handler)
        self._http.owner = self
        self._thread = threading.Thread(target=self._http.serve_forever, daemon=True,
                                        kwargs={"poll_interval": 0.05})

    # ---- lifecycle ----
    def start(self) -> "ScriptedServer":
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        self._http.shutdown()
        self._http.server_close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._http.server_address[1]}"

    # ---- script ----
    def enqueue(self, *replies: Reply) -> "ScriptedServer":
        with self._lock:
            self._queue.extend(replies)
        return self

    def reset(self) -> None:
        """Forget queued replies and recorded requests."""
        with self._lock:
            self._queue.clear()
            self.requests.clear()

    @property
    def pending(self) -> int:
        with self._lock:
            return len(self._queue)

    @property
    def last_request(self) -> RecordedRequest:
        return self.requests[-1]

    def _next(self, request: RecordedRequest) -> Reply:
        with self._lock:
            self.requests.append(request)
            if request.path.split("?")[0] != self.path:
                return error(404, f"unknown path {request.path}")
            if self._queue:
                return self._queue.popleft()
        if self.responder is not None:
            return self.responder(request)
        return error(500, "the test server has no reply queued")

    # ---- wire format (subclasses) ----
    def direct(self, request: RecordedRequest) -> tuple[int, Any] | None:
        """(status, JSON body) for a request the server answers itself, outside the script
        (e.g. OpenAI's /v1/embeddings); None: the scripted path."""
        return None

    def check(self, request: RecordedRequest) -> Reply | None:
        """An error reply when the request is malformed or unauthorized, else None."""
        return None

    def render(self, reply: Reply, request: RecordedRequest) -> list[str]:
        raise NotImplementedError

    def error_body(self, reply: Reply) -> dict:
        raise NotImplementedError
