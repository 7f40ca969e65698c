from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="ExperimentAssignment")


@_attrs_define
class ExperimentAssignment:
    experiment: str
    """ The experiment's name. """
    variant: str
    """ The user's variant (the same on every call). """
    user_id: str
    """ The assigned user. """
    assigned_at: datetime.datetime
    """ When the user was first assigned. """

    def to_dict(self) -> dict[str, Any]:
        experiment = self.experiment

        variant = self.variant

        user_id = self.user_id

        assigned_at = self.assigned_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "experiment": experiment,
                "variant": variant,
                "user_id": user_id,
                "assigned_at": assigned_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        experiment = d.pop("experiment")

        variant = d.pop("variant")

        user_id = d.pop("user_id")

        assigned_at = datetime.datetime.fromisoformat(d.pop("assigned_at"))

        experiment_assignment = cls(
            experiment=experiment,
            variant=variant,
            user_id=user_id,
            assigned_at=assigned_at,
        )

        return experiment_assignment
