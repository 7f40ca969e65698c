from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.turn_run import TurnRun


T = TypeVar("T", bound="TurnRunBody")


@_attrs_define
class TurnRunBody:
    run: TurnRun

    def to_dict(self) -> dict[str, Any]:
        run = self.run.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "run": run,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.turn_run import TurnRun

        d = dict(src_dict)
        run = TurnRun.from_dict(d.pop("run"))

        turn_run_body = cls(
            run=run,
        )

        return turn_run_body
