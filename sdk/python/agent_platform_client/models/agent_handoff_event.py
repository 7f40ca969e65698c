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
    from ..models.agent_handoff_data import AgentHandoffData


T = TypeVar("T", bound="AgentHandoffEvent")


@_attrs_define
class AgentHandoffEvent:
    """One `agent.handoff` event of the chat stream: the SSE frame's `id`, `event` and `data` lines."""

    id: int
    """ The event's sequence number in its thread (the `id:` line); `Last-Event-ID` names it. """
    event: Literal["agent.handoff"]
    """ The kind (the `event:` line). """
    data: AgentHandoffData
    """ Data of `agent.handoff`: a network passed the conversation to another agent. Fields may be added later:
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
        from ..models.agent_handoff_data import AgentHandoffData

        d = dict(src_dict)
        id = d.pop("id")

        event = cast(Literal["agent.handoff"], d.pop("event"))
        if event != "agent.handoff":
            raise ValueError(f"event must match const 'agent.handoff', got '{event}'")

        data = AgentHandoffData.from_dict(d.pop("data"))

        agent_handoff_event = cls(
            id=id,
            event=event,
            data=data,
        )

        return agent_handoff_event
