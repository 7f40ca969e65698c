from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.workflow_schedule import WorkflowSchedule


T = TypeVar("T", bound="WorkflowScheduleBody")


@_attrs_define
class WorkflowScheduleBody:
    schedule: WorkflowSchedule
    """ The spec's fields, plus input, skip_missed, max_consecutive_failures, consecutive_failures, last_run_id,
    created_at and updated_at. Null: user_id for an organization's schedule; the two of cron, run_at and recurrence
    the schedule is not; description, input and thread_title when not set; next_fire_at when nothing is to fire
    (paused, disabled, completed, or no fire left); last_fire_at, last_run_status and last_run_id before the first
    fire or run. """

    def to_dict(self) -> dict[str, Any]:
        schedule = self.schedule.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "schedule": schedule,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.workflow_schedule import WorkflowSchedule

        d = dict(src_dict)
        schedule = WorkflowSchedule.from_dict(d.pop("schedule"))

        workflow_schedule_body = cls(
            schedule=schedule,
        )

        return workflow_schedule_body
