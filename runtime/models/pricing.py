"""Model prices (US dollars per million tokens) and the cost of a call's usage.

The table comes from the one price setting, AGENT_PLATFORM_PRICES (AGENT_PLATFORM_MODEL_PRICES
is its deprecated alias, read only when the first is unset); ``"*"`` prices the models it does
not name, and without it they cost 0. Model names match exactly (the name the agent asked for,
e.g. ``gpt-4o-mini``). store.spend computes the same cost in micro-USD for the ledger.
"""
from __future__ import annotations

import dataclasses
from decimal import Decimal
from typing import Mapping

from runtime.models.base import Usage

_MILLION = Decimal(1_000_000)


@dataclasses.dataclass(frozen=True)
class Price:
    input_per_million: float = 0.0
    output_per_million: float = 0.0


FREE = Price()


def cost_usd(usage: Usage, price: Price) -> float:
    """The cost in US dollars of ``usage`` at ``price`` (exact to the 1e-10 dollar)."""
    total = (Decimal(usage.input_tokens) * Decimal(str(price.input_per_million))
             + Decimal(usage.output_tokens) * Decimal(str(price.output_per_million))) / _MILLION
    return float(round(total, 10))


class PriceTable:
    """Per-model prices with a default of 0 for unknown models."""

    def __init__(self, prices: Mapping[str, Price] | None = None):
        self._prices = dict(prices or {})

    @classmethod
    def from_settings(cls, settings) -> "PriceTable":
        table = getattr(settings, "prices", None) or {}
        return cls({model: Price(float(p.get("input", 0)), float(p.get("output", 0)))
                    for model, p in table.items()})

    def price(self, model: str) -> Price:
        return self._prices.get(model) or self._prices.get("*", FREE)

    def cost(self, usage: Usage, model: str) -> float:
        return cost_usd(usage, self.price(model))

    def __contains__(self, model: str) -> bool:
        return model in self._prices
