from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="KnowledgeBaseChunking")


@_attrs_define
class KnowledgeBaseChunking:
    """How documents are cut into chunks."""

    size: int | Unset = UNSET
    """ Most characters in a chunk (default 1000). """
    overlap: int | Unset = UNSET
    """ Characters of a cut paragraph repeated at the start of the next chunk (default 200; smaller than `size`,
    else 409 `invalid_chunking`). """

    def to_dict(self) -> dict[str, Any]:
        size = self.size

        overlap = self.overlap

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if size is not UNSET:
            field_dict["size"] = size
        if overlap is not UNSET:
            field_dict["overlap"] = overlap

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        size = d.pop("size", UNSET)

        overlap = d.pop("overlap", UNSET)

        knowledge_base_chunking = cls(
            size=size,
            overlap=overlap,
        )

        return knowledge_base_chunking
