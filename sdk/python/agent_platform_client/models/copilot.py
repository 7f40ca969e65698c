from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.environment import Environment

if TYPE_CHECKING:
    from ..models.copilot_agent import CopilotAgent
    from ..models.copilot_deployment_summary import CopilotDeploymentSummary
    from ..models.copilot_followup import CopilotFollowup
    from ..models.copilot_sdk_ui import CopilotSdkUi
    from ..models.copilot_workflow_ref import CopilotWorkflowRef


T = TypeVar("T", bound="Copilot")


@_attrs_define
class Copilot:
    id: UUID
    """ The network's id. """
    name: str
    """ The network's name. """
    description: None | str
    """ What the network is for (free text). """
    environment: Environment
    source_copilot_id: None | UUID
    """ The dev network of a staging or prod network; null for dev. """
    agents: list[CopilotAgent]
    """ Routing order. """
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
    deployment: CopilotDeploymentSummary | None
    """ The deployment live on a staging or prod network; null for dev. """
    deployed_at: datetime.datetime | None
    """ When the live deployment was made (null for dev). """
    created_at: datetime.datetime
    """ When the network was created. """
    updated_at: datetime.datetime
    """ When the network was last changed. """

    def to_dict(self) -> dict[str, Any]:
        from ..models.copilot_deployment_summary import CopilotDeploymentSummary

        id = str(self.id)

        name = self.name

        description: None | str
        description = self.description

        environment = self.environment.value

        source_copilot_id: None | str
        if isinstance(self.source_copilot_id, UUID):
            source_copilot_id = str(self.source_copilot_id)
        else:
            source_copilot_id = self.source_copilot_id

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

        deployment: dict[str, Any] | None
        if isinstance(self.deployment, CopilotDeploymentSummary):
            deployment = self.deployment.to_dict()
        else:
            deployment = self.deployment

        deployed_at: None | str
        if isinstance(self.deployed_at, datetime.datetime):
            deployed_at = self.deployed_at.isoformat()
        else:
            deployed_at = self.deployed_at

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "environment": environment,
                "source_copilot_id": source_copilot_id,
                "agents": agents,
                "workflows": workflows,
                "sdk_ui": sdk_ui,
                "handoff_prompt": handoff_prompt,
                "followup_instructions": followup_instructions,
                "deployment": deployment,
                "deployed_at": deployed_at,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.copilot_agent import CopilotAgent
        from ..models.copilot_deployment_summary import CopilotDeploymentSummary
        from ..models.copilot_followup import CopilotFollowup
        from ..models.copilot_sdk_ui import CopilotSdkUi
        from ..models.copilot_workflow_ref import CopilotWorkflowRef

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        environment = Environment(d.pop("environment"))

        def _parse_source_copilot_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                source_copilot_id_type_0 = UUID(data)

                return source_copilot_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        source_copilot_id = _parse_source_copilot_id(d.pop("source_copilot_id"))

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

        def _parse_deployment(data: object) -> CopilotDeploymentSummary | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                deployment_type_0 = CopilotDeploymentSummary.from_dict(data)

                return deployment_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CopilotDeploymentSummary | None, data)

        deployment = _parse_deployment(d.pop("deployment"))

        def _parse_deployed_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                deployed_at_type_0 = datetime.datetime.fromisoformat(data)

                return deployed_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        deployed_at = _parse_deployed_at(d.pop("deployed_at"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        copilot = cls(
            id=id,
            name=name,
            description=description,
            environment=environment,
            source_copilot_id=source_copilot_id,
            agents=agents,
            workflows=workflows,
            sdk_ui=sdk_ui,
            handoff_prompt=handoff_prompt,
            followup_instructions=followup_instructions,
            deployment=deployment,
            deployed_at=deployed_at,
            created_at=created_at,
            updated_at=updated_at,
        )

        return copilot
