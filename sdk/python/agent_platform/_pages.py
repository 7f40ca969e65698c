"""Iterators over every page of a list: `for agent in client.agents.list(): ...`.

Every list of the API takes `limit` and `cursor` and answers `{<items>: [...], next_cursor}`.
A `Pager` fetches the first page when iterated, then the next one each time a page is used
up, until `next_cursor` is null. `pages()` yields the page objects themselves (the generated
`AgentList`, ...), `first_page()` fetches only one.
"""
from __future__ import annotations

import typing as t

P = t.TypeVar("P")
T = t.TypeVar("T")


class Pager(t.Generic[P, T]):
    def __init__(self, fetch: t.Callable[[str | None], P], items: t.Callable[[P], list[T]],
                 cursor: str | None = None) -> None:
        self._fetch, self._items, self._cursor = fetch, items, cursor

    def pages(self) -> t.Iterator[P]:
        cursor = self._cursor
        while True:
            page = self._fetch(cursor)
            yield page
            cursor = t.cast("str | None", getattr(page, "next_cursor", None))
            if not cursor:
                return

    def first_page(self) -> P:
        return self._fetch(self._cursor)

    def __iter__(self) -> t.Iterator[T]:
        for page in self.pages():
            yield from self._items(page)


class AsyncPager(t.Generic[P, T]):
    def __init__(self, fetch: t.Callable[[str | None], t.Awaitable[P]],
                 items: t.Callable[[P], list[T]], cursor: str | None = None) -> None:
        self._fetch, self._items, self._cursor = fetch, items, cursor

    async def pages(self) -> t.AsyncIterator[P]:
        cursor = self._cursor
        while True:
            page = await self._fetch(cursor)
            yield page
            cursor = t.cast("str | None", getattr(page, "next_cursor", None))
            if not cursor:
                return

    async def first_page(self) -> P:
        return await self._fetch(self._cursor)

    async def __aiter__(self) -> t.AsyncIterator[T]:
        async for page in self.pages():
            for item in self._items(page):
                yield item
