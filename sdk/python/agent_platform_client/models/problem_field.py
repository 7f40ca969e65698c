from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="ProblemField")


@_attrs_define
class ProblemField:
    """One invalid field of a request (an item of a problem's `errors`)."""

    location: str
    """ Where the field is: `body`, `query`, `path`, `header` or `cookie` (an open list: clients accept other
    values). """
    path: str
    """ The JSON path of a body field (`$.steps[0].ref`), or the parameter's name. """
    message: str
    """ The rule the value breaks (never the value itself). """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        location = self.location

        path = self.path

        message = self.message

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "location": location,
                "path": path,
                "message": message,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        location = d.pop("location")

        path = d.pop("path")

        message = d.pop("message")

        problem_field = cls(
            location=location,
            path=path,
            message=message,
        )

        problem_field.additional_properties = d
        return problem_field

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
