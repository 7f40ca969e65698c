from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.knowledge_base import KnowledgeBase


T = TypeVar("T", bound="KnowledgeBaseBody")


@_attrs_define
class KnowledgeBaseBody:
    knowledge_base: KnowledgeBase

    def to_dict(self) -> dict[str, Any]:
        knowledge_base = self.knowledge_base.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "knowledge_base": knowledge_base,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.knowledge_base import KnowledgeBase

        d = dict(src_dict)
        knowledge_base = KnowledgeBase.from_dict(d.pop("knowledge_base"))

        knowledge_base_body = cls(
            knowledge_base=knowledge_base,
        )

        return knowledge_base_body
