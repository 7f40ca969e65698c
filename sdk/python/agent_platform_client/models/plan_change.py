from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.plan_action import PlanAction
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.plan_field_change import PlanFieldChange


T = TypeVar("T", bound="PlanChange")


@_attrs_define
class PlanChange:
    """One object an apply creates, changes or deletes."""

    action: PlanAction
    """ What an apply does to one object. """
    kind: str
    """ The kind of object (`tool provider`, `tool`, `agent`, `network`, ...). """
    name: str
    """ Its name (a tool's `<provider>/<tool>`, a schedule's `<workflow>/<description>`). """
    fields: list[PlanFieldChange] | Unset = UNSET
    """ The fields an update changes. """

    def to_dict(self) -> dict[str, Any]:
        action = self.action.value

        kind = self.kind

        name = self.name

        fields: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.fields, Unset):
            fields = []
            for fields_item_data in self.fields:
                fields_item = fields_item_data.to_dict()
                fields.append(fields_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "action": action,
                "kind": kind,
                "name": name,
            }
        )
        if fields is not UNSET:
            field_dict["fields"] = fields

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.plan_field_change import PlanFieldChange

        d = dict(src_dict)
        action = PlanAction(d.pop("action"))

        kind = d.pop("kind")

        name = d.pop("name")

        _fields = d.pop("fields", UNSET)
        fields: list[PlanFieldChange] | Unset = UNSET
        if _fields is not UNSET:
            fields = []
            for fields_item_data in _fields:
                fields_item = PlanFieldChange.from_dict(fields_item_data)

                fields.append(fields_item)

        plan_change = cls(
            action=action,
            kind=kind,
            name=name,
            fields=fields,
        )

        return plan_change
