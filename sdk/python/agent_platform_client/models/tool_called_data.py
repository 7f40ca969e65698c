from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.tool_call_kind import ToolCallKind

if TYPE_CHECKING:
    from ..models.json_object import JsonObject


T = TypeVar("T", bound="ToolCalledData")


@_attrs_define
class ToolCalledData:
    """Data of `tool.called`: the agent called a tool. Fields may be added later: clients ignore what they do not know."""

    run_id: UUID
    """ The run (turn) the event belongs to. """
    agent_id: UUID
    """ The agent that called the tool. """
    tool_call_id: str
    """ The model's id of the call; `tool.result` repeats it. """
    tool_id: None | UUID
    """ The tool, workflow or agent the name stands for (null for a name that was not offered). """
    name: str
    """ The tool name the model called. """
    kind: None | ToolCallKind
    """ What the name stands for (null for a name that was not offered). """
    arguments: JsonObject
    """ A free-form JSON object. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
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

        arguments = self.arguments.to_dict()

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
                "arguments": arguments,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.json_object import JsonObject

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

        arguments = JsonObject.from_dict(d.pop("arguments"))

        tool_called_data = cls(
            run_id=run_id,
            agent_id=agent_id,
            tool_call_id=tool_call_id,
            tool_id=tool_id,
            name=name,
            kind=kind,
            arguments=arguments,
        )

        tool_called_data.additional_properties = d
        return tool_called_data

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
