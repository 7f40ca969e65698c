from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.workflow_input import WorkflowInput


T = TypeVar("T", bound="WorkflowRunRequest")


@_attrs_define
class WorkflowRunRequest:
    input_: WorkflowInput | Unset = UNSET
    """ A workflow run's input: an object matching the workflow's input_schema. """

    def to_dict(self) -> dict[str, Any]:
        input_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.input_, Unset):
            input_ = self.input_.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if input_ is not UNSET:
            field_dict["input"] = input_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.workflow_input import WorkflowInput

        d = dict(src_dict)
        _input_ = d.pop("input", UNSET)
        input_: WorkflowInput | Unset
        if isinstance(_input_, Unset):
            input_ = UNSET
        else:
            input_ = WorkflowInput.from_dict(_input_)

        workflow_run_request = cls(
            input_=input_,
        )

        return workflow_run_request
