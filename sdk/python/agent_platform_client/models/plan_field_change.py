from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PlanFieldChange")


@_attrs_define
class PlanFieldChange:
    """One field an update changes; a credential shows neither value."""

    field: str
    """ The field (nested ones dotted: `model.temperature`). """
    from_: Any | Unset = UNSET
    """ The value now (absent for a credential). """
    to: Any | Unset = UNSET
    """ The value after the apply (absent for a credential). """
    secret: bool | Unset = UNSET
    """ The field is a credential whose value changes. """

    def to_dict(self) -> dict[str, Any]:
        field = self.field

        from_ = self.from_

        to = self.to

        secret = self.secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "field": field,
            }
        )
        if from_ is not UNSET:
            field_dict["from"] = from_
        if to is not UNSET:
            field_dict["to"] = to
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        field = d.pop("field")

        from_ = d.pop("from", UNSET)

        to = d.pop("to", UNSET)

        secret = d.pop("secret", UNSET)

        plan_field_change = cls(
            field=field,
            from_=from_,
            to=to,
            secret=secret,
        )

        return plan_field_change
