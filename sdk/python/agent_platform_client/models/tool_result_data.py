from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.execution_status import ExecutionStatus
from ..models.tool_call_kind import ToolCallKind
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.citation import Citation
    from ..models.error_detail import ErrorDetail


T = TypeVar("T", bound="ToolResultData")


@_attrs_define
class ToolResultData:
    """Data of `tool.result`: the tool answered. Fields may be added later: clients ignore what they do not know."""

    run_id: UUID
    """ The run (turn) the event belongs to. """
    agent_id: UUID
    """ The agent that called the tool. """
    tool_call_id: str
    """ The id of the call (as in `tool.called`). """
    tool_id: None | UUID
    """ The tool, workflow or agent the name stands for (null for a name that was not offered). """
    name: str
    """ The tool name the model called. """
    kind: None | ToolCallKind
    """ What the name stands for (null for a name that was not offered). """
    status: ExecutionStatus
    output: Any
    """ The tool's output: parsed JSON, text, or MCP content (any JSON value). """
    error: ErrorDetail | None
    """ Why the call failed (null when it succeeded). """
    duration_ms: float
    """ Milliseconds from the call to its answer. """
    output_warning: ErrorDetail | Unset = UNSET
    """ An error: a stable snake_case `code` and a readable `message`. """
    workflow_run_id: UUID | Unset = UNSET
    """ For a workflow called as a tool: its run. """
    citations: list[Citation] | Unset = UNSET
    """ For `search_knowledge`: the passages found, the sources to show. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        from ..models.error_detail import ErrorDetail

        run_id = str(self.run_id)

        agent_id = str(self.agent_id)

        tool_call_id = self.tool_call_id

        tool_id: None | str
        if isinstance(self.tool_id, UUID):
            tool_id = str(self.tool_id)
        else:
            tool_id = self.tool_id

        name = self.name

        kind: None | str
        if isinstance(self.kind, ToolCallKind):
            kind = self.kind.value
        else:
            kind = self.kind

        status = self.status.value

        output = self.output

        error: dict[str, Any] | None
        if isinstance(self.error, ErrorDetail):
            error = self.error.to_dict()
        else:
            error = self.error

        duration_ms = self.duration_ms

        output_warning: dict[str, Any] | Unset = UNSET
        if not isinstance(self.output_warning, Unset):
            output_warning = self.output_warning.to_dict()

        workflow_run_id: str | Unset = UNSET
        if not isinstance(self.workflow_run_id, Unset):
            workflow_run_id = str(self.workflow_run_id)

        citations: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.citations, Unset):
            citations = []
            for citations_item_data in self.citations:
                citations_item = citations_item_data.to_dict()
                citations.append(citations_item)

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "run_id": run_id,
                "agent_id": agent_id,
                "tool_call_id": tool_call_id,
                "tool_id": tool_id,
                "name": name,
                "kind": kind,
                "status": status,
                "output": output,
                "error": error,
                "duration_ms": duration_ms,
            }
        )
        if output_warning is not UNSET:
            field_dict["output_warning"] = output_warning
        if workflow_run_id is not UNSET:
            field_dict["workflow_run_id"] = workflow_run_id
        if citations is not UNSET:
            field_dict["citations"] = citations

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.citation import Citation
        from ..models.error_detail import ErrorDetail

        d = dict(src_dict)
        run_id = UUID(d.pop("run_id"))

        agent_id = UUID(d.pop("agent_id"))

        tool_call_id = d.pop("tool_call_id")

        def _parse_tool_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tool_id_type_0 = UUID(data)

                return tool_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        tool_id = _parse_tool_id(d.pop("tool_id"))

        name = d.pop("name")

        def _parse_kind(data: object) -> None | ToolCallKind:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                kind_type_0 = ToolCallKind(data)

                return kind_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ToolCallKind, data)

        kind = _parse_kind(d.pop("kind"))

        status = ExecutionStatus(d.pop("status"))

        output = d.pop("output")

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

        duration_ms = d.pop("duration_ms")

        _output_warning = d.pop("output_warning", UNSET)
        output_warning: ErrorDetail | Unset
        if isinstance(_output_warning, Unset):
            output_warning = UNSET
        else:
            output_warning = ErrorDetail.from_dict(_output_warning)

        _workflow_run_id = d.pop("workflow_run_id", UNSET)
        workflow_run_id: UUID | Unset
        if isinstance(_workflow_run_id, Unset):
            workflow_run_id = UNSET
        else:
            workflow_run_id = UUID(_workflow_run_id)

        _citations = d.pop("citations", UNSET)
        citations: list[Citation] | Unset = UNSET
        if _citations is not UNSET:
            citations = []
            for citations_item_data in _citations:
                citations_item = Citation.from_dict(citations_item_data)

                citations.append(citations_item)

        tool_result_data = cls(
            run_id=run_id,
            agent_id=agent_id,
            tool_call_id=tool_call_id,
            tool_id=tool_id,
            name=name,
            kind=kind,
            status=status,
            output=output,
            error=error,
            duration_ms=duration_ms,
            output_warning=output_warning,
            workflow_run_id=workflow_run_id,
            citations=citations,
        )

        tool_result_data.additional_properties = d
        return tool_result_data

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
