from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="KnowledgeBaseDeleted")


@_attrs_define
class KnowledgeBaseDeleted:
    deleted: UUID
    """ The id of the deleted knowledge base. """

    def to_dict(self) -> dict[str, Any]:
        deleted = str(self.deleted)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "deleted": deleted,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        deleted = UUID(d.pop("deleted"))

        knowledge_base_deleted = cls(
            deleted=deleted,
        )

        return knowledge_base_deleted
