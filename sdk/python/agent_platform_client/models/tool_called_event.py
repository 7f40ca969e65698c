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
    from ..models.tool_called_data import ToolCalledData


T = TypeVar("T", bound="ToolCalledEvent")


@_attrs_define
class ToolCalledEvent:
    """One `tool.called` event of the chat stream: the SSE frame's `id`, `event` and `data` lines."""

    id: int
    """ The event's sequence number in its thread (the `id:` line); `Last-Event-ID` names it. """
    event: Literal["tool.called"]
    """ The kind (the `event:` line). """
    data: ToolCalledData
    """ Data of `tool.called`: the agent called a tool. Fields may be added later: clients ignore what they do not
    know. """

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
        from ..models.tool_called_data import ToolCalledData

        d = dict(src_dict)
        id = d.pop("id")

        event = cast(Literal["tool.called"], d.pop("event"))
        if event != "tool.called":
            raise ValueError(f"event must match const 'tool.called', got '{event}'")

        data = ToolCalledData.from_dict(d.pop("data"))

        tool_called_event = cls(
            id=id,
            event=event,
            data=data,
        )

        return tool_called_event
