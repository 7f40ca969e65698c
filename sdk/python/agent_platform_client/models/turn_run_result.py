from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.turn_run import TurnRun


T = TypeVar("T", bound="TurnRunResult")


@_attrs_define
class TurnRunResult:
    output: None | str
    """ The answer (null when the run failed). """
    run: TurnRun

    def to_dict(self) -> dict[str, Any]:
        output: None | str
        output = self.output

        run = self.run.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "output": output,
                "run": run,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.turn_run import TurnRun

        d = dict(src_dict)

        def _parse_output(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        output = _parse_output(d.pop("output"))

        run = TurnRun.from_dict(d.pop("run"))

        turn_run_result = cls(
            output=output,
            run=run,
        )

        return turn_run_result
