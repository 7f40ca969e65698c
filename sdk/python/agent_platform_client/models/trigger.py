from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.webhook_status import WebhookStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.trigger_input import TriggerInput
    from ..models.trigger_target import TriggerTarget
    from ..models.trigger_verification_info import TriggerVerificationInfo


T = TypeVar("T", bound="Trigger")


@_attrs_define
class Trigger:
    id: UUID
    """ The trigger's id. """
    description: None | str
    """ What the trigger is for. """
    target: TriggerTarget
    verification: TriggerVerificationInfo
    input_: TriggerInput
    """ Each field of the run's input and the JMESPath expression over the JSON payload that gives it (`{"who":
    "sender.login"}`); for a network: `message`, `user_id` and optionally `conversation`. """
    status: WebhookStatus
    last_called_at: datetime.datetime | None
    """ The last call that started a run. """
    created_at: datetime.datetime
    """ When it was created. """
    updated_at: datetime.datetime
    """ When it last changed. """
    url: str | Unset = UNSET
    """ Where senders POST (`/hooks/{token}`): only in the answers of create and rotate-secret. """
    secret: None | str | Unset = UNSET
    """ The verification secret (null for `none`), only in the answers of create and rotate-secret. """

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        description: None | str
        description = self.description

        target = self.target.to_dict()

        verification = self.verification.to_dict()

        input_ = self.input_.to_dict()

        status = self.status.value

        last_called_at: None | str
        if isinstance(self.last_called_at, datetime.datetime):
            last_called_at = self.last_called_at.isoformat()
        else:
            last_called_at = self.last_called_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        url = self.url

        secret: None | str | Unset
        if isinstance(self.secret, Unset):
            secret = UNSET
        else:
            secret = self.secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "description": description,
                "target": target,
                "verification": verification,
                "input": input_,
                "status": status,
                "last_called_at": last_called_at,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if url is not UNSET:
            field_dict["url"] = url
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.trigger_input import TriggerInput
        from ..models.trigger_target import TriggerTarget
        from ..models.trigger_verification_info import TriggerVerificationInfo

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        target = TriggerTarget.from_dict(d.pop("target"))

        verification = TriggerVerificationInfo.from_dict(d.pop("verification"))

        input_ = TriggerInput.from_dict(d.pop("input"))

        status = WebhookStatus(d.pop("status"))

        def _parse_last_called_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                last_called_at_type_0 = datetime.datetime.fromisoformat(data)

                return last_called_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        last_called_at = _parse_last_called_at(d.pop("last_called_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        url = d.pop("url", UNSET)

        def _parse_secret(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        secret = _parse_secret(d.pop("secret", UNSET))

        trigger = cls(
            id=id,
            description=description,
            target=target,
            verification=verification,
            input_=input_,
            status=status,
            last_called_at=last_called_at,
            created_at=created_at,
            updated_at=updated_at,
            url=url,
            secret=secret,
        )

        return trigger
