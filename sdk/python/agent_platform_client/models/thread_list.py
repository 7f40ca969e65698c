from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.thread import Thread


T = TypeVar("T", bound="ThreadList")


@_attrs_define
class ThreadList:
    threads: list[Thread]
    """ The threads of this page. """
    next_cursor: None | str
    """ Pass as `cursor` to get the next page; null on the last page. """

    def to_dict(self) -> dict[str, Any]:
        threads = []
        for threads_item_data in self.threads:
            threads_item = threads_item_data.to_dict()
            threads.append(threads_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "threads": threads,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.thread import Thread

        d = dict(src_dict)
        threads = []
        _threads = d.pop("threads")
        for threads_item_data in _threads:
            threads_item = Thread.from_dict(threads_item_data)

            threads.append(threads_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        thread_list = cls(
            threads=threads,
            next_cursor=next_cursor,
        )

        return thread_list
