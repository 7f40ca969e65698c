from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.kb_document import KbDocument


T = TypeVar("T", bound="KbDocumentList")


@_attrs_define
class KbDocumentList:
    documents: list[KbDocument]
    """ The documents of this page, oldest first. """
    next_cursor: None | str
    """ Pass as `cursor` to get the next page; null on the last page. """

    def to_dict(self) -> dict[str, Any]:
        documents = []
        for documents_item_data in self.documents:
            documents_item = documents_item_data.to_dict()
            documents.append(documents_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "documents": documents,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.kb_document import KbDocument

        d = dict(src_dict)
        documents = []
        _documents = d.pop("documents")
        for documents_item_data in _documents:
            documents_item = KbDocument.from_dict(documents_item_data)

            documents.append(documents_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        kb_document_list = cls(
            documents=documents,
            next_cursor=next_cursor,
        )

        return kb_document_list
