from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.json_object import JsonObject


T = TypeVar("T", bound="ApprovalRequestedData")


@_attrs_define
class ApprovalRequestedData:
    """Data of `approval.requested`: the run paused; this call waits for a person's decision (POST
    /v1/runs/{id}/approvals). Fields may be added later: clients ignore what they do not know.

    """

    run_id: UUID
    """ The run (turn) that waits. """
    agent_id: UUID
    """ The agent that called the tool. """
    call_id: str
    """ The call's id (what a decision names). """
    tool_id: UUID
    """ The tool. """
    name: str
    """ The tool name the model called. """
    arguments: JsonObject
    """ A free-form JSON object. """
    expires_at: datetime.datetime
    """ When the call is denied if nobody decides. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        run_id = str(self.run_id)

        agent_id = str(self.agent_id)

        call_id = self.call_id

        tool_id = str(self.tool_id)

        name = self.name

        arguments = self.arguments.to_dict()

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "run_id": run_id,
                "agent_id": agent_id,
                "call_id": call_id,
                "tool_id": tool_id,
                "name": name,
                "arguments": arguments,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.json_object import JsonObject

        d = dict(src_dict)
        run_id = UUID(d.pop("run_id"))

        agent_id = UUID(d.pop("agent_id"))

        call_id = d.pop("call_id")

        tool_id = UUID(d.pop("tool_id"))

        name = d.pop("name")

        arguments = JsonObject.from_dict(d.pop("arguments"))

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        approval_requested_data = cls(
            run_id=run_id,
            agent_id=agent_id,
            call_id=call_id,
            tool_id=tool_id,
            name=name,
            arguments=arguments,
            expires_at=expires_at,
        )

        approval_requested_data.additional_properties = d
        return approval_requested_data

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
