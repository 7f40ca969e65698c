from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="Citation")


@_attrs_define
class Citation:
    """A passage `search_knowledge` found (`source` numbers it in the tool's output)."""

    source: int
    """ The passage's number in the output. """
    document_id: UUID
    """ The document. """
    document_name: str
    """ The document's name. """
    knowledge_base_id: UUID
    """ Its knowledge base. """
    position: int
    """ The chunk's place in the document. """
    score: float
    """ Cosine similarity to the query. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        source = self.source

        document_id = str(self.document_id)

        document_name = self.document_name

        knowledge_base_id = str(self.knowledge_base_id)

        position = self.position

        score = self.score

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "source": source,
                "document_id": document_id,
                "document_name": document_name,
                "knowledge_base_id": knowledge_base_id,
                "position": position,
                "score": score,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        source = d.pop("source")

        document_id = UUID(d.pop("document_id"))

        document_name = d.pop("document_name")

        knowledge_base_id = UUID(d.pop("knowledge_base_id"))

        position = d.pop("position")

        score = d.pop("score")

        citation = cls(
            source=source,
            document_id=document_id,
            document_name=document_name,
            knowledge_base_id=knowledge_base_id,
            position=position,
            score=score,
        )

        citation.additional_properties = d
        return citation

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
