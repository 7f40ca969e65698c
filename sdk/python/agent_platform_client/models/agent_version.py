from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agent_model import AgentModel


T = TypeVar("T", bound="AgentVersion")


@_attrs_define
class AgentVersion:
    id: UUID
    """ The agentVersionId. """
    agent_id: UUID
    """ The agent. """
    version: int
    """ The version's number (1, 2, ...). """
    name: str
    """ The agent's name in this version. """
    description: None | str
    """ What the agent is for. """
    instructions: None | str
    """ The agent's system instructions. """
    model: AgentModel
    """ Model settings; default `{provider: echo, name: echo}` (the built-in offline model). """
    tool_ids: list[UUID]
    """ Tools the agent may call (ids). """
    tool_provider_ids: list[UUID]
    """ Providers whose enabled tools, present and future, the agent may call. """
    max_steps: int
    """ Bound on model calls in one turn (1-100). """
    memory: bool
    """ Whether the agent has memory of its end users. """
    approval_tool_ids: list[UUID]
    """ Tools whose calls by this agent wait for a person's approval. """
    created_at: datetime.datetime
    """ When the version was created. """
    knowledge_base_ids: list[UUID] | Unset = UNSET
    """ Knowledge bases the agent searches (its `search_knowledge` tool). """

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        agent_id = str(self.agent_id)

        version = self.version

        name = self.name

        description: None | str
        description = self.description

        instructions: None | str
        instructions = self.instructions

        model = self.model.to_dict()

        tool_ids = []
        for tool_ids_item_data in self.tool_ids:
            tool_ids_item = str(tool_ids_item_data)
            tool_ids.append(tool_ids_item)

        tool_provider_ids = []
        for tool_provider_ids_item_data in self.tool_provider_ids:
            tool_provider_ids_item = str(tool_provider_ids_item_data)
            tool_provider_ids.append(tool_provider_ids_item)

        max_steps = self.max_steps

        memory = self.memory

        approval_tool_ids = []
        for approval_tool_ids_item_data in self.approval_tool_ids:
            approval_tool_ids_item = str(approval_tool_ids_item_data)
            approval_tool_ids.append(approval_tool_ids_item)

        created_at = self.created_at.isoformat()

        knowledge_base_ids: list[str] | Unset = UNSET
        if not isinstance(self.knowledge_base_ids, Unset):
            knowledge_base_ids = []
            for knowledge_base_ids_item_data in self.knowledge_base_ids:
                knowledge_base_ids_item = str(knowledge_base_ids_item_data)
                knowledge_base_ids.append(knowledge_base_ids_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "agent_id": agent_id,
                "version": version,
                "name": name,
                "description": description,
                "instructions": instructions,
                "model": model,
                "tool_ids": tool_ids,
                "tool_provider_ids": tool_provider_ids,
                "max_steps": max_steps,
                "memory": memory,
                "approval_tool_ids": approval_tool_ids,
                "created_at": created_at,
            }
        )
        if knowledge_base_ids is not UNSET:
            field_dict["knowledge_base_ids"] = knowledge_base_ids

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.agent_model import AgentModel

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        agent_id = UUID(d.pop("agent_id"))

        version = d.pop("version")

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        def _parse_instructions(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        instructions = _parse_instructions(d.pop("instructions"))

        model = AgentModel.from_dict(d.pop("model"))

        tool_ids = []
        _tool_ids = d.pop("tool_ids")
        for tool_ids_item_data in _tool_ids:
            tool_ids_item = UUID(tool_ids_item_data)

            tool_ids.append(tool_ids_item)

        tool_provider_ids = []
        _tool_provider_ids = d.pop("tool_provider_ids")
        for tool_provider_ids_item_data in _tool_provider_ids:
            tool_provider_ids_item = UUID(tool_provider_ids_item_data)

            tool_provider_ids.append(tool_provider_ids_item)

        max_steps = d.pop("max_steps")

        memory = d.pop("memory")

        approval_tool_ids = []
        _approval_tool_ids = d.pop("approval_tool_ids")
        for approval_tool_ids_item_data in _approval_tool_ids:
            approval_tool_ids_item = UUID(approval_tool_ids_item_data)

            approval_tool_ids.append(approval_tool_ids_item)

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        _knowledge_base_ids = d.pop("knowledge_base_ids", UNSET)
        knowledge_base_ids: list[UUID] | Unset = UNSET
        if _knowledge_base_ids is not UNSET:
            knowledge_base_ids = []
            for knowledge_base_ids_item_data in _knowledge_base_ids:
                knowledge_base_ids_item = UUID(knowledge_base_ids_item_data)

                knowledge_base_ids.append(knowledge_base_ids_item)

        agent_version = cls(
            id=id,
            agent_id=agent_id,
            version=version,
            name=name,
            description=description,
            instructions=instructions,
            model=model,
            tool_ids=tool_ids,
            tool_provider_ids=tool_provider_ids,
            max_steps=max_steps,
            memory=memory,
            approval_tool_ids=approval_tool_ids,
            created_at=created_at,
            knowledge_base_ids=knowledge_base_ids,
        )

        return agent_version
