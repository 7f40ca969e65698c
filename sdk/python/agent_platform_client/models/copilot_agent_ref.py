from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="CopilotAgentRef")


@_attrs_define
class CopilotAgentRef:
    agent_id: UUID
    """ The agent. """

    def to_dict(self) -> dict[str, Any]:
        agent_id = str(self.agent_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agentId": agent_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        agent_id = UUID(d.pop("agentId"))

        copilot_agent_ref = cls(
            agent_id=agent_id,
        )

        return copilot_agent_ref
