from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlanProblem")


@_attrs_define
class PlanProblem:
    """Something in the document an apply would refuse."""

    kind: str
    """ The kind of object. """
    name: str
    """ Its name (`*`: the kind as a whole). """
    code: str
    """ A stable code (`tool_not_found`, `placeholder_missing`, the API's own codes, ...). """
    detail: str
    """ What is wrong. """
    field: str | Unset = UNSET
    """ The field at fault, when one is. """

    def to_dict(self) -> dict[str, Any]:
        kind = self.kind

        name = self.name

        code = self.code

        detail = self.detail

        field = self.field

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "kind": kind,
                "name": name,
                "code": code,
                "detail": detail,
            }
        )
        if field is not UNSET:
            field_dict["field"] = field

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        kind = d.pop("kind")

        name = d.pop("name")

        code = d.pop("code")

        detail = d.pop("detail")

        field = d.pop("field", UNSET)

        plan_problem = cls(
            kind=kind,
            name=name,
            code=code,
            detail=detail,
            field=field,
        )

        return plan_problem
