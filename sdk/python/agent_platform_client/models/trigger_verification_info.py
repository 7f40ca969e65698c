from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.trigger_verification_type import TriggerVerificationType

T = TypeVar("T", bound="TriggerVerificationInfo")


@_attrs_define
class TriggerVerificationInfo:
    type_: TriggerVerificationType

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = TriggerVerificationType(d.pop("type"))

        trigger_verification_info = cls(
            type_=type_,
        )

        return trigger_verification_info
