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
    from ..models.message_completed_data import MessageCompletedData


T = TypeVar("T", bound="MessageCompletedEvent")


@_attrs_define
class MessageCompletedEvent:
    """One `message.completed` event of the chat stream: the SSE frame's `id`, `event` and `data` lines."""

    id: int
    """ The event's sequence number in its thread (the `id:` line); `Last-Event-ID` names it. """
    event: Literal["message.completed"]
    """ The kind (the `event:` line). """
    data: MessageCompletedData
    """ Data of `message.completed`: the answer is complete and stored as the thread's assistant message
    `message_id`; with `interrupted: true`, the turn was cancelled and this is what it had answered (the
    `run.cancelled` event follows). Fields may be added later: clients ignore what they do not know. """

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
        from ..models.message_completed_data import MessageCompletedData

        d = dict(src_dict)
        id = d.pop("id")

        event = cast(Literal["message.completed"], d.pop("event"))
        if event != "message.completed":
            raise ValueError(
                f"event must match const 'message.completed', got '{event}'"
            )

        data = MessageCompletedData.from_dict(d.pop("data"))

        message_completed_event = cls(
            id=id,
            event=event,
            data=data,
        )

        return message_completed_event
