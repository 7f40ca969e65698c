from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.copilot import Copilot


T = TypeVar("T", bound="CopilotBody")


@_attrs_define
class CopilotBody:
    copilot: Copilot

    def to_dict(self) -> dict[str, Any]:
        copilot = self.copilot.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "copilot": copilot,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.copilot import Copilot

        d = dict(src_dict)
        copilot = Copilot.from_dict(d.pop("copilot"))

        copilot_body = cls(
            copilot=copilot,
        )

        return copilot_body
