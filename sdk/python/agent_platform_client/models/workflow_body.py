from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.workflow import Workflow


T = TypeVar("T", bound="WorkflowBody")


@_attrs_define
class WorkflowBody:
    workflow: Workflow

    def to_dict(self) -> dict[str, Any]:
        workflow = self.workflow.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "workflow": workflow,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.workflow import Workflow

        d = dict(src_dict)
        workflow = Workflow.from_dict(d.pop("workflow"))

        workflow_body = cls(
            workflow=workflow,
        )

        return workflow_body
