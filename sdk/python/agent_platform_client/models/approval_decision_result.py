from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.turn_run import TurnRun
    from ..models.workflow_run import WorkflowRun


T = TypeVar("T", bound="ApprovalDecisionResult")


@_attrs_define
class ApprovalDecisionResult:
    """The run a decision was made on."""

    run: TurnRun | WorkflowRun
    """ A turn, or a workflow run (it has `workflow_id` and no `kind`). """

    def to_dict(self) -> dict[str, Any]:
        from ..models.turn_run import TurnRun

        run: dict[str, Any]
        if isinstance(self.run, TurnRun):
            run = self.run.to_dict()
        else:
            run = self.run.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "run": run,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.turn_run import TurnRun
        from ..models.workflow_run import WorkflowRun

        d = dict(src_dict)

        def _parse_run(data: object) -> TurnRun | WorkflowRun:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_decided_run_type_0 = TurnRun.from_dict(data)

                return componentsschemas_decided_run_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            componentsschemas_decided_run_type_1 = WorkflowRun.from_dict(data)

            return componentsschemas_decided_run_type_1

        run = _parse_run(d.pop("run"))

        approval_decision_result = cls(
            run=run,
        )

        return approval_decision_result
