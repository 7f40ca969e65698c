from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.step_type import StepType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.step_input_object import StepInputObject


T = TypeVar("T", bound="WorkflowStep")


@_attrs_define
class WorkflowStep:
    id: str
    """ Unique within the workflow; templates name it. """
    type_: StepType
    ref: UUID
    """ The id of the agent, tool or copilot (network) the step calls. """
    input_: StepInputObject | str | Unset = UNSET
    """ The step's input: an object (templates inside its strings), or a string that is exactly one template (it
    takes the referenced value as is) or text with templates. """
    continue_on_error: bool | Unset = False
    """ When true a failure of this step does not fail the run. """
    timeout_ms: int | None | Unset = UNSET
    """ Bound on one attempt of the step; null: the AGENT_PLATFORM_STEP_TIMEOUT_MS setting. """
    retries: int | Unset = 0
    """ Further attempts after a failed one. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.step_input_object import StepInputObject

        id = self.id

        type_ = self.type_.value

        ref = str(self.ref)

        input_: dict[str, Any] | str | Unset
        if isinstance(self.input_, Unset):
            input_ = UNSET
        elif isinstance(self.input_, StepInputObject):
            input_ = self.input_.to_dict()
        else:
            input_ = self.input_

        continue_on_error = self.continue_on_error

        timeout_ms: int | None | Unset
        if isinstance(self.timeout_ms, Unset):
            timeout_ms = UNSET
        else:
            timeout_ms = self.timeout_ms

        retries = self.retries

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "type": type_,
                "ref": ref,
            }
        )
        if input_ is not UNSET:
            field_dict["input"] = input_
        if continue_on_error is not UNSET:
            field_dict["continue_on_error"] = continue_on_error
        if timeout_ms is not UNSET:
            field_dict["timeout_ms"] = timeout_ms
        if retries is not UNSET:
            field_dict["retries"] = retries

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.step_input_object import StepInputObject

        d = dict(src_dict)
        id = d.pop("id")

        type_ = StepType(d.pop("type"))

        ref = UUID(d.pop("ref"))

        def _parse_input_(data: object) -> StepInputObject | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_workflow_step_input_type_0 = (
                    StepInputObject.from_dict(data)
                )

                return componentsschemas_workflow_step_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(StepInputObject | str | Unset, data)

        input_ = _parse_input_(d.pop("input", UNSET))

        continue_on_error = d.pop("continue_on_error", UNSET)

        def _parse_timeout_ms(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        timeout_ms = _parse_timeout_ms(d.pop("timeout_ms", UNSET))

        retries = d.pop("retries", UNSET)

        workflow_step = cls(
            id=id,
            type_=type_,
            ref=ref,
            input_=input_,
            continue_on_error=continue_on_error,
            timeout_ms=timeout_ms,
            retries=retries,
        )

        return workflow_step
