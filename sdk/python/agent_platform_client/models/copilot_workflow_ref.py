from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="CopilotWorkflowRef")


@_attrs_define
class CopilotWorkflowRef:
    workflow_id: UUID
    """ The workflow. """

    def to_dict(self) -> dict[str, Any]:
        workflow_id = str(self.workflow_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "workflowId": workflow_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        workflow_id = UUID(d.pop("workflowId"))

        copilot_workflow_ref = cls(
            workflow_id=workflow_id,
        )

        return copilot_workflow_ref
