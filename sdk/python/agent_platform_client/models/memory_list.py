from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.memory_search_mode import MemorySearchMode
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.memory import Memory


T = TypeVar("T", bound="MemoryList")


@_attrs_define
class MemoryList:
    memories: list[Memory]
    """ The memories of this page (newest first, or best matches first with `q`). """
    next_cursor: None | str
    """ Pass as `cursor` to get the next page; null on the last page. """
    mode: MemorySearchMode | Unset = UNSET
    """ `keyword` (full-text), `semantic` (by meaning, the organization's embeddings model) or `hybrid` (both
    rankings fused by reciprocal rank). """

    def to_dict(self) -> dict[str, Any]:
        memories = []
        for memories_item_data in self.memories:
            memories_item = memories_item_data.to_dict()
            memories.append(memories_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        mode: str | Unset = UNSET
        if not isinstance(self.mode, Unset):
            mode = self.mode.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "memories": memories,
                "next_cursor": next_cursor,
            }
        )
        if mode is not UNSET:
            field_dict["mode"] = mode

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.memory import Memory

        d = dict(src_dict)
        memories = []
        _memories = d.pop("memories")
        for memories_item_data in _memories:
            memories_item = Memory.from_dict(memories_item_data)

            memories.append(memories_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        _mode = d.pop("mode", UNSET)
        mode: MemorySearchMode | Unset
        if isinstance(_mode, Unset):
            mode = UNSET
        else:
            mode = MemorySearchMode(_mode)

        memory_list = cls(
            memories=memories,
            next_cursor=next_cursor,
            mode=mode,
        )

        return memory_list
