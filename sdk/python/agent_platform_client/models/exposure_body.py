from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.exposure import Exposure


T = TypeVar("T", bound="ExposureBody")


@_attrs_define
class ExposureBody:
    exposure: Exposure

    def to_dict(self) -> dict[str, Any]:
        exposure = self.exposure.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "exposure": exposure,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.exposure import Exposure

        d = dict(src_dict)
        exposure = Exposure.from_dict(d.pop("exposure"))

        exposure_body = cls(
            exposure=exposure,
        )

        return exposure_body
