from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.webhook_delivery import WebhookDelivery


T = TypeVar("T", bound="WebhookDeliveryBody")


@_attrs_define
class WebhookDeliveryBody:
    delivery: WebhookDelivery

    def to_dict(self) -> dict[str, Any]:
        delivery = self.delivery.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "delivery": delivery,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.webhook_delivery import WebhookDelivery

        d = dict(src_dict)
        delivery = WebhookDelivery.from_dict(d.pop("delivery"))

        webhook_delivery_body = cls(
            delivery=delivery,
        )

        return webhook_delivery_body
