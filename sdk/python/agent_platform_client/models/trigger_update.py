from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_status import WebhookStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.trigger_input import TriggerInput


T = TypeVar("T", bound="TriggerUpdate")


@_attrs_define
class TriggerUpdate:
    input_: TriggerInput | Unset = UNSET
    """ Each field of the run's input and the JMESPath expression over the JSON payload that gives it (`{"who":
    "sender.login"}`); for a network: `message`, `user_id` and optionally `conversation`. """
    description: None | str | Unset = UNSET
    """ What the trigger is for. """
    status: WebhookStatus | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        input_: dict[str, Any] | Unset = UNSET
        if not isinstance(self.input_, Unset):
            input_ = self.input_.to_dict()

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if input_ is not UNSET:
            field_dict["input"] = input_
        if description is not UNSET:
            field_dict["description"] = description
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.trigger_input import TriggerInput

        d = dict(src_dict)
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

        _status = d.pop("status", UNSET)
        status: WebhookStatus | Unset
        if isinstance(_status, Unset):
            status = UNSET
        else:
            status = WebhookStatus(_status)

        trigger_update = cls(
            input_=input_,
            description=description,
            status=status,
        )

        return trigger_update
