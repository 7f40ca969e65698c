"""Made from `_client.py` by `sdk/python/make_async.py` (edit that, then run it): the same
with `async`. `AsyncClient` is `Client` with `await`, `async for` and `async with`:

    async with AsyncClient(api_key="ap_...") as client:
        agent = (await client.agents.create(name="Helper")).agent
        async for each in client.agents.list():
            print(each.id)
        async for event in client.chat.stream(thread_id):
            ...
"""
from __future__ import annotations

import os
import asyncio
import typing as t

import httpx

from . import _base
from ._base import Request, RetryPolicy
from ._errors import APIStatusError
from ._async_resources import (Agents, Chat, Copilots, Messages, OrganizationResource, Runs,
                         Sessions, Threads, ToolProviders, Tools, WorkflowRuns,
                         WorkflowSchedules, Workflows)
from ._async_resources_org import Groups, Memories, PromptBlocks, Users
from ._types import M, Tagged


class AsyncClient:
    """The API over HTTP. `api_key` is an organization API key (`ap_...`) or a session
    token (`st_...`); `user_id` sets `X-User-Id` on every request (an API key acting for an
    end user). Environment defaults: `AGENT_PLATFORM_API_KEY`, `AGENT_PLATFORM_BASE_URL`."""

    def __init__(self, api_key: str | None = None, *, base_url: str | None = None,
                 user_id: str | None = None, organization_id: str | None = None,
                 timeout: float | httpx.Timeout = _base.DEFAULT_TIMEOUT, max_retries: int = 2,
                 retry: RetryPolicy | None = None,
                 http_client: httpx.AsyncClient | None = None) -> None:
        self.api_key = api_key if api_key is not None else os.environ.get("AGENT_PLATFORM_API_KEY")
        self.base_url = (base_url or os.environ.get("AGENT_PLATFORM_BASE_URL")
                         or _base.DEFAULT_BASE_URL).rstrip("/")
        self.retry = retry or RetryPolicy(max_retries=max_retries)
        self._http = http_client or httpx.AsyncClient(timeout=timeout)
        self._headers = _base.client_headers(self.api_key, user_id, organization_id)
        self.organization = OrganizationResource(self)
        self.tool_providers = ToolProviders(self)
        self.tools = Tools(self)
        self.agents = Agents(self)
        self.copilots = Copilots(self)
        self.sessions = Sessions(self)
        self.chat = Chat(self)
        self.threads = Threads(self)
        self.messages = Messages(self)
        self.runs = Runs(self)
        self.workflows = Workflows(self)
        self.workflow_runs = WorkflowRuns(self)
        self.workflow_schedules = WorkflowSchedules(self)
        self.users = Users(self)
        self.groups = Groups(self)
        self.prompt_blocks = PromptBlocks(self)
        self.memories = Memories(self)

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def close(self) -> None:
        await self._http.aclose()

    async def request(self, method: str, path: str, cast_to: type[M], *,
                params: dict[str, t.Any] | None = None, json: t.Any = None,
                headers: dict[str, str] | None = None) -> M:
        """Any operation: its answer parsed into `cast_to` (a generated model)."""
        return await self._call(Request(method, path, params or {}, json, headers or {}), cast_to)

    async def _call(self, request: Request, cast_to: type[M]) -> M:
        return cast_to.from_dict((await self._send(request)).json())

    async def _tagged(self, path: str, cast_to: type[M]) -> Tagged[M]:
        response = await self._send(Request("GET", path))
        return Tagged(cast_to.from_dict(response.json()), response.headers.get("etag"))

    async def _send(self, request: Request) -> httpx.Response:
        """One call with its retries; the same Idempotency-Key on every attempt."""
        prepared = request.prepared(None)
        attempt = 0
        while True:
            try:
                response = await self._http.request(
                    prepared.method, self.base_url + prepared.path, params=prepared.params,
                    json=prepared.json, headers={**self._headers, **prepared.headers})
            except httpx.TransportError as exc:
                if attempt >= self.retry.max_retries:
                    raise _base.connection_error(exc) from exc
                await asyncio.sleep(self.retry.delay(attempt, None))
                attempt += 1
                continue
            if response.status_code < 400:
                return response
            if attempt < self.retry.max_retries and _base.should_retry(response, self.retry):
                await asyncio.sleep(self.retry.delay(attempt, response))
                attempt += 1
                continue
            raise APIStatusError.from_response(response)
