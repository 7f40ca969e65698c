from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="RunError")


@_attrs_define
class RunError:
    """Why a run or step failed: a stable `code`, a readable `message`, and the step that failed the run."""

    code: str
    """ e.g. step_failed, step_timeout, step_type_unavailable, worker_lost, cancelled, workflow_input_invalid, or
    the tool's error code. """
    message: str
    """ Readable explanation. """
    step_id: str | Unset = UNSET
    """ The step that failed the run. """

    def to_dict(self) -> dict[str, Any]:
        code = self.code

        message = self.message

        step_id = self.step_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "code": code,
                "message": message,
            }
        )
        if step_id is not UNSET:
            field_dict["step_id"] = step_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        code = d.pop("code")

        message = d.pop("message")

        step_id = d.pop("step_id", UNSET)

        run_error = cls(
            code=code,
            message=message,
            step_id=step_id,
        )

        return run_error
