"""A TCP proxy on 127.0.0.1 in front of a live server that breaks connections as a network
would, for the client libraries' retry and resume tests.

`cut(n, answer)` decides, for the n-th connection (1-based) and the answer bytes seen on it so
far, how many of them to forward before the connection is dropped (None: keep going). The
requests each connection carried are kept in `requests` (raw bytes, per connection).

Only connections whose first bytes are a request for the service's API (`/v1/...`) are
numbered, counted and forwarded: on a busy machine another test's client may reach this
port (a port it found free, closed and later dialled as "nothing listens there"), and such a
stray connection is closed unanswered rather than taken for one of the client's.
"""
from __future__ import annotations

import socket
import threading
import typing as t

Cut = t.Callable[[int, bytes], t.Optional[int]]


def drop_first_answer(n: int, answer: bytes) -> int | None:
    """The first connection's request reaches the server, its answer never comes back."""
    return 0 if n == 1 else None


def after_first_event(n: int, answer: bytes) -> int | None:
    """The first connection's stream is cut right after its first event."""
    if n != 1:
        return None
    start = answer.find(b"id: ")
    end = answer.find(b"\n\n", start) if start >= 0 else -1
    return end + 2 if end >= 0 else None


def assert_resumed(lines: list[str], first_id: int | None = None) -> None:
    """The stream's connections through the proxy (`Proxy.request_lines()`): the first asked
    from the start, without Last-Event-ID, and was cut; every later one asked to resume
    (after `first_id`, the first event's id, when given). A later connection beyond the
    second is a retry of a transient answer (a 503 while the machine is busy), which resumes
    the same way."""
    assert len(lines) >= 2, lines
    assert lines[0].startswith("GET /v1/chat/stream") and "last-event-id" not in lines[0].lower()
    for line in lines[1:]:
        assert line.startswith("GET /v1/chat/stream"), lines
        resume = line.lower().rsplit("last-event-id: ", 1)
        assert len(resume) == 2 and resume[1].isdigit(), lines
        if first_id is not None:
            assert int(resume[1]) >= first_id, lines
    if first_id is not None:
        assert lines[1].lower().endswith(f"last-event-id: {first_id}"), lines


class Proxy:
    def __init__(self, upstream_port: int, cut: Cut):
        self.upstream, self.cut = upstream_port, cut
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.requests: list[bytearray] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    @property
    def connections(self) -> int:
        return len(self.requests)

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._open, args=(client,), daemon=True).start()

    def _open(self, client: socket.socket) -> None:
        first = b""
        client.settimeout(30)
        try:
            while b"\r\n" not in first and len(first) < 8192:
                chunk = client.recv(8192)
                if not chunk:
                    break
                first += chunk
        except OSError:
            pass
        line = first.split(b"\r\n", 1)[0].split(b" ")
        if len(line) < 2 or not line[1].startswith(b"/v1/"):
            self._close(client)  # not the client under test
            return
        client.settimeout(None)
        with self.lock:
            self.requests.append(bytearray(first))
            n, record = len(self.requests), self.requests[-1]
        upstream = socket.create_connection(("127.0.0.1", self.upstream), timeout=30)
        upstream.settimeout(None)
        upstream.sendall(first)
        threading.Thread(target=self._up, args=(client, upstream, record), daemon=True).start()
        threading.Thread(target=self._down, args=(upstream, client, n), daemon=True).start()

    @staticmethod
    def _close(*socks: socket.socket) -> None:
        for sock in socks:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            sock.close()

    def _up(self, source: socket.socket, target: socket.socket, record: bytearray) -> None:
        try:
            while chunk := source.recv(65536):
                record.extend(chunk)
                target.sendall(chunk)
        except OSError:
            pass
        self._close(source, target)

    def _down(self, source: socket.socket, target: socket.socket, n: int) -> None:
        seen = b""
        try:
            while chunk := source.recv(65536):
                before = len(seen)
                seen += chunk
                keep = self.cut(n, seen)
                if keep is not None:
                    target.sendall(chunk[:max(0, keep - before)])
                    break
                target.sendall(chunk)
        except OSError:
            pass
        self._close(source, target)

    def request_lines(self) -> list[str]:
        """Each connection's request line and Last-Event-ID, for assertions and their messages."""
        lines = []
        for raw in self.requests:
            head = bytes(raw).split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
            resume = [h for h in head[1:] if h.lower().startswith("last-event-id:")]
            lines.append(" ".join([head[0], *resume]))
        return lines

    def close(self) -> None:
        self.listener.close()
