from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.kb_text_type import KbTextType

T = TypeVar("T", bound="KbDocumentCreate")


@_attrs_define
class KbDocumentCreate:
    name: str
    """ The document's name; the name of a current document replaces it. """
    content: str
    """ The text (plain, Markdown or HTML). """
    content_type: KbTextType
    """ The type of a document sent as text (plain, Markdown or HTML). """

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        content = self.content

        content_type = self.content_type.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "content": content,
                "content_type": content_type,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        content = d.pop("content")

        content_type = KbTextType(d.pop("content_type"))

        kb_document_create = cls(
            name=name,
            content=content,
            content_type=content_type,
        )

        return kb_document_create
