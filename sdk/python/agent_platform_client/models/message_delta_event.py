from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.message_delta_data import MessageDeltaData


T = TypeVar("T", bound="MessageDeltaEvent")


@_attrs_define
class MessageDeltaEvent:
    """One `message.delta` event of the chat stream: the SSE frame's `id`, `event` and `data` lines."""

    id: int
    """ The event's sequence number in its thread (the `id:` line); `Last-Event-ID` names it. """
    event: Literal["message.delta"]
    """ The kind (the `event:` line). """
    data: MessageDeltaData
    """ Data of `message.delta`: a piece of the answer as the model streams it; the pieces concatenated are the
    answer. Fields may be added later: clients ignore what they do not know. """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        event = self.event

        data = self.data.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "event": event,
                "data": data,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.message_delta_data import MessageDeltaData

        d = dict(src_dict)
        id = d.pop("id")

        event = cast(Literal["message.delta"], d.pop("event"))
        if event != "message.delta":
            raise ValueError(f"event must match const 'message.delta', got '{event}'")

        data = MessageDeltaData.from_dict(d.pop("data"))

        message_delta_event = cls(
            id=id,
            event=event,
            data=data,
        )

        return message_delta_event
