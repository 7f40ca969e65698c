from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.thread import Thread


T = TypeVar("T", bound="ThreadBody")


@_attrs_define
class ThreadBody:
    thread: Thread

    def to_dict(self) -> dict[str, Any]:
        thread = self.thread.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "thread": thread,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.thread import Thread

        d = dict(src_dict)
        thread = Thread.from_dict(d.pop("thread"))

        thread_body = cls(
            thread=thread,
        )

        return thread_body
