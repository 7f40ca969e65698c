from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.step_status import StepStatus
from ..models.step_type import StepType
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.run_approval import RunApproval
    from ..models.run_error import RunError
    from ..models.run_usage import RunUsage


T = TypeVar("T", bound="WorkflowRunStep")


@_attrs_define
class WorkflowRunStep:
    id: str
    """ The step's id. """
    type_: StepType
    ref: str
    """ The id of the agent, tool or network the step called. """
    status: StepStatus
    input_: Any
    """ The rendered input (null before the step starts). """
    output: Any
    """ The step's output (for a failed tool call, the tool's answer if any). """
    error: None | RunError
    """ Why it failed (null unless failed or cancelled). """
    attempts: int
    """ Attempts made. """
    started_at: datetime.datetime | None
    """ When it started running (null before). """
    finished_at: datetime.datetime | None
    """ When it finished (null before). """
    duration_ms: int | None
    """ Milliseconds it took (null before it finished). """
    usage: None | RunUsage
    """ Usage counters (null before it ran). """
    approvals: list[RunApproval] | Unset = UNSET
    """ Present once the step waited for approvals: the calls of the tool it called (call id `step_{stepId}`), or
    those of its agent's turn, and every decision with who decided and when. """
    run_id: UUID | Unset = UNSET
    """ An agent or network step that waited for approvals: its turn (GET /v1/runs/{id}). """

    def to_dict(self) -> dict[str, Any]:
        from ..models.run_error import RunError
        from ..models.run_usage import RunUsage

        id = self.id

        type_ = self.type_.value

        ref = self.ref

        status = self.status.value

        input_ = self.input_

        output = self.output

        error: dict[str, Any] | None
        if isinstance(self.error, RunError):
            error = self.error.to_dict()
        else:
            error = self.error

        attempts = self.attempts

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        duration_ms: int | None
        duration_ms = self.duration_ms

        usage: dict[str, Any] | None
        if isinstance(self.usage, RunUsage):
            usage = self.usage.to_dict()
        else:
            usage = self.usage

        approvals: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.approvals, Unset):
            approvals = []
            for approvals_item_data in self.approvals:
                approvals_item = approvals_item_data.to_dict()
                approvals.append(approvals_item)

        run_id: str | Unset = UNSET
        if not isinstance(self.run_id, Unset):
            run_id = str(self.run_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "type": type_,
                "ref": ref,
                "status": status,
                "input": input_,
                "output": output,
                "error": error,
                "attempts": attempts,
                "started_at": started_at,
                "finished_at": finished_at,
                "duration_ms": duration_ms,
                "usage": usage,
            }
        )
        if approvals is not UNSET:
            field_dict["approvals"] = approvals
        if run_id is not UNSET:
            field_dict["run_id"] = run_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.run_approval import RunApproval
        from ..models.run_error import RunError
        from ..models.run_usage import RunUsage

        d = dict(src_dict)
        id = d.pop("id")

        type_ = StepType(d.pop("type"))

        ref = d.pop("ref")

        status = StepStatus(d.pop("status"))

        input_ = d.pop("input")

        output = d.pop("output")

        def _parse_error(data: object) -> None | RunError:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = RunError.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunError, data)

        error = _parse_error(d.pop("error"))

        attempts = d.pop("attempts")

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        def _parse_duration_ms(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        duration_ms = _parse_duration_ms(d.pop("duration_ms"))

        def _parse_usage(data: object) -> None | RunUsage:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                usage_type_0 = RunUsage.from_dict(data)

                return usage_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RunUsage, data)

        usage = _parse_usage(d.pop("usage"))

        _approvals = d.pop("approvals", UNSET)
        approvals: list[RunApproval] | Unset = UNSET
        if _approvals is not UNSET:
            approvals = []
            for approvals_item_data in _approvals:
                approvals_item = RunApproval.from_dict(approvals_item_data)

                approvals.append(approvals_item)

        _run_id = d.pop("run_id", UNSET)
        run_id: UUID | Unset
        if isinstance(_run_id, Unset):
            run_id = UNSET
        else:
            run_id = UUID(_run_id)

        workflow_run_step = cls(
            id=id,
            type_=type_,
            ref=ref,
            status=status,
            input_=input_,
            output=output,
            error=error,
            attempts=attempts,
            started_at=started_at,
            finished_at=finished_at,
            duration_ms=duration_ms,
            usage=usage,
            approvals=approvals,
            run_id=run_id,
        )

        return workflow_run_step
