"""A TCP proxy on 127.0.0.1 in front of a live server that breaks connections as a network
would, for the client libraries' retry and resume tests.

`cut(n, answer)` decides, for the n-th connection (1-based) and the answer bytes seen on it so
far, how many of them to forward before the connection is dropped (None: keep going). The
requests each connection carried are kept in `requests` (raw bytes, per connection).
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


class Proxy:
    def __init__(self, upstream_port: int, cut: Cut):
        self.upstream, self.cut = upstream_port, cut
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self.requests: list[bytearray] = []
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
            self.requests.append(bytearray())
            n = len(self.requests)
            upstream = socket.create_connection(("127.0.0.1", self.upstream), timeout=30)
            upstream.settimeout(None)
            threading.Thread(target=self._up, args=(client, upstream, self.requests[-1]),
                             daemon=True).start()
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

    def close(self) -> None:
        self.listener.close()
