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
    from ..models.tool_result_data import ToolResultData


T = TypeVar("T", bound="ToolResultEvent")


@_attrs_define
class ToolResultEvent:
    """One `tool.result` event of the chat stream: the SSE frame's `id`, `event` and `data` lines."""

    id: int
    """ The event's sequence number in its thread (the `id:` line); `Last-Event-ID` names it. """
    event: Literal["tool.result"]
    """ The kind (the `event:` line). """
    data: ToolResultData
    """ Data of `tool.result`: the tool answered. Fields may be added later: clients ignore what they do not know.
    """

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
        from ..models.tool_result_data import ToolResultData

        d = dict(src_dict)
        id = d.pop("id")

        event = cast(Literal["tool.result"], d.pop("event"))
        if event != "tool.result":
            raise ValueError(f"event must match const 'tool.result', got '{event}'")

        data = ToolResultData.from_dict(d.pop("data"))

        tool_result_event = cls(
            id=id,
            event=event,
            data=data,
        )

        return tool_result_event
