from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="UsageTotals")


@_attrs_define
class UsageTotals:
    runs: int
    """ Runs that finished in the range. """
    input_tokens: int
    """ Input (prompt) tokens. """
    output_tokens: int
    """ Output (completion) tokens. """
    cost_usd: float
    """ Cost in USD. """
    cost_micro_usd: int
    """ Cost in millionths of a USD (the ledger's exact integer amount). """

    def to_dict(self) -> dict[str, Any]:
        runs = self.runs

        input_tokens = self.input_tokens

        output_tokens = self.output_tokens

        cost_usd = self.cost_usd

        cost_micro_usd = self.cost_micro_usd

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "runs": runs,
                "input_tokens": input_tokens,
                "output_tokens": output_tokens,
                "cost_usd": cost_usd,
                "cost_micro_usd": cost_micro_usd,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        runs = d.pop("runs")

        input_tokens = d.pop("input_tokens")

        output_tokens = d.pop("output_tokens")

        cost_usd = d.pop("cost_usd")

        cost_micro_usd = d.pop("cost_micro_usd")

        usage_totals = cls(
            runs=runs,
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            cost_usd=cost_usd,
            cost_micro_usd=cost_micro_usd,
        )

        return usage_totals
