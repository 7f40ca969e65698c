from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.knowledge_base_chunking_settings import KnowledgeBaseChunkingSettings


T = TypeVar("T", bound="KnowledgeBase")


@_attrs_define
class KnowledgeBase:
    id: UUID
    """ The knowledge base's id. """
    name: str
    """ Its name. """
    description: None | str
    """ What it holds. """
    chunking: KnowledgeBaseChunkingSettings
    """ How its documents are cut. """
    documents: int
    """ Current documents. """
    chunks: int
    """ Chunks of the current documents. """
    created_at: datetime.datetime
    """ When it was created. """
    updated_at: datetime.datetime
    """ When it last changed. """

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        description: None | str
        description = self.description

        chunking = self.chunking.to_dict()

        documents = self.documents

        chunks = self.chunks

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "chunking": chunking,
                "documents": documents,
                "chunks": chunks,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.knowledge_base_chunking_settings import (
            KnowledgeBaseChunkingSettings,
        )

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        chunking = KnowledgeBaseChunkingSettings.from_dict(d.pop("chunking"))

        documents = d.pop("documents")

        chunks = d.pop("chunks")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        knowledge_base = cls(
            id=id,
            name=name,
            description=description,
            chunking=chunking,
            documents=documents,
            chunks=chunks,
            created_at=created_at,
            updated_at=updated_at,
        )

        return knowledge_base
