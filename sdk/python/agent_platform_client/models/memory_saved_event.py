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
    from ..models.memory_saved_data import MemorySavedData


T = TypeVar("T", bound="MemorySavedEvent")


@_attrs_define
class MemorySavedEvent:
    """One `memory.saved` event of the chat stream: the SSE frame's `id`, `event` and `data` lines."""

    id: int
    """ The event's sequence number in its thread (the `id:` line); `Last-Event-ID` names it. """
    event: Literal["memory.saved"]
    """ The kind (the `event:` line). """
    data: MemorySavedData
    """ Data of `memory.saved`: an agent with memory saved a memory of the turn's user. Fields may be added later:
    clients ignore what they do not know. """

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
        from ..models.memory_saved_data import MemorySavedData

        d = dict(src_dict)
        id = d.pop("id")

        event = cast(Literal["memory.saved"], d.pop("event"))
        if event != "memory.saved":
            raise ValueError(f"event must match const 'memory.saved', got '{event}'")

        data = MemorySavedData.from_dict(d.pop("data"))

        memory_saved_event = cls(
            id=id,
            event=event,
            data=data,
        )

        return memory_saved_event
