from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.agent_model import AgentModel


T = TypeVar("T", bound="AgentCreate")


@_attrs_define
class AgentCreate:
    name: str
    """ The agent's name. """
    description: None | str | Unset = UNSET
    """ What the agent is for; a network's router reads it. """
    instructions: None | str | Unset = UNSET
    """ The agent's system instructions (at most 100,000 characters). `{{block:NAME}}` inserts the prompt block NAME
    (400 `unknown_prompt_block` when the organization has none). """
    model: AgentModel | Unset = UNSET
    """ Model settings; default `{provider: echo, name: echo}` (the built-in offline model). """
    tool_ids: list[UUID] | Unset = UNSET
    """ Tools the agent may call (default none). """
    tool_provider_ids: list[UUID] | Unset = UNSET
    """ Providers whose enabled tools, present and future, the agent may call (default none). """
    max_steps: int | Unset = 10
    """ Bound on model calls in one turn (default 10). """
    approval_tool_ids: list[UUID] | Unset = UNSET
    """ Tools whose calls by this agent wait for a person's approval, whether or not the tool itself requires it
    (404 `tool_not_found` for a tool outside the organization). """
    memory: bool | Unset = False
    """ Memory (default false): built-in tools to save, search and forget memories of the turn's end user, and a
    digest of that user's newest memories in the agent's context. """
    knowledge_base_ids: list[UUID] | Unset = UNSET
    """ Knowledge bases the agent searches with its built-in `search_knowledge` tool (404 `knowledge_base_not_found`
    for one outside the organization). """

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        instructions: None | str | Unset
        if isinstance(self.instructions, Unset):
            instructions = UNSET
        else:
            instructions = self.instructions

        model: dict[str, Any] | Unset = UNSET
        if not isinstance(self.model, Unset):
            model = self.model.to_dict()

        tool_ids: list[str] | Unset = UNSET
        if not isinstance(self.tool_ids, Unset):
            tool_ids = []
            for tool_ids_item_data in self.tool_ids:
                tool_ids_item = str(tool_ids_item_data)
                tool_ids.append(tool_ids_item)

        tool_provider_ids: list[str] | Unset = UNSET
        if not isinstance(self.tool_provider_ids, Unset):
            tool_provider_ids = []
            for tool_provider_ids_item_data in self.tool_provider_ids:
                tool_provider_ids_item = str(tool_provider_ids_item_data)
                tool_provider_ids.append(tool_provider_ids_item)

        max_steps = self.max_steps

        approval_tool_ids: list[str] | Unset = UNSET
        if not isinstance(self.approval_tool_ids, Unset):
            approval_tool_ids = []
            for approval_tool_ids_item_data in self.approval_tool_ids:
                approval_tool_ids_item = str(approval_tool_ids_item_data)
                approval_tool_ids.append(approval_tool_ids_item)

        memory = self.memory

        knowledge_base_ids: list[str] | Unset = UNSET
        if not isinstance(self.knowledge_base_ids, Unset):
            knowledge_base_ids = []
            for knowledge_base_ids_item_data in self.knowledge_base_ids:
                knowledge_base_ids_item = str(knowledge_base_ids_item_data)
                knowledge_base_ids.append(knowledge_base_ids_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description
        if instructions is not UNSET:
            field_dict["instructions"] = instructions
        if model is not UNSET:
            field_dict["model"] = model
        if tool_ids is not UNSET:
            field_dict["tool_ids"] = tool_ids
        if tool_provider_ids is not UNSET:
            field_dict["tool_provider_ids"] = tool_provider_ids
        if max_steps is not UNSET:
            field_dict["max_steps"] = max_steps
        if approval_tool_ids is not UNSET:
            field_dict["approval_tool_ids"] = approval_tool_ids
        if memory is not UNSET:
            field_dict["memory"] = memory
        if knowledge_base_ids is not UNSET:
            field_dict["knowledge_base_ids"] = knowledge_base_ids

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.agent_model import AgentModel

        d = dict(src_dict)
        name = d.pop("name")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        def _parse_instructions(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        instructions = _parse_instructions(d.pop("instructions", UNSET))

        _model = d.pop("model", UNSET)
        model: AgentModel | Unset
        if isinstance(_model, Unset):
            model = UNSET
        else:
            model = AgentModel.from_dict(_model)

        _tool_ids = d.pop("tool_ids", UNSET)
        tool_ids: list[UUID] | Unset = UNSET
        if _tool_ids is not UNSET:
            tool_ids = []
            for tool_ids_item_data in _tool_ids:
                tool_ids_item = UUID(tool_ids_item_data)

                tool_ids.append(tool_ids_item)

        _tool_provider_ids = d.pop("tool_provider_ids", UNSET)
        tool_provider_ids: list[UUID] | Unset = UNSET
        if _tool_provider_ids is not UNSET:
            tool_provider_ids = []
            for tool_provider_ids_item_data in _tool_provider_ids:
                tool_provider_ids_item = UUID(tool_provider_ids_item_data)

                tool_provider_ids.append(tool_provider_ids_item)

        max_steps = d.pop("max_steps", UNSET)

        _approval_tool_ids = d.pop("approval_tool_ids", UNSET)
        approval_tool_ids: list[UUID] | Unset = UNSET
        if _approval_tool_ids is not UNSET:
            approval_tool_ids = []
            for approval_tool_ids_item_data in _approval_tool_ids:
                approval_tool_ids_item = UUID(approval_tool_ids_item_data)

                approval_tool_ids.append(approval_tool_ids_item)

        memory = d.pop("memory", UNSET)

        _knowledge_base_ids = d.pop("knowledge_base_ids", UNSET)
        knowledge_base_ids: list[UUID] | Unset = UNSET
        if _knowledge_base_ids is not UNSET:
            knowledge_base_ids = []
            for knowledge_base_ids_item_data in _knowledge_base_ids:
                knowledge_base_ids_item = UUID(knowledge_base_ids_item_data)

                knowledge_base_ids.append(knowledge_base_ids_item)

        agent_create = cls(
            name=name,
            description=description,
            instructions=instructions,
            model=model,
            tool_ids=tool_ids,
            tool_provider_ids=tool_provider_ids,
            max_steps=max_steps,
            approval_tool_ids=approval_tool_ids,
            memory=memory,
            knowledge_base_ids=knowledge_base_ids,
        )

        return agent_create
