"""Made from `_resources_org.py` by `sdk/python/make_async.py` (edit that, then run it): the same
with `async`. `AsyncClient` is `Client` with `await`, `async for` and `async with`:

    async with AsyncClient(api_key="ap_...") as client:
        agent = (await client.agents.create(name="Helper")).agent
        async for each in client.agents.list():
            print(each.id)
        async for event in client.chat.stream(thread_id):
            ...
"""
from __future__ import annotations

import typing as t
from urllib.parse import quote

from agent_platform_client.models import (Group, GroupEnvelope, GroupList, Memory, MemoryBody,
                                          MemoryDeleted, MemoryList, PromptBlock,
                                          PromptBlockBody, PromptBlockDeleted, PromptBlockList,
                                          PromptBlockResult, User, UserEnvelope, UserList)

from ._base import Request
from ._pages import AsyncPager
from ._async_resources import Given, _if_match, _Resource, _user
from ._types import NOT_GIVEN, Id, body


class Users(_Resource):
    async def create(self, *, user_id: str, display_name: Given = NOT_GIVEN,
               group_id: Given = NOT_GIVEN, **extra: t.Any) -> UserEnvelope:
        return await self._c._call(Request("POST", "/v1/users", json=body(
            user_id=user_id, display_name=display_name, group_id=group_id, **extra)),
            UserEnvelope)

    async def get(self, user_id: str) -> UserEnvelope:
        return await self._c._call(Request("GET", f"/v1/users/{quote(user_id, safe='')}"), UserEnvelope)

    async def update(self, user_id: str, **fields: t.Any) -> UserEnvelope:
        return await self._c._call(Request("PATCH", f"/v1/users/{quote(user_id, safe='')}",
                                     json=body(**fields)), UserEnvelope)

    def list(self, *, group_id: str | None = None,
             limit: int | None = None) -> AsyncPager[UserList, User]:
        return self._pager("/v1/users", UserList, lambda p: p.users, {"group_id": group_id},
                           limit)


class Groups(_Resource):
    async def create(self, *, group_id: str, display_name: Given = NOT_GIVEN,
               spend_cap_usd: Given = NOT_GIVEN) -> GroupEnvelope:
        return await self._c._call(Request("POST", "/v1/groups", json=body(
            group_id=group_id, display_name=display_name, spend_cap_usd=spend_cap_usd)),
            GroupEnvelope)

    async def get(self, group_id: str) -> GroupEnvelope:
        return await self._c._call(Request("GET", f"/v1/groups/{quote(group_id, safe='')}"),
                             GroupEnvelope)

    async def update(self, group_id: str, **fields: t.Any) -> GroupEnvelope:
        return await self._c._call(Request("PATCH", f"/v1/groups/{quote(group_id, safe='')}",
                                     json=body(**fields)), GroupEnvelope)

    def list(self, *, limit: int | None = None) -> AsyncPager[GroupList, Group]:
        return self._pager("/v1/groups", GroupList, lambda p: p.groups, {}, limit)


class PromptBlocks(_Resource):
    async def create(self, *, name: str, text: str,
               description: Given = NOT_GIVEN) -> PromptBlockResult:
        return await self._c._call(Request("POST", "/v1/prompt-blocks", json=body(
            name=name, text=text, description=description)), PromptBlockResult)

    async def get(self, block_id: Id) -> PromptBlockBody:
        return await self._c._call(Request("GET", f"/v1/prompt-blocks/{block_id}"), PromptBlockBody)

    async def update(self, block_id: Id, *, if_match: str | None = None,
               **fields: t.Any) -> PromptBlockResult:
        return await self._c._call(Request("PATCH", f"/v1/prompt-blocks/{block_id}",
                                     json=body(**fields), headers=_if_match(if_match)),
                             PromptBlockResult)

    async def delete(self, block_id: Id) -> PromptBlockDeleted:
        return await self._c._call(Request("DELETE", f"/v1/prompt-blocks/{block_id}"),
                             PromptBlockDeleted)

    def list(self, *, limit: int | None = None) -> AsyncPager[PromptBlockList, PromptBlock]:
        return self._pager("/v1/prompt-blocks", PromptBlockList, lambda p: p.prompt_blocks,
                           {}, limit)


class Memories(_Resource):
    async def create(self, *, text: str, user_id: str | None = None) -> MemoryBody:
        return await self._c._call(Request("POST", "/v1/memories", json=body(text=text),
                                     headers=_user(user_id)), MemoryBody)

    async def get(self, memory_id: Id, *, user_id: str | None = None) -> MemoryBody:
        return await self._c._call(Request("GET", f"/v1/memories/{memory_id}",
                                     headers=_user(user_id)), MemoryBody)

    async def delete(self, memory_id: Id, *, user_id: str | None = None) -> MemoryDeleted:
        return await self._c._call(Request("DELETE", f"/v1/memories/{memory_id}",
                                     headers=_user(user_id)), MemoryDeleted)

    def list(self, *, q: str | None = None, user_id: str | None = None,
             limit: int | None = None) -> AsyncPager[MemoryList, Memory]:
        async def fetch(cursor: str | None) -> MemoryList:
            return await self._c._call(Request("GET", "/v1/memories", {
                "q": q, "limit": limit, "cursor": cursor}, headers=_user(user_id)), MemoryList)
        return AsyncPager(fetch, lambda p: p.memories)
