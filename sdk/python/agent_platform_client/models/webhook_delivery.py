from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.webhook_delivery_status import WebhookDeliveryStatus
from ..models.webhook_event_type import WebhookEventType

T = TypeVar("T", bound="WebhookDelivery")


@_attrs_define
class WebhookDelivery:
    id: UUID
    """ The delivery's id. """
    webhook_id: None | UUID
    """ The endpoint. """
    event_id: str
    """ The event's id, sent as `webhook-id`. """
    event_type: WebhookEventType
    """ The type of an event: a run of an agent or network (chat turns too) or a workflow run ended; a run waits for
    an approval or one was decided; a schedule was disabled by its failures or has no fire left; a group reached its
    monthly spend cap; a network was deployed or rolled back; an MCP provider's discovery started failing; a test
    event. """
    status: WebhookDeliveryStatus
    attempts: int
    """ Attempts made. """
    last_status_code: int | None
    """ The HTTP status of the last attempt (null when it got no answer). """
    last_error: None | str
    """ Why the last attempt failed: `http_status`, `timeout` (10 s), `connection_failed`, `url_not_allowed`,
    `endpoint_disabled`, with a message. """
    last_response: None | str
    """ The first KB of the last answer. """
    next_attempt_at: datetime.datetime | None
    """ When the next attempt is due (pending deliveries). """
    created_at: datetime.datetime
    """ When the event was recorded. """
    finished_at: datetime.datetime | None
    """ When it succeeded or failed for good. """

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        webhook_id: None | str
        if isinstance(self.webhook_id, UUID):
            webhook_id = str(self.webhook_id)
        else:
            webhook_id = self.webhook_id

        event_id = self.event_id

        event_type = self.event_type.value

        status = self.status.value

        attempts = self.attempts

        last_status_code: int | None
        last_status_code = self.last_status_code

        last_error: None | str
        last_error = self.last_error

        last_response: None | str
        last_response = self.last_response

        next_attempt_at: None | str
        if isinstance(self.next_attempt_at, datetime.datetime):
            next_attempt_at = self.next_attempt_at.isoformat()
        else:
            next_attempt_at = self.next_attempt_at

        created_at = self.created_at.isoformat()

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "webhook_id": webhook_id,
                "event_id": event_id,
                "event_type": event_type,
                "status": status,
                "attempts": attempts,
                "last_status_code": last_status_code,
                "last_error": last_error,
                "last_response": last_response,
                "next_attempt_at": next_attempt_at,
                "created_at": created_at,
                "finished_at": finished_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        def _parse_webhook_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                webhook_id_type_0 = UUID(data)

                return webhook_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        webhook_id = _parse_webhook_id(d.pop("webhook_id"))

        event_id = d.pop("event_id")

        event_type = WebhookEventType(d.pop("event_type"))

        status = WebhookDeliveryStatus(d.pop("status"))

        attempts = d.pop("attempts")

        def _parse_last_status_code(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        last_status_code = _parse_last_status_code(d.pop("last_status_code"))

        def _parse_last_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_error = _parse_last_error(d.pop("last_error"))

        def _parse_last_response(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        last_response = _parse_last_response(d.pop("last_response"))

        def _parse_next_attempt_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                next_attempt_at_type_0 = datetime.datetime.fromisoformat(data)

                return next_attempt_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        next_attempt_at = _parse_next_attempt_at(d.pop("next_attempt_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        webhook_delivery = cls(
            id=id,
            webhook_id=webhook_id,
            event_id=event_id,
            event_type=event_type,
            status=status,
            attempts=attempts,
            last_status_code=last_status_code,
            last_error=last_error,
            last_response=last_response,
            next_attempt_at=next_attempt_at,
            created_at=created_at,
            finished_at=finished_at,
        )

        return webhook_delivery
