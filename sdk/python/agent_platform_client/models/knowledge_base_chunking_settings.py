from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="KnowledgeBaseChunkingSettings")


@_attrs_define
class KnowledgeBaseChunkingSettings:
    """How its documents are cut."""

    size: int
    """ Most characters in a chunk. """
    overlap: int
    """ Characters repeated after a cut. """

    def to_dict(self) -> dict[str, Any]:
        size = self.size

        overlap = self.overlap

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "size": size,
                "overlap": overlap,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        size = d.pop("size")

        overlap = d.pop("overlap")

        knowledge_base_chunking_settings = cls(
            size=size,
            overlap=overlap,
        )

        return knowledge_base_chunking_settings
