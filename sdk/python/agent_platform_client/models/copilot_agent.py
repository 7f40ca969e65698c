from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="CopilotAgent")


@_attrs_define
class CopilotAgent:
    agent_id: UUID
    """ The agent. """
    agent_version_id: None | UUID
    """ Dev, the agent's current version at read time; staging and prod, the version pinned by the deployment. """

    def to_dict(self) -> dict[str, Any]:
        agent_id = str(self.agent_id)

        agent_version_id: None | str
        if isinstance(self.agent_version_id, UUID):
            agent_version_id = str(self.agent_version_id)
        else:
            agent_version_id = self.agent_version_id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agentId": agent_id,
                "agentVersionId": agent_version_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        agent_id = UUID(d.pop("agentId"))

        def _parse_agent_version_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                agent_version_id_type_0 = UUID(data)

                return agent_version_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        agent_version_id = _parse_agent_version_id(d.pop("agentVersionId"))

        copilot_agent = cls(
            agent_id=agent_id,
            agent_version_id=agent_version_id,
        )

        return copilot_agent
