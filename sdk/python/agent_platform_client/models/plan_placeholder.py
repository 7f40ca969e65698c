from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.placeholder_status import PlaceholderStatus

T = TypeVar("T", bound="PlanPlaceholder")


@_attrs_define
class PlanPlaceholder:
    """A `${NAME}` placeholder of the document."""

    name: str
    """ The placeholder's name. """
    kind: str
    """ The kind of object holding it. """
    object_: str
    """ The object holding it. """
    field: str
    """ The field (`auth.token`, `mcp.headers.Authorization`, ...). """
    status: PlaceholderStatus
    """ `supplied`: the request gives its value; `stored`: the value stored here is kept; `missing`: neither (the
    apply is refused). """

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        kind = self.kind

        object_ = self.object_

        field = self.field

        status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "kind": kind,
                "object": object_,
                "field": field,
                "status": status,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        kind = d.pop("kind")

        object_ = d.pop("object")

        field = d.pop("field")

        status = PlaceholderStatus(d.pop("status"))

        plan_placeholder = cls(
            name=name,
            kind=kind,
            object_=object_,
            field=field,
            status=status,
        )

        return plan_placeholder
