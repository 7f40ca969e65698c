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
    webhook: str | Unset = UNSET
    """ An http(s) URL that passes the SSRF policy (403 `url_not_allowed`). """

    def to_dict(self) -> dict[str, Any]:
        input_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.input_, Unset):
            input_ = self.input_.to_dict()

        webhook = self.webhook

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if input_ is not UNSET:
            field_dict["input"] = input_
        if webhook is not UNSET:
            field_dict["webhook"] = webhook

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

        webhook = d.pop("webhook", UNSET)

        workflow_run_request = cls(
            input_=input_,
            webhook=webhook,
        )

        return workflow_run_request
