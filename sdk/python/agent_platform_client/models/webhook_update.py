from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.webhook_event_type import WebhookEventType
from ..models.webhook_status import WebhookStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="WebhookUpdate")


@_attrs_define
class WebhookUpdate:
    url: str | Unset = UNSET
    """ An http(s) URL that passes the SSRF policy (403 `url_not_allowed`). """
    event_types: list[WebhookEventType] | Unset = UNSET
    """ The events the endpoint receives. """
    description: None | str | Unset = UNSET
    """ What the endpoint is for. """
    status: WebhookStatus | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        url = self.url

        event_types: list[str] | Unset = UNSET
        if not isinstance(self.event_types, Unset):
            event_types = []
            for event_types_item_data in self.event_types:
                event_types_item = event_types_item_data.value
                event_types.append(event_types_item)

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
        if url is not UNSET:
            field_dict["url"] = url
        if event_types is not UNSET:
            field_dict["event_types"] = event_types
        if description is not UNSET:
            field_dict["description"] = description
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        url = d.pop("url", UNSET)

        _event_types = d.pop("event_types", UNSET)
        event_types: list[WebhookEventType] | Unset = UNSET
        if _event_types is not UNSET:
            event_types = []
            for event_types_item_data in _event_types:
                event_types_item = WebhookEventType(event_types_item_data)

                event_types.append(event_types_item)

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

        webhook_update = cls(
            url=url,
            event_types=event_types,
            description=description,
            status=status,
        )

        return webhook_update
