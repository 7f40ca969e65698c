"""The namespaces of an organization's people and texts: `client.users`, `client.groups`,
`client.prompt_blocks`, `client.memories` (see `_resources.py`)."""
from __future__ import annotations

import typing as t
from urllib.parse import quote

from agent_platform_client.models import (Group, GroupEnvelope, GroupList, Memory, MemoryBody,
                                          MemoryDeleted, MemoryList, PromptBlock,
                                          PromptBlockBody, PromptBlockDeleted, PromptBlockList,
                                          PromptBlockResult, User, UserEnvelope, UserList)

from ._base import Request
from ._pages import Pager
from ._resources import Given, _if_match, _Resource, _user
from ._types import NOT_GIVEN, Id, body


class Users(_Resource):
    def create(self, *, user_id: str, display_name: Given = NOT_GIVEN,
               group_id: Given = NOT_GIVEN, **extra: t.Any) -> UserEnvelope:
        return self._c._call(Request("POST", "/v1/users", json=body(
            user_id=user_id, display_name=display_name, group_id=group_id, **extra)),
            UserEnvelope)

    def get(self, user_id: str) -> UserEnvelope:
        return self._c._call(Request("GET", f"/v1/users/{quote(user_id, safe='')}"), UserEnvelope)

    def update(self, user_id: str, **fields: t.Any) -> UserEnvelope:
        return self._c._call(Request("PATCH", f"/v1/users/{quote(user_id, safe='')}",
                                     json=body(**fields)), UserEnvelope)

    def list(self, *, group_id: str | None = None,
             limit: int | None = None) -> Pager[UserList, User]:
        return self._pager("/v1/users", UserList, lambda p: p.users, {"group_id": group_id},
                           limit)


class Groups(_Resource):
    def create(self, *, group_id: str, display_name: Given = NOT_GIVEN,
               spend_cap_usd: Given = NOT_GIVEN) -> GroupEnvelope:
        return self._c._call(Request("POST", "/v1/groups", json=body(
            group_id=group_id, display_name=display_name, spend_cap_usd=spend_cap_usd)),
            GroupEnvelope)

    def get(self, group_id: str) -> GroupEnvelope:
        return self._c._call(Request("GET", f"/v1/groups/{quote(group_id, safe='')}"),
                             GroupEnvelope)

    def update(self, group_id: str, **fields: t.Any) -> GroupEnvelope:
        return self._c._call(Request("PATCH", f"/v1/groups/{quote(group_id, safe='')}",
                                     json=body(**fields)), GroupEnvelope)

    def list(self, *, limit: int | None = None) -> Pager[GroupList, Group]:
        return self._pager("/v1/groups", GroupList, lambda p: p.groups, {}, limit)


class PromptBlocks(_Resource):
    def create(self, *, name: str, text: str,
               description: Given = NOT_GIVEN) -> PromptBlockResult:
        return self._c._call(Request("POST", "/v1/prompt-blocks", json=body(
            name=name, text=text, description=description)), PromptBlockResult)

    def get(self, block_id: Id) -> PromptBlockBody:
        return self._c._call(Request("GET", f"/v1/prompt-blocks/{block_id}"), PromptBlockBody)

    def update(self, block_id: Id, *, if_match: str | None = None,
               **fields: t.Any) -> PromptBlockResult:
        return self._c._call(Request("PATCH", f"/v1/prompt-blocks/{block_id}",
                                     json=body(**fields), headers=_if_match(if_match)),
                             PromptBlockResult)

    def delete(self, block_id: Id) -> PromptBlockDeleted:
        return self._c._call(Request("DELETE", f"/v1/prompt-blocks/{block_id}"),
                             PromptBlockDeleted)

    def list(self, *, limit: int | None = None) -> Pager[PromptBlockList, PromptBlock]:
        return self._pager("/v1/prompt-blocks", PromptBlockList, lambda p: p.prompt_blocks,
                           {}, limit)


class Memories(_Resource):
    def create(self, *, text: str, user_id: str | None = None) -> MemoryBody:
        return self._c._call(Request("POST", "/v1/memories", json=body(text=text),
                                     headers=_user(user_id)), MemoryBody)

    def get(self, memory_id: Id, *, user_id: str | None = None) -> MemoryBody:
        return self._c._call(Request("GET", f"/v1/memories/{memory_id}",
                                     headers=_user(user_id)), MemoryBody)

    def delete(self, memory_id: Id, *, user_id: str | None = None) -> MemoryDeleted:
        return self._c._call(Request("DELETE", f"/v1/memories/{memory_id}",
                                     headers=_user(user_id)), MemoryDeleted)

    def list(self, *, q: str | None = None, user_id: str | None = None,
             limit: int | None = None) -> Pager[MemoryList, Memory]:
        def fetch(cursor: str | None) -> MemoryList:
            return self._c._call(Request("GET", "/v1/memories", {
                "q": q, "limit": limit, "cursor": cursor}, headers=_user(user_id)), MemoryList)
        return Pager(fetch, lambda p: p.memories)
