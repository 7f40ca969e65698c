from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="ExperimentAssign")


@_attrs_define
class ExperimentAssign:
    experiment: str
    """ The experiment's name. """
    variants: list[str]
    """ The variants to choose from. """
    weights: list[float] | Unset = UNSET
    """ Relative weight of each variant (same length as variants); equal when omitted. """

    def to_dict(self) -> dict[str, Any]:
        experiment = self.experiment

        variants = self.variants

        weights: list[float] | Unset = UNSET
        if not isinstance(self.weights, Unset):
            weights = self.weights

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "experiment": experiment,
                "variants": variants,
            }
        )
        if weights is not UNSET:
            field_dict["weights"] = weights

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        experiment = d.pop("experiment")

        variants = cast(list[str], d.pop("variants"))

        weights = cast(list[float], d.pop("weights", UNSET))

        experiment_assign = cls(
            experiment=experiment,
            variants=variants,
            weights=weights,
        )

        return experiment_assign
