from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.kb_document import KbDocument


T = TypeVar("T", bound="KbDocumentBody")


@_attrs_define
class KbDocumentBody:
    document: KbDocument

    def to_dict(self) -> dict[str, Any]:
        document = self.document.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "document": document,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.kb_document import KbDocument

        d = dict(src_dict)
        document = KbDocument.from_dict(d.pop("document"))

        kb_document_body = cls(
            document=document,
        )

        return kb_document_body
