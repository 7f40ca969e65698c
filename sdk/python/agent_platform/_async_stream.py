"""Made from `_stream.py` by `sdk/python/make_async.py` (edit that, then run it): the same
with `async`. `AsyncClient` is `Client` with `await`, `async for` and `async with`:

    async with AsyncClient(api_key="ap_...") as client:
        agent = (await client.agents.create(name="Helper")).agent
        async for each in client.agents.list():
            print(each.id)
        async for event in client.chat.stream(thread_id):
            ...
"""
from __future__ import annotations

import asyncio
import typing as t

import httpx

from ._errors import APIConnectionError, APIStatusError
from ._events import ChatEvent, SSEDecoder, ends, to_event

if t.TYPE_CHECKING:
    from ._async_client import AsyncClient


def _user(user_id: str | None) -> dict[str, str]:
    return {"X-User-Id": user_id} if user_id else {}


class AsyncChatStream:
    """Iterates the events of `GET /v1/chat/stream` as they come, every kind typed
    (`agent_platform.ChatEvent`), until the turn's final event (`run.completed`, `run.failed`,
    `run.cancelled`), or that of `until_run`, or forever with `until_final=False`. A dropped
    connection is resumed with `Last-Event-ID` (no event lost or repeated), `reconnects` times
    in a row at most. `approval.requested` is an event like any other: the run waits and the
    stream stays open, so decide (`client.runs.decide_approval`) and keep iterating.
    `last_event_id` is the id of the last event yielded."""

    def __init__(self, client: AsyncClient, thread_id: str, *, last_event_id: int | None,
                 until_run: str | None, until_final: bool, user_id: str | None,
                 reconnects: int, read_timeout: float) -> None:
        self._c, self.thread_id, self.last_event_id = client, thread_id, last_event_id
        self._until_run, self._until_final, self._user_id = until_run, until_final, user_id
        self._reconnects, self._read_timeout = reconnects, read_timeout
        self._response: httpx.Response | None = None

    async def __aenter__(self) -> AsyncChatStream:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        if self._response is not None:
            await self._response.aclose()

    async def __aiter__(self) -> t.AsyncIterator[ChatEvent]:
        failures = 0
        timeout = httpx.Timeout(10.0, read=self._read_timeout)
        while True:
            headers = {**self._c._headers, "Accept": "text/event-stream", **_user(self._user_id)}
            if self.last_event_id is not None:
                headers["Last-Event-ID"] = str(self.last_event_id)
            try:
                async with self._c._http.stream("GET", self._c.base_url + "/v1/chat/stream",
                                          params={"thread_id": self.thread_id},
                                          headers=headers, timeout=timeout) as response:
                    self._response = response
                    if response.status_code != 200:
                        raise APIStatusError.from_response(response, await response.aread())
                    decoder = SSEDecoder()
                    async for line in response.aiter_lines():
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
                await asyncio.sleep(self._c.retry.delay(failures - 1, None))
            finally:
                self._response = None
