from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.plan_change import PlanChange
    from ..models.plan_deployment import PlanDeployment
    from ..models.plan_object import PlanObject
    from ..models.plan_placeholder import PlanPlaceholder
    from ..models.plan_problem import PlanProblem
    from ..models.plan_summary import PlanSummary


T = TypeVar("T", bound="OrganizationPlan")


@_attrs_define
class OrganizationPlan:
    """What applying a document would do."""

    revision: str
    """ The configuration revision planned against (an ETag; `If-Match` on apply). """
    changed: bool
    """ Whether an apply would change anything. """
    summary: PlanSummary
    """ Counts of a plan. """
    changes: list[PlanChange]
    """ Creates, updates and deletes, in the order an apply makes them per kind. """
    deployments: list[PlanDeployment]
    """ Deployments an apply with `deploy=true` makes. """
    unmanaged: list[PlanObject]
    """ Objects here the document leaves out, kept (without `prune`). """
    invalid: list[PlanProblem]
    """ Problems; an apply is refused while there is one. """
    placeholders: list[PlanPlaceholder]
    """ The document's placeholders and whether each has a value. """
    rebuilds: list[str] | Unset = UNSET
    """ Names of the agents an apply would rebuild (present when the plan is valid). """

    def to_dict(self) -> dict[str, Any]:
        revision = self.revision

        changed = self.changed

        summary = self.summary.to_dict()

        changes = []
        for changes_item_data in self.changes:
            changes_item = changes_item_data.to_dict()
            changes.append(changes_item)

        deployments = []
        for deployments_item_data in self.deployments:
            deployments_item = deployments_item_data.to_dict()
            deployments.append(deployments_item)

        unmanaged = []
        for unmanaged_item_data in self.unmanaged:
            unmanaged_item = unmanaged_item_data.to_dict()
            unmanaged.append(unmanaged_item)

        invalid = []
        for invalid_item_data in self.invalid:
            invalid_item = invalid_item_data.to_dict()
            invalid.append(invalid_item)

        placeholders = []
        for placeholders_item_data in self.placeholders:
            placeholders_item = placeholders_item_data.to_dict()
            placeholders.append(placeholders_item)

        rebuilds: list[str] | Unset = UNSET
        if not isinstance(self.rebuilds, Unset):
            rebuilds = self.rebuilds

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "revision": revision,
                "changed": changed,
                "summary": summary,
                "changes": changes,
                "deployments": deployments,
                "unmanaged": unmanaged,
                "invalid": invalid,
                "placeholders": placeholders,
            }
        )
        if rebuilds is not UNSET:
            field_dict["rebuilds"] = rebuilds

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.plan_change import PlanChange
        from ..models.plan_deployment import PlanDeployment
        from ..models.plan_object import PlanObject
        from ..models.plan_placeholder import PlanPlaceholder
        from ..models.plan_problem import PlanProblem
        from ..models.plan_summary import PlanSummary

        d = dict(src_dict)
        revision = d.pop("revision")

        changed = d.pop("changed")

        summary = PlanSummary.from_dict(d.pop("summary"))

        changes = []
        _changes = d.pop("changes")
        for changes_item_data in _changes:
            changes_item = PlanChange.from_dict(changes_item_data)

            changes.append(changes_item)

        deployments = []
        _deployments = d.pop("deployments")
        for deployments_item_data in _deployments:
            deployments_item = PlanDeployment.from_dict(deployments_item_data)

            deployments.append(deployments_item)

        unmanaged = []
        _unmanaged = d.pop("unmanaged")
        for unmanaged_item_data in _unmanaged:
            unmanaged_item = PlanObject.from_dict(unmanaged_item_data)

            unmanaged.append(unmanaged_item)

        invalid = []
        _invalid = d.pop("invalid")
        for invalid_item_data in _invalid:
            invalid_item = PlanProblem.from_dict(invalid_item_data)

            invalid.append(invalid_item)

        placeholders = []
        _placeholders = d.pop("placeholders")
        for placeholders_item_data in _placeholders:
            placeholders_item = PlanPlaceholder.from_dict(placeholders_item_data)

            placeholders.append(placeholders_item)

        rebuilds = cast(list[str], d.pop("rebuilds", UNSET))

        organization_plan = cls(
            revision=revision,
            changed=changed,
            summary=summary,
            changes=changes,
            deployments=deployments,
            unmanaged=unmanaged,
            invalid=invalid,
            placeholders=placeholders,
            rebuilds=rebuilds,
        )

        return organization_plan
