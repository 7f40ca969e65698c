from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.step_type import StepType

if TYPE_CHECKING:
    from ..models.step_input_object import StepInputObject


T = TypeVar("T", bound="WorkflowStepStored")


@_attrs_define
class WorkflowStepStored:
    id: str
    """ Unique within the workflow; templates name it. """
    type_: StepType
    ref: UUID
    """ The id of the agent, tool or copilot (network) the step calls. """
    input_: StepInputObject | str
    """ The step's input: an object (templates inside its strings), or a string that is exactly one template (it
    takes the referenced value as is) or text with templates. """
    continue_on_error: bool
    """ A failure of this step does not fail the run. """
    timeout_ms: int | None
    """ Bound on one attempt; null: the AGENT_PLATFORM_STEP_TIMEOUT_MS setting. """
    retries: int
    """ Further attempts after a failed one. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.step_input_object import StepInputObject

        id = self.id

        type_ = self.type_.value

        ref = str(self.ref)

        input_: dict[str, Any] | str
        if isinstance(self.input_, StepInputObject):
            input_ = self.input_.to_dict()
        else:
            input_ = self.input_

        continue_on_error = self.continue_on_error

        timeout_ms: int | None
        timeout_ms = self.timeout_ms

        retries = self.retries

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "type": type_,
                "ref": ref,
                "input": input_,
                "continue_on_error": continue_on_error,
                "timeout_ms": timeout_ms,
                "retries": retries,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.step_input_object import StepInputObject

        d = dict(src_dict)
        id = d.pop("id")

        type_ = StepType(d.pop("type"))

        ref = UUID(d.pop("ref"))

        def _parse_input_(data: object) -> StepInputObject | str:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                componentsschemas_workflow_step_input_type_0 = (
                    StepInputObject.from_dict(data)
                )

                return componentsschemas_workflow_step_input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(StepInputObject | str, data)

        input_ = _parse_input_(d.pop("input"))

        continue_on_error = d.pop("continue_on_error")

        def _parse_timeout_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        timeout_ms = _parse_timeout_ms(d.pop("timeout_ms"))

        retries = d.pop("retries")

        workflow_step_stored = cls(
            id=id,
            type_=type_,
            ref=ref,
            input_=input_,
            continue_on_error=continue_on_error,
            timeout_ms=timeout_ms,
            retries=retries,
        )

        return workflow_step_stored
