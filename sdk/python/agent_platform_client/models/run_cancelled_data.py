from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.turn_run import TurnRun


T = TypeVar("T", bound="RunCancelledData")


@_attrs_define
class RunCancelledData:
    """Data of `run.cancelled` (final): the turn was cancelled (DELETE /v1/chat/stream, or a message sent with
    `multitask_strategy: interrupt`). Fields may be added later: clients ignore what they do not know.

    """

    run: TurnRun
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        run = self.run.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
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

        run_cancelled_data = cls(
            run=run,
        )

        run_cancelled_data.additional_properties = d
        return run_cancelled_data

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
