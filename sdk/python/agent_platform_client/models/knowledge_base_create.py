from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.knowledge_base_chunking import KnowledgeBaseChunking


T = TypeVar("T", bound="KnowledgeBaseCreate")


@_attrs_define
class KnowledgeBaseCreate:
    name: str
    """ The name, unique in the organization. """
    description: None | str | Unset = UNSET
    """ What it holds. """
    chunking: KnowledgeBaseChunking | Unset = UNSET
    """ How documents are cut into chunks. """

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        chunking: dict[str, Any] | Unset = UNSET
        if not isinstance(self.chunking, Unset):
            chunking = self.chunking.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if chunking is not UNSET:
            field_dict["chunking"] = chunking

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.knowledge_base_chunking import KnowledgeBaseChunking

        d = dict(src_dict)
        name = d.pop("name")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _chunking = d.pop("chunking", UNSET)
        chunking: KnowledgeBaseChunking | Unset
        if isinstance(_chunking, Unset):
            chunking = UNSET
        else:
            chunking = KnowledgeBaseChunking.from_dict(_chunking)

        knowledge_base_create = cls(
            name=name,
            description=description,
            chunking=chunking,
        )

        return knowledge_base_create
