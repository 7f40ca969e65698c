from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.trigger_verification_type import TriggerVerificationType
from ..types import UNSET, Unset

T = TypeVar("T", bound="TriggerVerification")


@_attrs_define
class TriggerVerification:
    type_: TriggerVerificationType
    secret: str | Unset = UNSET
    """ The shared secret the sender uses (e.g. the one set in GitHub); omitted, one is made. Never shown again
    after create. """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_.value

        secret = self.secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
            }
        )
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = TriggerVerificationType(d.pop("type"))

        secret = d.pop("secret", UNSET)

        trigger_verification = cls(
            type_=type_,
            secret=secret,
        )

        return trigger_verification
