from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="MessageCompletedData")


@_attrs_define
class MessageCompletedData:
    """Data of `message.completed`: the answer is complete and stored as the thread's assistant message `message_id`; with
    `interrupted: true`, the turn was cancelled and this is what it had answered (the `run.cancelled` event follows).
    Fields may be added later: clients ignore what they do not know.

    """

    run_id: UUID
    """ The run (turn) the event belongs to. """
    agent_id: UUID
    """ The agent that answered. """
    content: str
    """ The whole answer. """
    followups: list[str]
    """ Suggested next questions (networks with follow-up instructions). """
    message_id: UUID
    """ The stored assistant message (GET /v1/messages already shows it). """
    interrupted: bool | Unset = UNSET
    """ The turn was cancelled while it answered: `content` is its partial answer (absent in events logged before
    this field existed: false). """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        run_id = str(self.run_id)

        agent_id = str(self.agent_id)

        content = self.content

        followups = self.followups

        message_id = str(self.message_id)

        interrupted = self.interrupted

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "run_id": run_id,
                "agent_id": agent_id,
                "content": content,
                "followups": followups,
                "message_id": message_id,
            }
        )
        if interrupted is not UNSET:
            field_dict["interrupted"] = interrupted

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        run_id = UUID(d.pop("run_id"))

        agent_id = UUID(d.pop("agent_id"))

        content = d.pop("content")

        followups = cast(list[str], d.pop("followups"))

        message_id = UUID(d.pop("message_id"))

        interrupted = d.pop("interrupted", UNSET)

        message_completed_data = cls(
            run_id=run_id,
            agent_id=agent_id,
            content=content,
            followups=followups,
            message_id=message_id,
            interrupted=interrupted,
        )

        message_completed_data.additional_properties = d
        return message_completed_data

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
