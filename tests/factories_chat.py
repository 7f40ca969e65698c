"""Factories for chat tests: agents, turns over HTTP, and a Server-Sent Events reader."""
from __future__ import annotations

import dataclasses
import json
import time
import uuid

import httpx

from tests.waiting import scaled, wait_until

FINAL = ("run.completed", "run.failed", "run.cancelled")


def make_agent(http, headers, **model) -> dict:
    """An agent on the built-in echo model, or on the model given (e.g. provider openai)."""
    body = {"name": f"agent-{uuid.uuid4().hex[:6]}", "instructions": "Be brief.",
            "model": model or {"provider": "echo", "name": "echo"}}
    resp = http.post("/v1/agents", json=body, headers=headers)
    assert resp.status_code == 201, resp.text
    return resp.json()["agent"]


def user(org: dict, user_id: str) -> dict:
    """Headers of the org's API key acting for user_id (X-User-Id)."""
    return {**org["headers"], "X-User-Id": user_id}


def post_chat(http, headers, message: str, *, agent_id: str | None = None,
              thread_id: str | None = None, status: int = 202, **fields) -> dict:
    body = {"message": message, **fields}
    if agent_id:
        body["agent_id"] = agent_id
    if thread_id:
        body["thread_id"] = thread_id
    resp = http.post("/v1/chat", json=body, headers=headers)
    assert resp.status_code == status, resp.text
    return resp.json()


@dataclasses.dataclass
class Event:
    id: int
    kind: str
    data: dict


@dataclasses.dataclass
class Stream:
    events: list[Event]
    comments: list[str]
    ended: bool  # the server closed the stream (after a final event)

    @property
    def kinds(self) -> list[str]:
        return [e.kind for e in self.events]

    @property
    def ids(self) -> list[int]:
        return [e.id for e in self.events]


def read_stream(http, thread_id: str, headers: dict, *, last_event_id: int | None = None,
                query_id: int | None = None, stop_after: int | None = None,
                seconds: float | None = None, timeout: float = 20.0, on_event=None) -> Stream:
    """Read GET /v1/chat/stream until the server ends it, or until ``stop_after`` events or
    ``seconds`` have passed (then disconnect). ``on_event(event)`` is called for each event."""
    params = {"thread_id": thread_id}
    if query_id is not None:
        params["last_event_id"] = query_id
    headers = dict(headers)
    if last_event_id is not None:
        headers["Last-Event-ID"] = str(last_event_id)
    events, comments, ended = [], [], False
    deadline = time.monotonic() + (seconds if seconds is not None else scaled(timeout))
    fields: dict = {}
    with http.stream("GET", "/v1/chat/stream", params=params, headers=headers,
                     timeout=httpx.Timeout(scaled(timeout), read=scaled(timeout))) as resp:
        assert resp.status_code == 200, resp.read()
        assert resp.headers["content-type"].startswith("text/event-stream")
        lines = resp.iter_lines()
        while True:
            if time.monotonic() > deadline:
                break
            try:
                line = next(lines)
            except StopIteration:
                ended = True
                break
            if line.startswith(":"):
                comments.append(line[1:].strip())
            elif line == "":
                if fields:
                    event = Event(int(fields["id"]), fields["event"], json.loads(fields["data"]))
                    events.append(event)
                    fields = {}
                    if on_event:
                        on_event(event)
                    if stop_after is not None and len(events) >= stop_after:
                        break
            else:
                name, _, value = line.partition(":")
                fields[name] = value[1:] if value.startswith(" ") else value
    return Stream(events, comments, ended)


def wait_turn(http, headers, thread_id: str, run_id: str | None = None,
              timeout: float = 20.0) -> dict:
    """Wait for the assistant's answer in the thread (of the turn run_id when given)."""
    def newest() -> list[dict]:
        resp = http.get("/v1/messages", params={"thread_id": thread_id, "order": "desc",
                                                "limit": 1}, headers=headers)
        assert resp.status_code == 200, resp.text
        return resp.json()["messages"]

    page = wait_until(newest, timeout, f"the answer in thread {thread_id}",
                      done=lambda page: page and page[0]["role"] == "assistant"
                      and run_id in (None, page[0]["run_id"]))
    return page[0]
