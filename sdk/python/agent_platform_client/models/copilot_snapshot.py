from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.copilot_agent import CopilotAgent
    from ..models.copilot_followup import CopilotFollowup
    from ..models.copilot_sdk_ui import CopilotSdkUi
    from ..models.copilot_workflow_ref import CopilotWorkflowRef


T = TypeVar("T", bound="CopilotSnapshot")


@_attrs_define
class CopilotSnapshot:
    name: str
    """ The network's name. """
    description: None | str
    """ What the network is for. """
    agents: list[CopilotAgent]
    """ Member agents with their pinned versions, in routing order. """
    workflows: list[CopilotWorkflowRef]
    """ Workflows the network's agents may run as tools. """
    sdk_ui: CopilotSdkUi
    """ Chat-widget configuration, read by the chat widget (`/widget/v1/chat.js`, docs/widget.md). `theme` and
    `title` are strings; `accent_color`, `placeholder`, `greeting` and `position` follow the rules below; further
    keys (names of letters, digits and `_`) are stored and returned verbatim with scalar values. """
    handoff_prompt: None | str
    """ How to route between the agents; null: none. """
    followup_instructions: list[CopilotFollowup]
    """ How to suggest follow-up questions after an answer. """

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description: None | str
        description = self.description

        agents = []
        for agents_item_data in self.agents:
            agents_item = agents_item_data.to_dict()
            agents.append(agents_item)

        workflows = []
        for workflows_item_data in self.workflows:
            workflows_item = workflows_item_data.to_dict()
            workflows.append(workflows_item)

        sdk_ui = self.sdk_ui.to_dict()

        handoff_prompt: None | str
        handoff_prompt = self.handoff_prompt

        followup_instructions = []
        for followup_instructions_item_data in self.followup_instructions:
            followup_instructions_item = followup_instructions_item_data.to_dict()
            followup_instructions.append(followup_instructions_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "description": description,
                "agents": agents,
                "workflows": workflows,
                "sdk_ui": sdk_ui,
                "handoff_prompt": handoff_prompt,
                "followup_instructions": followup_instructions,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.copilot_agent import CopilotAgent
        from ..models.copilot_followup import CopilotFollowup
        from ..models.copilot_sdk_ui import CopilotSdkUi
        from ..models.copilot_workflow_ref import CopilotWorkflowRef

        d = dict(src_dict)
        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        agents = []
        _agents = d.pop("agents")
        for agents_item_data in _agents:
            agents_item = CopilotAgent.from_dict(agents_item_data)

            agents.append(agents_item)

        workflows = []
        _workflows = d.pop("workflows")
        for workflows_item_data in _workflows:
            workflows_item = CopilotWorkflowRef.from_dict(workflows_item_data)

            workflows.append(workflows_item)

        sdk_ui = CopilotSdkUi.from_dict(d.pop("sdk_ui"))

        def _parse_handoff_prompt(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        handoff_prompt = _parse_handoff_prompt(d.pop("handoff_prompt"))

        followup_instructions = []
        _followup_instructions = d.pop("followup_instructions")
        for followup_instructions_item_data in _followup_instructions:
            followup_instructions_item = CopilotFollowup.from_dict(
                followup_instructions_item_data
            )

            followup_instructions.append(followup_instructions_item)

        copilot_snapshot = cls(
            name=name,
            description=description,
            agents=agents,
            workflows=workflows,
            sdk_ui=sdk_ui,
            handoff_prompt=handoff_prompt,
            followup_instructions=followup_instructions,
        )

        return copilot_snapshot
