from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.limit_values import LimitValues


T = TypeVar("T", bound="OrgLimits")


@_attrs_define
class OrgLimits:
    org_id: UUID
    """ The organization. """
    overrides: LimitValues
    defaults: LimitValues
    runs_this_month: int
    """ Runs counted this calendar month (UTC). """
    turns_in_flight_now: int
    """ The organization's turns (agent and network runs, those of workflows' steps included) queued or running now.
    """

    def to_dict(self) -> dict[str, Any]:
        org_id = str(self.org_id)

        overrides = self.overrides.to_dict()

        defaults = self.defaults.to_dict()

        runs_this_month = self.runs_this_month

        turns_in_flight_now = self.turns_in_flight_now

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "org_id": org_id,
                "overrides": overrides,
                "defaults": defaults,
                "runs_this_month": runs_this_month,
                "turns_in_flight_now": turns_in_flight_now,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.limit_values import LimitValues

        d = dict(src_dict)
        org_id = UUID(d.pop("org_id"))

        overrides = LimitValues.from_dict(d.pop("overrides"))

        defaults = LimitValues.from_dict(d.pop("defaults"))

        runs_this_month = d.pop("runs_this_month")

        turns_in_flight_now = d.pop("turns_in_flight_now")

        org_limits = cls(
            org_id=org_id,
            overrides=overrides,
            defaults=defaults,
            runs_this_month=runs_this_month,
            turns_in_flight_now=turns_in_flight_now,
        )

        return org_limits
