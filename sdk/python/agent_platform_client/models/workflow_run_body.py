from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.workflow_run import WorkflowRun


T = TypeVar("T", bound="WorkflowRunBody")


@_attrs_define
class WorkflowRunBody:
    run: WorkflowRun

    def to_dict(self) -> dict[str, Any]:
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
        from ..models.workflow_run import WorkflowRun

        d = dict(src_dict)
        run = WorkflowRun.from_dict(d.pop("run"))

        workflow_run_body = cls(
            run=run,
        )

        return workflow_run_body
