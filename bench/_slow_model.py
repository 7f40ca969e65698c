"""A slow OpenAI-compatible Chat Completions server for `bench concurrency`, on asyncio.

    python -m bench._slow_model PORT [--seconds 5] [--chunks 20]

`POST /v1/chat/completions` (`stream: true`) answers in the real SSE wire format: a role chunk,
`--chunks` content deltas spread evenly over `--seconds` (the first after one interval), a
finish chunk, a usage chunk when `stream_options.include_usage` is set, then `data: [DONE]`
(chunked transfer, keep-alive). One event loop holds thousands of streams at once.

`GET /stats` answers `{"open": n, "peak": n, "calls": n}`: calls streaming now, the most at
once since the last reset, and calls since then; `POST /stats/reset` sets the peak to the
calls open now and the count to 0. Listens on 127.0.0.1 only.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import resource
import time

STATS = {"open": 0, "peak": 0, "calls": 0}


def _raise_fd_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def _response(status: str, body: bytes, content_type: str = "application/json") -> bytes:
    head = (f"HTTP/1.1 {status}\r\nContent-Type: {content_type}\r\n"
            f"Content-Length: {len(body)}\r\n\r\n")
    return head.encode() + body


def _frame(payload) -> bytes:
    """One SSE event as one chunk of a chunked response."""
    text = payload if isinstance(payload, str) else json.dumps(payload, separators=(",", ":"))
    data = f"data: {text}\n\n".encode()
    return b"%x\r\n%s\r\n" % (len(data), data)


async def _stream(writer: asyncio.StreamWriter, body: dict, seconds: float, chunks: int) -> None:
    model = body.get("model") or "slow"
    created = int(time.time())

    def chunk(delta: dict, finish: str | None = None) -> bytes:
        return _frame({"id": "chatcmpl-slow", "object": "chat.completion.chunk",
                       "created": created, "model": model,
                       "choices": [{"index": 0, "delta": delta, "logprobs": None,
                                    "finish_reason": finish}]})

    writer.write(b"HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n"
                 b"Cache-Control: no-cache\r\nTransfer-Encoding: chunked\r\n\r\n")
    writer.write(chunk({"role": "assistant", "content": ""}))
    await writer.drain()
    started = time.monotonic()
    for i in range(chunks):
        # on a schedule from the start: a late wake-up does not push the later chunks back
        delay = started + seconds * (i + 1) / chunks - time.monotonic()
        if delay > 0:
            await asyncio.sleep(delay)
        writer.write(chunk({"content": f"word{i} "}))
        await writer.drain()
    writer.write(chunk({}, "stop"))
    if (body.get("stream_options") or {}).get("include_usage"):
        writer.write(_frame({"id": "chatcmpl-slow", "object": "chat.completion.chunk",
                             "created": created, "model": model, "choices": [],
                             "usage": {"prompt_tokens": 10, "completion_tokens": chunks,
                                       "total_tokens": 10 + chunks}}))
    writer.write(_frame("[DONE]"))
    writer.write(b"0\r\n\r\n")
    await writer.drain()


async def _read_request(reader: asyncio.StreamReader):
    """(method, path, body bytes) of the next request, or None at the end of the connection."""
    try:
        head = await reader.readuntil(b"\r\n\r\n")
    except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, ConnectionError):
        return None
    lines = head.decode("latin-1").split("\r\n")
    method, path, _ = lines[0].split(" ", 2)
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    body = await reader.readexactly(length) if length else b""
    return method, path.split("?", 1)[0], body


def handler(seconds: float, chunks: int):
    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while True:
                request = await _read_request(reader)
                if request is None:
                    return
                method, path, raw = request
                if method == "GET" and path == "/stats":
                    writer.write(_response("200 OK", json.dumps(STATS).encode()))
                elif method == "POST" and path == "/stats/reset":
                    STATS.update(peak=STATS["open"], calls=0)
                    writer.write(_response("200 OK", json.dumps(STATS).encode()))
                elif method == "POST" and path == "/v1/chat/completions":
                    try:
                        body = json.loads(raw)
                    except ValueError:
                        body = None
                    if not isinstance(body, dict) or body.get("stream") is not True:
                        error = {"error": {"message": "this server only streams (stream: true)",
                                           "type": "invalid_request_error"}}
                        writer.write(_response("400 Bad Request", json.dumps(error).encode()))
                    else:
                        STATS["open"] += 1
                        STATS["calls"] += 1
                        STATS["peak"] = max(STATS["peak"], STATS["open"])
                        try:
                            await _stream(writer, body, seconds, chunks)
                        finally:
                            STATS["open"] -= 1
                else:
                    writer.write(_response("404 Not Found", b'{"error": "not found"}'))
                await writer.drain()
        except (ConnectionError, asyncio.IncompleteReadError):
            pass  # the client went away (a cancelled turn): the call is no longer open
        finally:
            writer.close()

    return handle


async def serve(port: int, seconds: float, chunks: int) -> None:
    server = await asyncio.start_server(handler(seconds, chunks), "127.0.0.1", port,
                                        backlog=4096, limit=1 << 22)
    async with server:
        await server.serve_forever()


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench._slow_model")
    parser.add_argument("port", type=int)
    parser.add_argument("--seconds", type=float, default=5.0, help="length of one answer")
    parser.add_argument("--chunks", type=int, default=20, help="content deltas of one answer")
    args = parser.parse_args()
    _raise_fd_limit()
    asyncio.run(serve(args.port, args.seconds, args.chunks))


if __name__ == "__main__":
    main()
