from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.schedule_notify import ScheduleNotify
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.recurrence import Recurrence
    from ..models.workflow_input import WorkflowInput


T = TypeVar("T", bound="WorkflowScheduleCreate")


@_attrs_define
class WorkflowScheduleCreate:
    workflow_id: UUID
    """ The workflow to fire. """
    cron: None | str | Unset = UNSET
    """ Five-field cron expression (or @hourly, @daily, ...). """
    run_at: None | str | Unset = UNSET
    """ One-time fire time (RFC 3339; without an offset it is local time of `timezone`). """
    recurrence: None | Recurrence | Unset = UNSET
    """ Recurrence rule (one of cron, run_at and recurrence). """
    timezone: None | str | Unset = UNSET
    """ IANA time zone; default UTC. """
    description: None | str | Unset = UNSET
    """ What the schedule is for. """
    input_: None | Unset | WorkflowInput = UNSET
    """ The runs' input (validated against the workflow's input_schema); null: {}. """
    notify: None | ScheduleNotify | Unset = UNSET
    """ `thread`: post the result of each succeeded or failed run into the owning user's thread titled thread_title
    (default: the workflow's name), shown by GET /v1/threads; an organization's schedule has no user thread and
    posts nothing. Default none. """
    thread_title: None | str | Unset = UNSET
    """ Title of the thread results are posted to (default: the workflow's name). """
    max_consecutive_failures: int | None | Unset = UNSET
    """ Failed runs in a row that disable the schedule; default 5. """
    skip_missed: bool | None | Unset = UNSET
    """ Drop fires more than a minute late (while no scheduler ran) instead of firing once; default false. """
    user_id: None | str | Unset = UNSET
    """ The owning user (API key only; a session token's schedules are its user's). """

    def to_dict(self) -> dict[str, Any]:
        from ..models.recurrence import Recurrence
        from ..models.workflow_input import WorkflowInput

        workflow_id = str(self.workflow_id)

        cron: None | str | Unset
        if isinstance(self.cron, Unset):
            cron = UNSET
        else:
            cron = self.cron

        run_at: None | str | Unset
        if isinstance(self.run_at, Unset):
            run_at = UNSET
        else:
            run_at = self.run_at

        recurrence: dict[str, Any] | None | Unset
        if isinstance(self.recurrence, Unset):
            recurrence = UNSET
        elif isinstance(self.recurrence, Recurrence):
            recurrence = self.recurrence.to_dict()
        else:
            recurrence = self.recurrence

        timezone: None | str | Unset
        if isinstance(self.timezone, Unset):
            timezone = UNSET
        else:
            timezone = self.timezone

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        input_: dict[str, Any] | None | Unset
        if isinstance(self.input_, Unset):
            input_ = UNSET
        elif isinstance(self.input_, WorkflowInput):
            input_ = self.input_.to_dict()
        else:
            input_ = self.input_

        notify: None | str | Unset
        if isinstance(self.notify, Unset):
            notify = UNSET
        elif isinstance(self.notify, ScheduleNotify):
            notify = self.notify.value
        else:
            notify = self.notify

        thread_title: None | str | Unset
        if isinstance(self.thread_title, Unset):
            thread_title = UNSET
        else:
            thread_title = self.thread_title

        max_consecutive_failures: int | None | Unset
        if isinstance(self.max_consecutive_failures, Unset):
            max_consecutive_failures = UNSET
        else:
            max_consecutive_failures = self.max_consecutive_failures

        skip_missed: bool | None | Unset
        if isinstance(self.skip_missed, Unset):
            skip_missed = UNSET
        else:
            skip_missed = self.skip_missed

        user_id: None | str | Unset
        if isinstance(self.user_id, Unset):
            user_id = UNSET
        else:
            user_id = self.user_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "workflow_id": workflow_id,
            }
        )
        if cron is not UNSET:
            field_dict["cron"] = cron
        if run_at is not UNSET:
            field_dict["run_at"] = run_at
        if recurrence is not UNSET:
            field_dict["recurrence"] = recurrence
        if timezone is not UNSET:
            field_dict["timezone"] = timezone
        if description is not UNSET:
            field_dict["description"] = description
        if input_ is not UNSET:
            field_dict["input"] = input_
        if notify is not UNSET:
            field_dict["notify"] = notify
        if thread_title is not UNSET:
            field_dict["thread_title"] = thread_title
        if max_consecutive_failures is not UNSET:
            field_dict["max_consecutive_failures"] = max_consecutive_failures
        if skip_missed is not UNSET:
            field_dict["skip_missed"] = skip_missed
        if user_id is not UNSET:
            field_dict["user_id"] = user_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.recurrence import Recurrence
        from ..models.workflow_input import WorkflowInput

        d = dict(src_dict)
        workflow_id = UUID(d.pop("workflow_id"))

        def _parse_cron(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cron = _parse_cron(d.pop("cron", UNSET))

        def _parse_run_at(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        run_at = _parse_run_at(d.pop("run_at", UNSET))

        def _parse_recurrence(data: object) -> None | Recurrence | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                recurrence_type_0 = Recurrence.from_dict(data)

                return recurrence_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Recurrence | Unset, data)

        recurrence = _parse_recurrence(d.pop("recurrence", UNSET))

        def _parse_timezone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        timezone = _parse_timezone(d.pop("timezone", UNSET))

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_input_(data: object) -> None | Unset | WorkflowInput:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                input_type_0 = WorkflowInput.from_dict(data)

                return input_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | WorkflowInput, data)

        input_ = _parse_input_(d.pop("input", UNSET))

        def _parse_notify(data: object) -> None | ScheduleNotify | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                notify_type_0 = ScheduleNotify(data)

                return notify_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ScheduleNotify | Unset, data)

        notify = _parse_notify(d.pop("notify", UNSET))

        def _parse_thread_title(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        thread_title = _parse_thread_title(d.pop("thread_title", UNSET))

        def _parse_max_consecutive_failures(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        max_consecutive_failures = _parse_max_consecutive_failures(
            d.pop("max_consecutive_failures", UNSET)
        )

        def _parse_skip_missed(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        skip_missed = _parse_skip_missed(d.pop("skip_missed", UNSET))

        def _parse_user_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        user_id = _parse_user_id(d.pop("user_id", UNSET))

        workflow_schedule_create = cls(
            workflow_id=workflow_id,
            cron=cron,
            run_at=run_at,
            recurrence=recurrence,
            timezone=timezone,
            description=description,
            input_=input_,
            notify=notify,
            thread_title=thread_title,
            max_consecutive_failures=max_consecutive_failures,
            skip_missed=skip_missed,
            user_id=user_id,
        )

        return workflow_schedule_create
