from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.exposure import Exposure


T = TypeVar("T", bound="ExposureList")


@_attrs_define
class ExposureList:
    exposures: list[Exposure]
    """ The exposures of this page. """
    next_cursor: None | str
    """ Pass as `cursor` to get the next page; null on the last page. """

    def to_dict(self) -> dict[str, Any]:
        exposures = []
        for exposures_item_data in self.exposures:
            exposures_item = exposures_item_data.to_dict()
            exposures.append(exposures_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "exposures": exposures,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.exposure import Exposure

        d = dict(src_dict)
        exposures = []
        _exposures = d.pop("exposures")
        for exposures_item_data in _exposures:
            exposures_item = Exposure.from_dict(exposures_item_data)

            exposures.append(exposures_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        exposure_list = cls(
            exposures=exposures,
            next_cursor=next_cursor,
        )

        return exposure_list
