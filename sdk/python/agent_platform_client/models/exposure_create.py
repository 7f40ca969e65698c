from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.exposure_target import ExposureTarget


T = TypeVar("T", bound="ExposureCreate")


@_attrs_define
class ExposureCreate:
    target: ExposureTarget
    """ What is exposed. """
    name: str
    """ The MCP tool name, unique in the organization. """
    description: None | str | Unset = UNSET
    """ What the tool does (its MCP description and the A2A card's). """

    def to_dict(self) -> dict[str, Any]:
        target = self.target.to_dict()

        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "target": target,
                "name": name,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.exposure_target import ExposureTarget

        d = dict(src_dict)
        target = ExposureTarget.from_dict(d.pop("target"))

        name = d.pop("name")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        exposure_create = cls(
            target=target,
            name=name,
            description=description,
        )

        return exposure_create
