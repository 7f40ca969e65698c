from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.webhook_event_type import WebhookEventType
from ..models.webhook_status import WebhookStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="Webhook")


@_attrs_define
class Webhook:
    id: UUID
    """ The endpoint's id. """
    url: str
    """ Where events are POSTed. """
    description: None | str
    """ What the endpoint is for. """
    event_types: list[WebhookEventType]
    """ The events the endpoint receives. """
    status: WebhookStatus
    disabled_reason: None | str
    """ Why the endpoint was disabled (null while enabled). """
    failing_since: datetime.datetime | None
    """ The first failed attempt since the last success (null when none). """
    previous_secret_expires_at: datetime.datetime | None
    """ After a rotation, until when the previous secret signs too. """
    created_at: datetime.datetime
    """ When it was created. """
    updated_at: datetime.datetime
    """ When it last changed. """
    secret: str | Unset = UNSET
    """ The signing secret (`whsec_` and base64): only in the answers of create and rotate-secret. """

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        url = self.url

        description: None | str
        description = self.description

        event_types = []
        for event_types_item_data in self.event_types:
            event_types_item = event_types_item_data.value
            event_types.append(event_types_item)

        status = self.status.value

        disabled_reason: None | str
        disabled_reason = self.disabled_reason

        failing_since: None | str
        if isinstance(self.failing_since, datetime.datetime):
            failing_since = self.failing_since.isoformat()
        else:
            failing_since = self.failing_since

        previous_secret_expires_at: None | str
        if isinstance(self.previous_secret_expires_at, datetime.datetime):
            previous_secret_expires_at = self.previous_secret_expires_at.isoformat()
        else:
            previous_secret_expires_at = self.previous_secret_expires_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        secret = self.secret

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "url": url,
                "description": description,
                "event_types": event_types,
                "status": status,
                "disabled_reason": disabled_reason,
                "failing_since": failing_since,
                "previous_secret_expires_at": previous_secret_expires_at,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )
        if secret is not UNSET:
            field_dict["secret"] = secret

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        url = d.pop("url")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        event_types = []
        _event_types = d.pop("event_types")
        for event_types_item_data in _event_types:
            event_types_item = WebhookEventType(event_types_item_data)

            event_types.append(event_types_item)

        status = WebhookStatus(d.pop("status"))

        def _parse_disabled_reason(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        disabled_reason = _parse_disabled_reason(d.pop("disabled_reason"))

        def _parse_failing_since(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                failing_since_type_0 = datetime.datetime.fromisoformat(data)

                return failing_since_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        failing_since = _parse_failing_since(d.pop("failing_since"))

        def _parse_previous_secret_expires_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                previous_secret_expires_at_type_0 = datetime.datetime.fromisoformat(
                    data
                )

                return previous_secret_expires_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        previous_secret_expires_at = _parse_previous_secret_expires_at(
            d.pop("previous_secret_expires_at")
        )

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        secret = d.pop("secret", UNSET)

        webhook = cls(
            id=id,
            url=url,
            description=description,
            event_types=event_types,
            status=status,
            disabled_reason=disabled_reason,
            failing_since=failing_since,
            previous_secret_expires_at=previous_secret_expires_at,
            created_at=created_at,
            updated_at=updated_at,
            secret=secret,
        )

        return webhook
