from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.memory import Memory


T = TypeVar("T", bound="MemoryBody")


@_attrs_define
class MemoryBody:
    memory: Memory

    def to_dict(self) -> dict[str, Any]:
        memory = self.memory.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "memory": memory,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.memory import Memory

        d = dict(src_dict)
        memory = Memory.from_dict(d.pop("memory"))

        memory_body = cls(
            memory=memory,
        )

        return memory_body
