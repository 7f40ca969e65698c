from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.exposure_target_type import ExposureTargetType

T = TypeVar("T", bound="ExposureTarget")


@_attrs_define
class ExposureTarget:
    """What is exposed."""

    type_: ExposureTargetType
    id: UUID
    """ The target's id. """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        id = str(self.id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = ExposureTargetType(d.pop("type"))

        id = UUID(d.pop("id"))

        exposure_target = cls(
            type_=type_,
            id=id,
        )

        return exposure_target
