from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.run_status import RunStatus
from ..models.turn_kind import TurnKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.error_detail import ErrorDetail
    from ..models.run_approval import RunApproval
    from ..models.turn_step import TurnStep
    from ..models.turn_usage import TurnUsage


T = TypeVar("T", bound="TurnRun")


@_attrs_define
class TurnRun:
    id: UUID
    """ The run's id. """
    kind: TurnKind
    agent_id: None | UUID
    """ The agent run; for a network, the agent that answered. """
    copilot_id: None | UUID
    """ The network (null for an agent turn). """
    thread_id: None | UUID
    """ The chat thread (null for runs without a thread). """
    workflow_id: None | UUID
    """ The workflow whose step made this run (null otherwise). """
    workflow_run_id: None | UUID
    """ The workflow run whose step made this run (null otherwise). """
    user_id: None | str
    """ The end user (null for an API-key run without X-User-Id). """
    group_id: None | str
    """ The group billed. """
    status: RunStatus
    input_: str
    """ The user's message. """
    output: None | str
    """ The answer (null unless succeeded). """
    steps: list[TurnStep]
    """ Model calls (`model_call`, `followups`), tool calls (`tool_call`), handoffs (`handoff`, `handoff_refused`),
    memory writes (`memory`), approvals (`approval_requested`, `approval`: the decision, who decided and when), in
    order, with durations and errors. """
    usage: TurnUsage
    """ Counters of the turn: input_tokens, output_tokens, model_calls, tool_calls. """
    cost_usd: float
    """ Cost in USD at the configured prices. """
    error: ErrorDetail | None
    """ Why the run failed (null unless failed or cancelled); code e.g. max_steps_exceeded, agent_not_built,
    network_empty, run_interrupted, cancelled, internal_error, or the model's error code (model_unavailable,
    model_auth_failed, ...). """
    followups: list[str] | None
    """ Suggested next questions (network turns with follow-up instructions). """
    cancel_requested: bool
    """ A cancel was asked for. """
    created_at: datetime.datetime
    """ When the run was created. """
    started_at: datetime.datetime | None
    """ When it started running (null before). """
    finished_at: datetime.datetime | None
    """ When it finished (null before). """
    updated_at: datetime.datetime
    """ When the run was last changed. """
    request_id: None | str | Unset = UNSET
    """ The `X-Request-Id` of the request that started the run (null for runs a schedule or the service started).
    """
    trigger_id: None | Unset | UUID = UNSET
    """ The inbound trigger whose call started the run (null otherwise). """
    approvals: list[RunApproval] | Unset = UNSET
    """ Present once the run waited for approvals: the tool calls of its latest pause and their decisions (every
    decision is also an `approval` step). """

    def to_dict(self) -> dict[str, Any]:
        from ..models.error_detail import ErrorDetail

        id = str(self.id)

        kind = self.kind.value

        agent_id: None | str
        if isinstance(self.agent_id, UUID):
            agent_id = str(self.agent_id)
        else:
            agent_id = self.agent_id

        copilot_id: None | str
        if isinstance(self.copilot_id, UUID):
            copilot_id = str(self.copilot_id)
        else:
            copilot_id = self.copilot_id

        thread_id: None | str
        if isinstance(self.thread_id, UUID):
            thread_id = str(self.thread_id)
        else:
            thread_id = self.thread_id

        workflow_id: None | str
        if isinstance(self.workflow_id, UUID):
            workflow_id = str(self.workflow_id)
        else:
            workflow_id = self.workflow_id

        workflow_run_id: None | str
        if isinstance(self.workflow_run_id, UUID):
            workflow_run_id = str(self.workflow_run_id)
        else:
            workflow_run_id = self.workflow_run_id

        user_id: None | str
        user_id = self.user_id

        group_id: None | str
        group_id = self.group_id

        status = self.status.value

        input_ = self.input_

        output: None | str
        output = self.output

        steps = []
        for steps_item_data in self.steps:
            steps_item = steps_item_data.to_dict()
            steps.append(steps_item)

        usage = self.usage.to_dict()

        cost_usd = self.cost_usd

        error: dict[str, Any] | None
        if isinstance(self.error, ErrorDetail):
            error = self.error.to_dict()
        else:
            error = self.error

        followups: list[str] | None
        if isinstance(self.followups, list):
            followups = self.followups

        else:
            followups = self.followups

        cancel_requested = self.cancel_requested

        created_at = self.created_at.isoformat()

        started_at: None | str
        if isinstance(self.started_at, datetime.datetime):
            started_at = self.started_at.isoformat()
        else:
            started_at = self.started_at

        finished_at: None | str
        if isinstance(self.finished_at, datetime.datetime):
            finished_at = self.finished_at.isoformat()
        else:
            finished_at = self.finished_at

        updated_at = self.updated_at.isoformat()

        request_id: None | str | Unset
        if isinstance(self.request_id, Unset):
            request_id = UNSET
        else:
            request_id = self.request_id

        trigger_id: None | str | Unset
        if isinstance(self.trigger_id, Unset):
            trigger_id = UNSET
        elif isinstance(self.trigger_id, UUID):
            trigger_id = str(self.trigger_id)
        else:
            trigger_id = self.trigger_id

        approvals: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.approvals, Unset):
            approvals = []
            for approvals_item_data in self.approvals:
                approvals_item = approvals_item_data.to_dict()
                approvals.append(approvals_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "kind": kind,
                "agent_id": agent_id,
                "copilot_id": copilot_id,
                "thread_id": thread_id,
                "workflow_id": workflow_id,
                "workflow_run_id": workflow_run_id,
                "user_id": user_id,
                "group_id": group_id,
                "status": status,
                "input": input_,
                "output": output,
                "steps": steps,
                "usage": usage,
                "cost_usd": cost_usd,
                "error": error,
                "followups": followups,
                "cancel_requested": cancel_requested,
                "created_at": created_at,
                "started_at": started_at,
                "finished_at": finished_at,
                "updated_at": updated_at,
            }
        )
        if request_id is not UNSET:
            field_dict["request_id"] = request_id
        if trigger_id is not UNSET:
            field_dict["trigger_id"] = trigger_id
        if approvals is not UNSET:
            field_dict["approvals"] = approvals

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.error_detail import ErrorDetail
        from ..models.run_approval import RunApproval
        from ..models.turn_step import TurnStep
        from ..models.turn_usage import TurnUsage

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        kind = TurnKind(d.pop("kind"))

        def _parse_agent_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                agent_id_type_0 = UUID(data)

                return agent_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        agent_id = _parse_agent_id(d.pop("agent_id"))

        def _parse_copilot_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                copilot_id_type_0 = UUID(data)

                return copilot_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        copilot_id = _parse_copilot_id(d.pop("copilot_id"))

        def _parse_thread_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                thread_id_type_0 = UUID(data)

                return thread_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        thread_id = _parse_thread_id(d.pop("thread_id"))

        def _parse_workflow_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                workflow_id_type_0 = UUID(data)

                return workflow_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        workflow_id = _parse_workflow_id(d.pop("workflow_id"))

        def _parse_workflow_run_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                workflow_run_id_type_0 = UUID(data)

                return workflow_run_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        workflow_run_id = _parse_workflow_run_id(d.pop("workflow_run_id"))

        def _parse_user_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        user_id = _parse_user_id(d.pop("user_id"))

        def _parse_group_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        group_id = _parse_group_id(d.pop("group_id"))

        status = RunStatus(d.pop("status"))

        input_ = d.pop("input")

        def _parse_output(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        output = _parse_output(d.pop("output"))

        steps = []
        _steps = d.pop("steps")
        for steps_item_data in _steps:
            steps_item = TurnStep.from_dict(steps_item_data)

            steps.append(steps_item)

        usage = TurnUsage.from_dict(d.pop("usage"))

        cost_usd = d.pop("cost_usd")

        def _parse_error(data: object) -> ErrorDetail | None:
            if data is None:
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                error_type_0 = ErrorDetail.from_dict(data)

                return error_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ErrorDetail | None, data)

        error = _parse_error(d.pop("error"))

        def _parse_followups(data: object) -> list[str] | None:
            if data is None:
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                followups_type_0 = cast(list[str], data)

                return followups_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[str] | None, data)

        followups = _parse_followups(d.pop("followups"))

        cancel_requested = d.pop("cancel_requested")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        def _parse_started_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                started_at_type_0 = datetime.datetime.fromisoformat(data)

                return started_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        started_at = _parse_started_at(d.pop("started_at"))

        def _parse_finished_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finished_at_type_0 = datetime.datetime.fromisoformat(data)

                return finished_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        finished_at = _parse_finished_at(d.pop("finished_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        def _parse_request_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        request_id = _parse_request_id(d.pop("request_id", UNSET))

        def _parse_trigger_id(data: object) -> None | Unset | UUID:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                trigger_id_type_0 = UUID(data)

                return trigger_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | UUID, data)

        trigger_id = _parse_trigger_id(d.pop("trigger_id", UNSET))

        _approvals = d.pop("approvals", UNSET)
        approvals: list[RunApproval] | Unset = UNSET
        if _approvals is not UNSET:
            approvals = []
            for approvals_item_data in _approvals:
                approvals_item = RunApproval.from_dict(approvals_item_data)

                approvals.append(approvals_item)

        turn_run = cls(
            id=id,
            kind=kind,
            agent_id=agent_id,
            copilot_id=copilot_id,
            thread_id=thread_id,
            workflow_id=workflow_id,
            workflow_run_id=workflow_run_id,
            user_id=user_id,
            group_id=group_id,
            status=status,
            input_=input_,
            output=output,
            steps=steps,
            usage=usage,
            cost_usd=cost_usd,
            error=error,
            followups=followups,
            cancel_requested=cancel_requested,
            created_at=created_at,
            started_at=started_at,
            finished_at=finished_at,
            updated_at=updated_at,
            request_id=request_id,
            trigger_id=trigger_id,
            approvals=approvals,
        )

        return turn_run
