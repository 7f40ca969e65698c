from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="PlanSummary")


@_attrs_define
class PlanSummary:
    """Counts of a plan."""

    create: int
    """ Objects created. """
    update: int
    """ Objects changed. """
    delete: int
    """ Objects deleted. """
    deploy: int
    """ Deployments made. """
    invalid: int
    """ Problems found. """

    def to_dict(self) -> dict[str, Any]:
        create = self.create

        update = self.update

        delete = self.delete

        deploy = self.deploy

        invalid = self.invalid

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "create": create,
                "update": update,
                "delete": delete,
                "deploy": deploy,
                "invalid": invalid,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        create = d.pop("create")

        update = d.pop("update")

        delete = d.pop("delete")

        deploy = d.pop("deploy")

        invalid = d.pop("invalid")

        plan_summary = cls(
            create=create,
            update=update,
            delete=delete,
            deploy=deploy,
            invalid=invalid,
        )

        return plan_summary
