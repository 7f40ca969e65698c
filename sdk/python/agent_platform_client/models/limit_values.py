from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

T = TypeVar("T", bound="LimitValues")


@_attrs_define
class LimitValues:
    requests_per_minute: int | None
    """ Requests per minute; null: no limit. """
    runs_per_month: int | None
    """ Runs per calendar month (UTC); null: no limit. """
    turns_in_flight: int | None
    """ Turns (chat turns, agent and network runs) the organization may have queued or running at once; null: no
    limit. """

    def to_dict(self) -> dict[str, Any]:
        requests_per_minute: int | None
        requests_per_minute = self.requests_per_minute

        runs_per_month: int | None
        runs_per_month = self.runs_per_month

        turns_in_flight: int | None
        turns_in_flight = self.turns_in_flight

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "requests_per_minute": requests_per_minute,
                "runs_per_month": runs_per_month,
                "turns_in_flight": turns_in_flight,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)

        def _parse_requests_per_minute(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        requests_per_minute = _parse_requests_per_minute(d.pop("requests_per_minute"))

        def _parse_runs_per_month(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        runs_per_month = _parse_runs_per_month(d.pop("runs_per_month"))

        def _parse_turns_in_flight(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        turns_in_flight = _parse_turns_in_flight(d.pop("turns_in_flight"))

        limit_values = cls(
            requests_per_minute=requests_per_minute,
            runs_per_month=runs_per_month,
            turns_in_flight=turns_in_flight,
        )

        return limit_values
