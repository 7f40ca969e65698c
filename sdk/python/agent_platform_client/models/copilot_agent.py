from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.prompt_block_pins import PromptBlockPins


T = TypeVar("T", bound="CopilotAgent")


@_attrs_define
class CopilotAgent:
    agent_id: UUID
    """ The agent. """
    agent_version_id: None | UUID
    """ Dev, the agent's current version at read time; staging and prod, the version pinned by the deployment. """
    prompt_block_versions: PromptBlockPins | Unset = UNSET
    """ Prompt block name to the block version a deployment pinned for this agent (staging and prod only; present
    when the agent's instructions reference blocks). """

    def to_dict(self) -> dict[str, Any]:
        agent_id = str(self.agent_id)

        agent_version_id: None | str
        if isinstance(self.agent_version_id, UUID):
            agent_version_id = str(self.agent_version_id)
        else:
            agent_version_id = self.agent_version_id

        prompt_block_versions: dict[str, Any] | Unset = UNSET
        if not isinstance(self.prompt_block_versions, Unset):
            prompt_block_versions = self.prompt_block_versions.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agentId": agent_id,
                "agentVersionId": agent_version_id,
            }
        )
        if prompt_block_versions is not UNSET:
            field_dict["promptBlockVersions"] = prompt_block_versions

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.prompt_block_pins import PromptBlockPins

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

        _prompt_block_versions = d.pop("promptBlockVersions", UNSET)
        prompt_block_versions: PromptBlockPins | Unset
        if isinstance(_prompt_block_versions, Unset):
            prompt_block_versions = UNSET
        else:
            prompt_block_versions = PromptBlockPins.from_dict(_prompt_block_versions)

        copilot_agent = cls(
            agent_id=agent_id,
            agent_version_id=agent_version_id,
            prompt_block_versions=prompt_block_versions,
        )

        return copilot_agent
