from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.knowledge_base import KnowledgeBase


T = TypeVar("T", bound="KnowledgeBaseList")


@_attrs_define
class KnowledgeBaseList:
    knowledge_bases: list[KnowledgeBase]
    """ The knowledge bases of this page, oldest first. """
    next_cursor: None | str
    """ Pass as `cursor` to get the next page; null on the last page. """

    def to_dict(self) -> dict[str, Any]:
        knowledge_bases = []
        for knowledge_bases_item_data in self.knowledge_bases:
            knowledge_bases_item = knowledge_bases_item_data.to_dict()
            knowledge_bases.append(knowledge_bases_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "knowledge_bases": knowledge_bases,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.knowledge_base import KnowledgeBase

        d = dict(src_dict)
        knowledge_bases = []
        _knowledge_bases = d.pop("knowledge_bases")
        for knowledge_bases_item_data in _knowledge_bases:
            knowledge_bases_item = KnowledgeBase.from_dict(knowledge_bases_item_data)

            knowledge_bases.append(knowledge_bases_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        knowledge_base_list = cls(
            knowledge_bases=knowledge_bases,
            next_cursor=next_cursor,
        )

        return knowledge_base_list
