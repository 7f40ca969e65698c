from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlanObject")


@_attrs_define
class PlanObject:
    """An object of the organization the document leaves out."""

    kind: str
    """ The kind of object. """
    name: str
    """ Its name. """

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        name = self.name

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "name": name,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = d.pop("kind")

        name = d.pop("name")

        plan_object = cls(
            kind=kind,
            name=name,
        )

        return plan_object
