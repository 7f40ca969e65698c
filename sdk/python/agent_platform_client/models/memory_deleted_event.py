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
    from ..models.memory_deleted_data import MemoryDeletedData


T = TypeVar("T", bound="MemoryDeletedEvent")


@_attrs_define
class MemoryDeletedEvent:
    """One `memory.deleted` event of the chat stream: the SSE frame's `id`, `event` and `data` lines."""

    id: int
    """ The event's sequence number in its thread (the `id:` line); `Last-Event-ID` names it. """
    event: Literal["memory.deleted"]
    """ The kind (the `event:` line). """
    data: MemoryDeletedData
    """ Data of `memory.deleted`: an agent with memory forgot a memory of the turn's user. Fields may be added
    later: clients ignore what they do not know. """

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
        from ..models.memory_deleted_data import MemoryDeletedData

        d = dict(src_dict)
        id = d.pop("id")

        event = cast(Literal["memory.deleted"], d.pop("event"))
        if event != "memory.deleted":
            raise ValueError(f"event must match const 'memory.deleted', got '{event}'")

        data = MemoryDeletedData.from_dict(d.pop("data"))

        memory_deleted_event = cls(
            id=id,
            event=event,
            data=data,
        )

        return memory_deleted_event
