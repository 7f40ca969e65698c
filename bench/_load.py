"""Tools of load benchmarks: a minimal HTTP/1.1 client on asyncio streams (one connection per
request, `Connection: close`, JSON bodies, Server-Sent Events read line by line: far cheaper
per request than a pooling client when a thousand requests and streams are open at once on a
machine the server shares), a poller timing `GET /v1/organization` from its own process, and
a watch of the resident memory of a deployment's processes. 127.0.0.1 only.
"""
from __future__ import annotations

import asyncio
import json
import math
import subprocess
import sys

from bench import _stack
from bench._support import ROOT


class HTTPError(Exception):
    """The connection failed or the answer was not HTTP."""


async def _open(port: int, method: str, path: str, headers: dict, body=None):
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 22)
    except OSError as exc:
        raise HTTPError(f"connect: {exc}") from exc
    data = b"" if body is None else json.dumps(body).encode()
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close",
             *(f"{k}: {v}" for k, v in headers.items())]
    if body is not None:
        lines += ["Content-Type: application/json", f"Content-Length: {len(data)}"]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + data)
    try:
        await writer.drain()
        head = await reader.readuntil(b"\r\n\r\n")
    except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError) as exc:
        writer.close()
        raise HTTPError(f"no answer: {exc!r}") from exc
    status_line, *fields = head.decode("latin-1").split("\r\n")
    try:
        status = int(status_line.split(" ", 2)[1])
    except (IndexError, ValueError) as exc:
        writer.close()
        raise HTTPError(f"not HTTP: {status_line[:80]!r}") from exc
    answer = {}
    for field in fields:
        name, _, value = field.partition(":")
        if name:
            answer[name.strip().lower()] = value.strip()
    return status, answer, reader, writer


async def _body(reader: asyncio.StreamReader, answer: dict):
    """The body's bytes as they arrive (chunked, Content-Length or until the end)."""
    if answer.get("transfer-encoding", "").lower() == "chunked":
        while True:
            size = int((await reader.readline()).split(b";")[0].strip() or b"0", 16)
            if size == 0:
                return
            yield await reader.readexactly(size)
            await reader.readexactly(2)
    elif "content-length" in answer:
        length = int(answer["content-length"])
        if length:
            yield await reader.readexactly(length)
    else:
        while data := await reader.read(65536):
            yield data


async def call(port: int, method: str, path: str, headers: dict, body=None):
    """(status, parsed JSON or None) of one request."""
    status, answer, reader, writer = await _open(port, method, path, headers, body)
    try:
        data = b"".join([piece async for piece in _body(reader, answer)])
    except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
        raise HTTPError(f"body: {exc!r}") from exc
    finally:
        writer.close()
    try:
        return status, json.loads(data) if data else None
    except ValueError:
        return status, None


async def events(port: int, path: str, headers: dict):
    """The (event, data) pairs of a Server-Sent Events stream, until it ends. A non-200
    answer raises HTTPError."""
    status, answer, reader, writer = await _open(port, "GET", path,
                                                 {**headers, "Accept": "text/event-stream"})
    try:
        if status != 200:
            raise HTTPError(f"stream answered {status}")
        buffer, kind, data = b"", None, []
        async for piece in _body(reader, answer):
            buffer += piece
            *lines, buffer = buffer.split(b"\n")
            for raw in lines:
                line = raw.rstrip(b"\r").decode()
                if not line:
                    if kind or data:
                        yield kind or "message", "\n".join(data)
                    kind, data = None, []
                elif line.startswith("event:"):
                    kind = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].lstrip())
    except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
        raise HTTPError(f"stream: {exc!r}") from exc
    finally:
        writer.close()


def pct(values, q) -> float | None:
    """The q-quantile of values (None counts as never: infinity); None when it is infinite."""
    if not values:
        return None
    ordered = sorted(math.inf if v is None else v for v in values)
    value = ordered[min(len(ordered) - 1, int(len(ordered) * q))]
    return None if value == math.inf else round(value, 4)


POLLER = """
import http.client, json, sys, threading, time
port, key, rate = int(sys.argv[1]), sys.argv[2], float(sys.argv[3])
stop = threading.Event()
threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
conn, times, errors, next_at = None, [], 0, time.monotonic()
while not stop.is_set():
    started = time.perf_counter()
    try:
        if conn is None:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/v1/organization", headers={"Authorization": "Bearer " + key})
        resp = conn.getresponse()
        resp.read()
        errors += resp.status != 200
    except (OSError, http.client.HTTPException):
        errors += 1
        conn.close()
        conn = None
    times.append(time.perf_counter() - started)
    next_at += 1 / rate
    if next_at > time.monotonic():
        stop.wait(next_at - time.monotonic())
    else:
        next_at = time.monotonic()
print(json.dumps({"times": times, "errors": errors}))
"""


class Poller:
    """GET /v1/organization at a steady rate from its own process (the load's client does
    not delay it), timed until stop()."""

    def __init__(self, port: int, key: str, rate: float = 20):
        self.proc = subprocess.Popen([sys.executable, "-c", POLLER, str(port), key, str(rate)],
                                     cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True)

    def stop(self) -> dict:
        try:
            out, _ = self.proc.communicate(input="", timeout=30)
            data = json.loads(out)
        except (subprocess.TimeoutExpired, ValueError):
            self.proc.kill()
            return {"n": 0, "errors": None, "p50_ms": None, "p99_ms": None, "max_ms": None}
        times = data["times"]
        ms = (lambda v: None if v is None else round(v * 1000, 1))
        return {"n": len(times), "errors": data["errors"], "p50_ms": ms(pct(times, 0.5)),
                "p99_ms": ms(pct(times, 0.99)), "max_ms": ms(max(times, default=None))}


class RssWatch:
    """Resident memory of the deployment's processes: before the phase and its peak during
    it (sampled every second); and the CPU time each used during the phase."""

    def __init__(self, dep):
        self.pids = dep.processes()
        self.cpu_before = {k: _stack.cpu_seconds(p) for k, p in self.pids.items()}
        self.before = {k: _stack.rss_mb(p) for k, p in self.pids.items()}
        self.peak = dict(self.before)
        self.task = asyncio.get_running_loop().create_task(self._sample())

    async def _sample(self):
        while True:
            await asyncio.sleep(1)
            self._once()

    def _once(self):
        for label, pid in self.pids.items():
            now = _stack.rss_mb(pid)
            if now is not None and self.peak.get(label) is not None:
                self.peak[label] = max(self.peak[label], now)

    def stop(self) -> dict:
        self.task.cancel()
        self._once()
        cpu = {k: _stack.cpu_seconds(p) for k, p in self.pids.items()}
        return {label: {"before_mb": round(self.before[label], 1),
                        "growth_mb": round(self.peak[label] - self.before[label], 1),
                        "cpu_s": (None if cpu[label] is None or self.cpu_before[label] is None
                                  else round(cpu[label] - self.cpu_before[label], 2))}
                for label in self.pids if self.before.get(label) is not None}
