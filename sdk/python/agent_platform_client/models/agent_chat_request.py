from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="AgentChatRequest")


@_attrs_define
class AgentChatRequest:
    """A message to an agent."""

    agent_id: UUID
    """ The agent to talk to. """
    message: str
    """ The user's message. """
    thread_id: UUID | Unset = UNSET
    """ A thread of the end user; left out: a new thread. """

    def to_dict(self) -> dict[str, Any]:
        agent_id = str(self.agent_id)

        message = self.message

        thread_id: str | Unset = UNSET
        if not isinstance(self.thread_id, Unset):
            thread_id = str(self.thread_id)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agent_id": agent_id,
                "message": message,
            }
        )
        if thread_id is not UNSET:
            field_dict["thread_id"] = thread_id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        agent_id = UUID(d.pop("agent_id"))

        message = d.pop("message")

        _thread_id = d.pop("thread_id", UNSET)
        thread_id: UUID | Unset
        if isinstance(_thread_id, Unset):
            thread_id = UNSET
        else:
            thread_id = UUID(_thread_id)

        agent_chat_request = cls(
            agent_id=agent_id,
            message=message,
            thread_id=thread_id,
        )

        return agent_chat_request
