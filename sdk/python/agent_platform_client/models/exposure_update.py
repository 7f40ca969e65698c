from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.exposure_target import ExposureTarget


T = TypeVar("T", bound="ExposureUpdate")


@_attrs_define
class ExposureUpdate:
    target: ExposureTarget | Unset = UNSET
    """ What is exposed. """
    name: str | Unset = UNSET
    """ The MCP tool name, unique in the organization. """
    description: None | str | Unset = UNSET
    """ What the tool does. """

    def to_dict(self) -> dict[str, Any]:
        target: dict[str, Any] | Unset = UNSET
        if not isinstance(self.target, Unset):
            target = self.target.to_dict()

        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if target is not UNSET:
            field_dict["target"] = target
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.exposure_target import ExposureTarget

        d = dict(src_dict)
        _target = d.pop("target", UNSET)
        target: ExposureTarget | Unset
        if isinstance(_target, Unset):
            target = UNSET
        else:
            target = ExposureTarget.from_dict(_target)

        name = d.pop("name", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        exposure_update = cls(
            target=target,
            name=name,
            description=description,
        )

        return exposure_update
