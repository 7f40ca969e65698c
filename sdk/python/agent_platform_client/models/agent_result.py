from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.agent import Agent
    from ..models.rebuild_agent import RebuildAgent


T = TypeVar("T", bound="AgentResult")


@_attrs_define
class AgentResult:
    agent: Agent
    build: RebuildAgent

    def to_dict(self) -> dict[str, Any]:
        agent = self.agent.to_dict()

        build = self.build.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agent": agent,
                "build": build,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.agent import Agent
        from ..models.rebuild_agent import RebuildAgent

        d = dict(src_dict)
        agent = Agent.from_dict(d.pop("agent"))

        build = RebuildAgent.from_dict(d.pop("build"))

        agent_result = cls(
            agent=agent,
            build=build,
        )

        return agent_result
