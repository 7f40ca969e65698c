from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="OrgLimitsUpdate")


@_attrs_define
class OrgLimitsUpdate:
    requests_per_minute: int | None | Unset = UNSET
    """ Requests per minute; null: no limit. """
    runs_per_month: int | None | Unset = UNSET
    """ Runs per calendar month (UTC); null: no limit. """
    turns_in_flight: int | None | Unset = UNSET
    """ Turns (chat turns, agent and network runs) the organization may have queued or running at once; null: no
    limit. """

    def to_dict(self) -> dict[str, Any]:
        requests_per_minute: int | None | Unset
        if isinstance(self.requests_per_minute, Unset):
            requests_per_minute = UNSET
        else:
            requests_per_minute = self.requests_per_minute

        runs_per_month: int | None | Unset
        if isinstance(self.runs_per_month, Unset):
            runs_per_month = UNSET
        else:
            runs_per_month = self.runs_per_month

        turns_in_flight: int | None | Unset
        if isinstance(self.turns_in_flight, Unset):
            turns_in_flight = UNSET
        else:
            turns_in_flight = self.turns_in_flight

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if requests_per_minute is not UNSET:
            field_dict["requests_per_minute"] = requests_per_minute
        if runs_per_month is not UNSET:
            field_dict["runs_per_month"] = runs_per_month
        if turns_in_flight is not UNSET:
            field_dict["turns_in_flight"] = turns_in_flight

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_requests_per_minute(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        requests_per_minute = _parse_requests_per_minute(
            d.pop("requests_per_minute", UNSET)
        )

        def _parse_runs_per_month(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        runs_per_month = _parse_runs_per_month(d.pop("runs_per_month", UNSET))

        def _parse_turns_in_flight(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        turns_in_flight = _parse_turns_in_flight(d.pop("turns_in_flight", UNSET))

        org_limits_update = cls(
            requests_per_minute=requests_per_minute,
            runs_per_month=runs_per_month,
            turns_in_flight=turns_in_flight,
        )

        return org_limits_update
