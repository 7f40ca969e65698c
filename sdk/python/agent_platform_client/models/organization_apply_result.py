from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.plan_change import PlanChange
    from ..models.plan_deployment import PlanDeployment
    from ..models.plan_object import PlanObject
    from ..models.plan_placeholder import PlanPlaceholder
    from ..models.plan_problem import PlanProblem
    from ..models.plan_summary import PlanSummary
    from ..models.rebuild import Rebuild


T = TypeVar("T", bound="OrganizationApplyResult")


@_attrs_define
class OrganizationApplyResult:
    """What an apply did."""

    revision: str
    """ The configuration revision after the apply (also the `ETag`). """
    changed: bool
    """ Whether anything changed (false: the organization already matched). """
    summary: PlanSummary
    """ Counts of a plan. """
    changes: list[PlanChange]
    """ What was created, changed and deleted. """
    deployments: list[PlanDeployment]
    """ Deployments made. """
    unmanaged: list[PlanObject]
    """ Objects here the document leaves out, kept. """
    invalid: list[PlanProblem]
    """ Always empty (an invalid document is refused). """
    placeholders: list[PlanPlaceholder]
    """ The document's placeholders. """
    rebuilds: list[str]
    """ Names of the agents rebuilt. """
    rebuild: None | Rebuild
    """ The registry reload and agent rebuild that followed (null when nothing needed one). """

    def to_dict(self) -> dict[str, Any]:
        from ..models.rebuild import Rebuild

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

        rebuilds = self.rebuilds

        rebuild: dict[str, Any] | None
        if isinstance(self.rebuild, Rebuild):
            rebuild = self.rebuild.to_dict()
        else:
            rebuild = self.rebuild

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
                "rebuilds": rebuilds,
                "rebuild": rebuild,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.plan_change import PlanChange
        from ..models.plan_deployment import PlanDeployment
        from ..models.plan_object import PlanObject
        from ..models.plan_placeholder import PlanPlaceholder
        from ..models.plan_problem import PlanProblem
        from ..models.plan_summary import PlanSummary
        from ..models.rebuild import Rebuild

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

        rebuilds = cast(list[str], d.pop("rebuilds"))

        def _parse_rebuild(data: object) -> None | Rebuild:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                rebuild_type_0 = Rebuild.from_dict(data)

                return rebuild_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Rebuild, data)

        rebuild = _parse_rebuild(d.pop("rebuild"))

        organization_apply_result = cls(
            revision=revision,
            changed=changed,
            summary=summary,
            changes=changes,
            deployments=deployments,
            unmanaged=unmanaged,
            invalid=invalid,
            placeholders=placeholders,
            rebuilds=rebuilds,
            rebuild=rebuild,
        )

        return organization_apply_result
