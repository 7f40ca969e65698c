"""`ChatStream`: the typed events of `GET /v1/chat/stream`, resumed after a dropped connection
(`client.chat.stream(...)`)."""
from __future__ import annotations

import time
import typing as t

import httpx

from ._errors import APIConnectionError, APIStatusError
from ._events import ChatEvent, SSEDecoder, ends, to_event

if t.TYPE_CHECKING:
    from ._client import Client


def _user(user_id: str | None) -> dict[str, str]:
    return {"X-User-Id": user_id} if user_id else {}


class ChatStream:
    """Iterates the events of `GET /v1/chat/stream` as they come, every kind typed
    (`agent_platform.ChatEvent`), until the turn's final event (`run.completed`, `run.failed`,
    `run.cancelled`), or that of `until_run`, or forever with `until_final=False`. A dropped
    connection is resumed with `Last-Event-ID` (no event lost or repeated), `reconnects` times
    in a row at most. `approval.requested` is an event like any other: the run waits and the
    stream stays open, so decide (`client.runs.decide_approval`) and keep iterating.
    `last_event_id` is the id of the last event yielded."""

    def __init__(self, client: Client, thread_id: str, *, last_event_id: int | None,
                 until_run: str | None, until_final: bool, user_id: str | None,
                 reconnects: int, read_timeout: float) -> None:
        self._c, self.thread_id, self.last_event_id = client, thread_id, last_event_id
        self._until_run, self._until_final, self._user_id = until_run, until_final, user_id
        self._reconnects, self._read_timeout = reconnects, read_timeout
        self._response: httpx.Response | None = None

    def __enter__(self) -> ChatStream:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._response is not None:
            self._response.close()

    def __iter__(self) -> t.Iterator[ChatEvent]:
        failures = 0
        timeout = httpx.Timeout(10.0, read=self._read_timeout)
        while True:
            headers = {**self._c._headers, "Accept": "text/event-stream", **_user(self._user_id)}
            if self.last_event_id is not None:
                headers["Last-Event-ID"] = str(self.last_event_id)
            try:
                with self._c._http.stream("GET", self._c.base_url + "/v1/chat/stream",
                                          params={"thread_id": self.thread_id},
                                          headers=headers, timeout=timeout) as response:
                    self._response = response
                    if response.status_code != 200:
                        raise APIStatusError.from_response(response, response.read())
                    decoder = SSEDecoder()
                    for line in response.iter_lines():
                        frame = decoder.feed(line)
                        if frame is None:
                            continue
                        event = to_event(frame)
                        self.last_event_id = event.id
                        failures = 0
                        yield event
                        if ends(event, self._until_run, self._until_final):
                            return
            except (httpx.TransportError, httpx.StreamError) as exc:
                failures += 1
                if failures > self._reconnects:
                    raise APIConnectionError(f"chat stream lost: {exc}") from exc
                time.sleep(self._c.retry.delay(failures - 1, None))
            finally:
                self._response = None
