from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.copilot_agent_ref import CopilotAgentRef
    from ..models.copilot_followup import CopilotFollowup
    from ..models.copilot_sdk_ui import CopilotSdkUi
    from ..models.copilot_workflow_ref import CopilotWorkflowRef


T = TypeVar("T", bound="CopilotUpdate")


@_attrs_define
class CopilotUpdate:
    name: str | Unset = UNSET
    """ The network's new name. """
    description: None | str | Unset = UNSET
    """ What the network is for; null removes it. """
    agents: list[CopilotAgentRef] | Unset = UNSET
    """ Replaces the list; routing order. """
    workflows: list[CopilotWorkflowRef] | Unset = UNSET
    """ Replaces the list. """
    sdk_ui: CopilotSdkUi | Unset = UNSET
    """ Chat-widget configuration, read by the chat widget (`/widget/v1/chat.js`, docs/widget.md). `theme` and
    `title` are strings; `accent_color`, `placeholder`, `greeting` and `position` follow the rules below; further
    keys (names of letters, digits and `_`) are stored and returned verbatim with scalar values. """
    handoff_prompt: None | str | Unset = UNSET
    """ How to route between the agents; null removes it. """
    followup_instructions: list[CopilotFollowup] | Unset = UNSET
    """ How to suggest follow-up questions; replaces the stored ones. """

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        agents: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.agents, Unset):
            agents = []
            for agents_item_data in self.agents:
                agents_item = agents_item_data.to_dict()
                agents.append(agents_item)

        workflows: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.workflows, Unset):
            workflows = []
            for workflows_item_data in self.workflows:
                workflows_item = workflows_item_data.to_dict()
                workflows.append(workflows_item)

        sdk_ui: dict[str, Any] | Unset = UNSET
        if not isinstance(self.sdk_ui, Unset):
            sdk_ui = self.sdk_ui.to_dict()

        handoff_prompt: None | str | Unset
        if isinstance(self.handoff_prompt, Unset):
            handoff_prompt = UNSET
        else:
            handoff_prompt = self.handoff_prompt

        followup_instructions: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.followup_instructions, Unset):
            followup_instructions = []
            for followup_instructions_item_data in self.followup_instructions:
                followup_instructions_item = followup_instructions_item_data.to_dict()
                followup_instructions.append(followup_instructions_item)

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if agents is not UNSET:
            field_dict["agents"] = agents
        if workflows is not UNSET:
            field_dict["workflows"] = workflows
        if sdk_ui is not UNSET:
            field_dict["sdk_ui"] = sdk_ui
        if handoff_prompt is not UNSET:
            field_dict["handoff_prompt"] = handoff_prompt
        if followup_instructions is not UNSET:
            field_dict["followup_instructions"] = followup_instructions

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.copilot_agent_ref import CopilotAgentRef
        from ..models.copilot_followup import CopilotFollowup
        from ..models.copilot_sdk_ui import CopilotSdkUi
        from ..models.copilot_workflow_ref import CopilotWorkflowRef

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        _agents = d.pop("agents", UNSET)
        agents: list[CopilotAgentRef] | Unset = UNSET
        if _agents is not UNSET:
            agents = []
            for agents_item_data in _agents:
                agents_item = CopilotAgentRef.from_dict(agents_item_data)

                agents.append(agents_item)

        _workflows = d.pop("workflows", UNSET)
        workflows: list[CopilotWorkflowRef] | Unset = UNSET
        if _workflows is not UNSET:
            workflows = []
            for workflows_item_data in _workflows:
                workflows_item = CopilotWorkflowRef.from_dict(workflows_item_data)

                workflows.append(workflows_item)

        _sdk_ui = d.pop("sdk_ui", UNSET)
        sdk_ui: CopilotSdkUi | Unset
        if isinstance(_sdk_ui, Unset):
            sdk_ui = UNSET
        else:
            sdk_ui = CopilotSdkUi.from_dict(_sdk_ui)

        def _parse_handoff_prompt(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        handoff_prompt = _parse_handoff_prompt(d.pop("handoff_prompt", UNSET))

        _followup_instructions = d.pop("followup_instructions", UNSET)
        followup_instructions: list[CopilotFollowup] | Unset = UNSET
        if _followup_instructions is not UNSET:
            followup_instructions = []
            for followup_instructions_item_data in _followup_instructions:
                followup_instructions_item = CopilotFollowup.from_dict(
                    followup_instructions_item_data
                )

                followup_instructions.append(followup_instructions_item)

        copilot_update = cls(
            name=name,
            description=description,
            agents=agents,
            workflows=workflows,
            sdk_ui=sdk_ui,
            handoff_prompt=handoff_prompt,
            followup_instructions=followup_instructions,
        )

        return copilot_update
