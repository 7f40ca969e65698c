from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="MemoryDeleted")


@_attrs_define
class MemoryDeleted:
    """The id of a forgotten memory."""

    deleted: UUID
    """ The id of the deleted memory. """

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

        memory_deleted = cls(
            deleted=deleted,
        )

        return memory_deleted
