from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.kb_ref import KbRef


T = TypeVar("T", bound="KbSearchHit")


@_attrs_define
class KbSearchHit:
    text: str
    """ The chunk's text. """
    score: float
    """ Cosine similarity to the query (higher is nearer). """
    position: int
    """ The chunk's place in its document (0 first). """
    document: KbRef
    """ A document or knowledge base, by id and name. """
    knowledge_base: KbRef
    """ A document or knowledge base, by id and name. """

    def to_dict(self) -> dict[str, Any]:
        text = self.text

        score = self.score

        position = self.position

        document = self.document.to_dict()

        knowledge_base = self.knowledge_base.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "text": text,
                "score": score,
                "position": position,
                "document": document,
                "knowledge_base": knowledge_base,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.kb_ref import KbRef

        d = dict(src_dict)
        text = d.pop("text")

        score = d.pop("score")

        position = d.pop("position")

        document = KbRef.from_dict(d.pop("document"))

        knowledge_base = KbRef.from_dict(d.pop("knowledge_base"))

        kb_search_hit = cls(
            text=text,
            score=score,
            position=position,
            document=document,
            knowledge_base=knowledge_base,
        )

        return kb_search_hit
