from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="AgentHandoffData")


@_attrs_define
class AgentHandoffData:
    """Data of `agent.handoff`: a network passed the conversation to another agent. Fields may be added later: clients
    ignore what they do not know.

    """

    run_id: UUID
    """ The run (turn) the event belongs to. """
    from_agent_id: UUID
    """ The agent that handed off. """
    to_agent_id: UUID
    """ The agent that answers next. """
    reason: str
    """ Why, as the handing-off agent stated it. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        run_id = str(self.run_id)

        from_agent_id = str(self.from_agent_id)

        to_agent_id = str(self.to_agent_id)

        reason = self.reason

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "run_id": run_id,
                "from_agent_id": from_agent_id,
                "to_agent_id": to_agent_id,
                "reason": reason,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        run_id = UUID(d.pop("run_id"))

        from_agent_id = UUID(d.pop("from_agent_id"))

        to_agent_id = UUID(d.pop("to_agent_id"))

        reason = d.pop("reason")

        agent_handoff_data = cls(
            run_id=run_id,
            from_agent_id=from_agent_id,
            to_agent_id=to_agent_id,
            reason=reason,
        )

        agent_handoff_data.additional_properties = d
        return agent_handoff_data

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
