from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.trigger_input import TriggerInput
    from ..models.trigger_target import TriggerTarget
    from ..models.trigger_verification import TriggerVerification


T = TypeVar("T", bound="TriggerCreate")


@_attrs_define
class TriggerCreate:
    target: TriggerTarget
    verification: TriggerVerification
    input_: TriggerInput | Unset = UNSET
    """ Each field of the run's input and the JMESPath expression over the JSON payload that gives it (`{"who":
    "sender.login"}`); for a network: `message`, `user_id` and optionally `conversation`. """
    description: None | str | Unset = UNSET
    """ What the trigger is for. """

    def to_dict(self) -> dict[str, Any]:
        target = self.target.to_dict()

        verification = self.verification.to_dict()

        input_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.input_, Unset):
            input_ = self.input_.to_dict()

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "target": target,
                "verification": verification,
            }
        )
        if input_ is not UNSET:
            field_dict["input"] = input_
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.trigger_input import TriggerInput
        from ..models.trigger_target import TriggerTarget
        from ..models.trigger_verification import TriggerVerification

        d = dict(src_dict)
        target = TriggerTarget.from_dict(d.pop("target"))

        verification = TriggerVerification.from_dict(d.pop("verification"))

        _input_ = d.pop("input", UNSET)
        input_: TriggerInput | Unset
        if isinstance(_input_, Unset):
            input_ = UNSET
        else:
            input_ = TriggerInput.from_dict(_input_)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        trigger_create = cls(
            target=target,
            verification=verification,
            input_=input_,
            description=description,
        )

        return trigger_create
