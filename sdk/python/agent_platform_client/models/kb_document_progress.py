from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="KbDocumentProgress")


@_attrs_define
class KbDocumentProgress:
    """How far processing got."""

    chunks: int
    """ Chunks the document was cut into. """
    embedded: int
    """ Chunks embedded so far. """

    def to_dict(self) -> dict[str, Any]:
        chunks = self.chunks

        embedded = self.embedded

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "chunks": chunks,
                "embedded": embedded,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        chunks = d.pop("chunks")

        embedded = d.pop("embedded")

        kb_document_progress = cls(
            chunks=chunks,
            embedded=embedded,
        )

        return kb_document_progress
