from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.final_run_status import FinalRunStatus
from ..models.owner_kind import OwnerKind
from ..models.schedule_notify import ScheduleNotify
from ..models.schedule_status import ScheduleStatus

if TYPE_CHECKING:
    from ..models.recurrence import Recurrence
    from ..models.workflow_input import WorkflowInput


T = TypeVar("T", bound="WorkflowSchedule")


@_attrs_define
class WorkflowSchedule:
    """The spec's fields, plus input, skip_missed, max_consecutive_failures, consecutive_failures, last_run_id, created_at
    and updated_at. Null: user_id for an organization's schedule; the two of cron, run_at and recurrence the schedule is
    not; description, input and thread_title when not set; next_fire_at when nothing is to fire (paused, disabled,
    completed, or no fire left); last_fire_at, last_run_status and last_run_id before the first fire or run.

    """

    id: UUID
    """ The schedule's id. """
    workflow_id: UUID
    """ The workflow fired. """
    owner_kind: OwnerKind
    user_id: None | str
    """ The owning user (owner_kind user). """
    status: ScheduleStatus
    recurrence: None | Recurrence
    """ Recurrence rule; null unless a recurring schedule. """
    cron: None | str
    """ Five-field cron expression; null unless a cron schedule. """
    run_at: datetime.datetime | None
    """ One-time fire time; null unless a one-time schedule. """
    description: None | str
    """ What the schedule is for; null: none. """
    timezone: str
    """ IANA time zone the schedule's times are read in. """
    next_fire_at: datetime.datetime | None
    """ The next fire; null when nothing is to fire. """
    last_fire_at: datetime.datetime | None
    """ When the schedule last fired (a scheduled fire time, or the time of a run-now). """
    last_run_status: FinalRunStatus | None
    """ Final status of the schedule's last finished run. """
    last_run_id: None | UUID
    """ The schedule's last run (null before the first). """
    notify: ScheduleNotify
    thread_title: None | str
    """ Title of the thread results are posted to; null: the workflow's name. """
    input_: None | WorkflowInput
    """ The runs' input; null: {}. """
    skip_missed: bool
    """ Drop fires more than a minute late instead of firing once. """
    max_consecutive_failures: int
    """ Failed runs in a row that disable the schedule. """
    consecutive_failures: int
    """ Failed runs in a row so far. """
    created_at: datetime.datetime
    """ When the schedule was created. """
    updated_at: datetime.datetime
    """ When the schedule was last changed. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.recurrence import Recurrence
        from ..models.workflow_input import WorkflowInput

        id = str(self.id)

        workflow_id = str(self.workflow_id)

        owner_kind = self.owner_kind.value

        user_id: None | str
        user_id = self.user_id

        status = self.status.value

        recurrence: dict[str, Any] | None
        if isinstance(self.recurrence, Recurrence):
            recurrence = self.recurrence.to_dict()
        else:
            recurrence = self.recurrence

        cron: None | str
        cron = self.cron

        run_at: None | str
        if isinstance(self.run_at, datetime.datetime):
            run_at = self.run_at.isoformat()
        else:
            run_at = self.run_at

        description: None | str
        description = self.description

        timezone = self.timezone

        next_fire_at: None | str
        if isinstance(self.next_fire_at, datetime.datetime):
            next_fire_at = self.next_fire_at.isoformat()
        else:
            next_fire_at = self.next_fire_at

        last_fire_at: None | str
        if isinstance(self.last_fire_at, datetime.datetime):
            last_fire_at = self.last_fire_at.isoformat()
        else:
            last_fire_at = self.last_fire_at

        last_run_status: None | str
        if isinstance(self.last_run_status, FinalRunStatus):
            last_run_status = self.last_run_status.value
        else:
            last_run_status = self.last_run_status

        last_run_id: None | str
        if isinstance(self.last_run_id, UUID):
            last_run_id = str(self.last_run_id)
        else:
            last_run_id = self.last_run_id

        notify = self.notify.value

        thread_title: None | str
        thread_title = self.thread_title

        input_: dict[str, Any] | None
        if isinstance(self.input_, WorkflowInput):
            input_ = self.input_.to_dict()
        else:
            input_ = self.input_

        skip_missed = self.skip_missed

        max_consecutive_failures = self.max_consecutive_failures

        consecutive_failures = self.consecutive_failures

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "workflow_id": workflow_id,
                "owner_kind": owner_kind,
                "user_id": user_id,
                "status": status,
                "recurrence": recurrence,
                "cron": cron,
                "run_at": run_at,
                "description": description,
                "timezone": timezone,
                "next_fire_at": next_fire_at,
                "last_fire_at": last_fire_at,
                "last_run_status": last_run_status,
                "last_run_id": last_run_id,
                "notify": notify,
                "thread_title": thread_title,
                "input": input_,
                "skip_missed": skip_missed,
                "max_consecutive_failures": max_consecutive_failures,
                "consecutive_failures": consecutive_failures,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.recurrence import Recurrence
        from ..models.workflow_input import WorkflowInput

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        workflow_id = UUID(d.pop("workflow_id"))

        owner_kind = OwnerKind(d.pop("owner_kind"))

        def _parse_user_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_id = _parse_user_id(d.pop("user_id"))

        status = ScheduleStatus(d.pop("status"))

        def _parse_recurrence(data: object) -> None | Recurrence:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                recurrence_type_0 = Recurrence.from_dict(data)

                return recurrence_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Recurrence, data)

        recurrence = _parse_recurrence(d.pop("recurrence"))

        def _parse_cron(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        cron = _parse_cron(d.pop("cron"))

        def _parse_run_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                run_at_type_0 = datetime.datetime.fromisoformat(data)

                return run_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        run_at = _parse_run_at(d.pop("run_at"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        timezone = d.pop("timezone")

        def _parse_next_fire_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_fire_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_fire_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_fire_at = _parse_next_fire_at(d.pop("next_fire_at"))

        def _parse_last_fire_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_fire_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_fire_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_fire_at = _parse_last_fire_at(d.pop("last_fire_at"))

        def _parse_last_run_status(data: object) -> FinalRunStatus | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_run_status_type_0 = FinalRunStatus(data)

                return last_run_status_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(FinalRunStatus | None, data)

        last_run_status = _parse_last_run_status(d.pop("last_run_status"))

        def _parse_last_run_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_run_id_type_0 = UUID(data)

                return last_run_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        last_run_id = _parse_last_run_id(d.pop("last_run_id"))

        notify = ScheduleNotify(d.pop("notify"))

        def _parse_thread_title(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        thread_title = _parse_thread_title(d.pop("thread_title"))

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

        skip_missed = d.pop("skip_missed")

        max_consecutive_failures = d.pop("max_consecutive_failures")

        consecutive_failures = d.pop("consecutive_failures")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        workflow_schedule = cls(
            id=id,
            workflow_id=workflow_id,
            owner_kind=owner_kind,
            user_id=user_id,
            status=status,
            recurrence=recurrence,
            cron=cron,
            run_at=run_at,
            description=description,
            timezone=timezone,
            next_fire_at=next_fire_at,
            last_fire_at=last_fire_at,
            last_run_status=last_run_status,
            last_run_id=last_run_id,
            notify=notify,
            thread_title=thread_title,
            input_=input_,
            skip_missed=skip_missed,
            max_consecutive_failures=max_consecutive_failures,
            consecutive_failures=consecutive_failures,
            created_at=created_at,
            updated_at=updated_at,
        )

        return workflow_schedule
