from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.run_status import RunStatus
from ..models.run_trigger import RunTrigger
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.run_error import RunError
    from ..models.run_usage import RunUsage
    from ..models.workflow_input import WorkflowInput
    from ..models.workflow_run_step import WorkflowRunStep


T = TypeVar("T", bound="WorkflowRun")


@_attrs_define
class WorkflowRun:
    id: UUID
    """ The run's id. """
    workflow_id: UUID
    """ The workflow run. """
    workflow_name: None | str
    """ The workflow's name when the run started. """
    schedule_id: None | UUID
    """ The schedule that fired the run. """
    fire_at: datetime.datetime | None
    """ The scheduled fire time (scheduled runs). """
    trigger: RunTrigger
    user_id: None | str
    """ The owning user (runs started with a session token or by a user's schedule). """
    status: RunStatus
    input_: None | WorkflowInput
    """ The run's input. """
    output: Any
    """ The output of the last step that ran. """
    error: None | RunError
    """ Why it failed (null unless failed or cancelled). """
    steps: list[WorkflowRunStep]
    """ Each step's result, in order. """
    usage: None | RunUsage
    """ Usage counters (null before it ran). """
    attempt: int
    """ Execution attempts (more than 1 after a worker was lost). """
    cancel_requested: bool
    """ A cancel was asked for. """
    created_at: datetime.datetime
    """ When the run was created. """
    started_at: datetime.datetime | None
    """ When it started running (null before). """
    finished_at: datetime.datetime | None
    """ When it finished (null before). """
    updated_at: datetime.datetime
    """ When the run was last changed. """
    request_id: None | str | Unset = UNSET
    """ The `X-Request-Id` of the request that started the run (null for runs a schedule or the service started).
    """
    trigger_id: None | Unset | UUID = UNSET
    """ The inbound trigger whose call started the run (null otherwise). """

    def to_dict(self) -> dict[str, Any]:
        from ..models.run_error import RunError
        from ..models.run_usage import RunUsage
        from ..models.workflow_input import WorkflowInput

        id = str(self.id)

        workflow_id = str(self.workflow_id)

        workflow_name: None | str
        workflow_name = self.workflow_name

        schedule_id: None | str
        if isinstance(self.schedule_id, UUID):
            schedule_id = str(self.schedule_id)
        else:
            schedule_id = self.schedule_id

        fire_at: None | str
        if isinstance(self.fire_at, datetime.datetime):
            fire_at = self.fire_at.isoformat()
        else:
            fire_at = self.fire_at

        trigger = self.trigger.value

        user_id: None | str
        user_id = self.user_id

        status = self.status.value

        input_: dict[str, Any] | None
        if isinstance(self.input_, WorkflowInput):
            input_ = self.input_.to_dict()
        else:
            input_ = self.input_

        output = self.output

        error: dict[str, Any] | None
        if isinstance(self.error, RunError):
            error = self.error.to_dict()
        else:
            error = self.error

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)

        usage: dict[str, Any] | None
        if isinstance(self.usage, RunUsage):
            usage = self.usage.to_dict()
        else:
            usage = self.usage

        attempt = self.attempt

        cancel_requested = self.cancel_requested

        created_at = self.created_at.isoformat()

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

        updated_at = self.updated_at.isoformat()

        request_id: None | str | Unset
        if isinstance(self.request_id, Unset):
            request_id = UNSET
        else:
            request_id = self.request_id

        trigger_id: None | str | Unset
        if isinstance(self.trigger_id, Unset):
            trigger_id = UNSET
        elif isinstance(self.trigger_id, UUID):
            trigger_id = str(self.trigger_id)
        else:
            trigger_id = self.trigger_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "workflow_id": workflow_id,
                "workflow_name": workflow_name,
                "schedule_id": schedule_id,
                "fire_at": fire_at,
                "trigger": trigger,
                "user_id": user_id,
                "status": status,
                "input": input_,
                "output": output,
                "error": error,
                "steps": steps,
                "usage": usage,
                "attempt": attempt,
                "cancel_requested": cancel_requested,
                "created_at": created_at,
                "started_at": started_at,
                "finished_at": finished_at,
                "updated_at": updated_at,
            }
        )
        if request_id is not UNSET:
            field_dict["request_id"] = request_id
        if trigger_id is not UNSET:
            field_dict["trigger_id"] = trigger_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.run_error import RunError
        from ..models.run_usage import RunUsage
        from ..models.workflow_input import WorkflowInput
        from ..models.workflow_run_step import WorkflowRunStep

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        workflow_id = UUID(d.pop("workflow_id"))

        def _parse_workflow_name(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        workflow_name = _parse_workflow_name(d.pop("workflow_name"))

        def _parse_schedule_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                schedule_id_type_0 = UUID(data)

                return schedule_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        schedule_id = _parse_schedule_id(d.pop("schedule_id"))

        def _parse_fire_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                fire_at_type_0 = datetime.datetime.fromisoformat(data)

                return fire_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        fire_at = _parse_fire_at(d.pop("fire_at"))

        trigger = RunTrigger(d.pop("trigger"))

        def _parse_user_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_id = _parse_user_id(d.pop("user_id"))

        status = RunStatus(d.pop("status"))

        def _parse_input_(data: object) -> None | WorkflowInput:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                input_type_0 = WorkflowInput.from_dict(data)

                return input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | WorkflowInput, data)

        input_ = _parse_input_(d.pop("input"))

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

        steps = []
        _steps = d.pop("steps")
        for steps_item_data in _steps:
            steps_item = WorkflowRunStep.from_dict(steps_item_data)

            steps.append(steps_item)

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

        attempt = d.pop("attempt")

        cancel_requested = d.pop("cancel_requested")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

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

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_request_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        request_id = _parse_request_id(d.pop("request_id", UNSET))

        def _parse_trigger_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                trigger_id_type_0 = UUID(data)

                return trigger_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        trigger_id = _parse_trigger_id(d.pop("trigger_id", UNSET))

        workflow_run = cls(
            id=id,
            workflow_id=workflow_id,
            workflow_name=workflow_name,
            schedule_id=schedule_id,
            fire_at=fire_at,
            trigger=trigger,
            user_id=user_id,
            status=status,
            input_=input_,
            output=output,
            error=error,
            steps=steps,
            usage=usage,
            attempt=attempt,
            cancel_requested=cancel_requested,
            created_at=created_at,
            started_at=started_at,
            finished_at=finished_at,
            updated_at=updated_at,
            request_id=request_id,
            trigger_id=trigger_id,
        )

        return workflow_run
