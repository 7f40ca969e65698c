from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.agent import Agent


T = TypeVar("T", bound="AgentBody")


@_attrs_define
class AgentBody:
    agent: Agent

    def to_dict(self) -> dict[str, Any]:
        agent = self.agent.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agent": agent,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.agent import Agent

        d = dict(src_dict)
        agent = Agent.from_dict(d.pop("agent"))

        agent_body = cls(
            agent=agent,
        )

        return agent_body
