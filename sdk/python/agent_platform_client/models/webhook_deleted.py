from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="WebhookDeleted")


@_attrs_define
class WebhookDeleted:
    deleted: UUID
    """ The deleted endpoint's id. """

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

        webhook_deleted = cls(
            deleted=deleted,
        )

        return webhook_deleted
