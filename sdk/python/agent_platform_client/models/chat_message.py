from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.message_role import MessageRole

T = TypeVar("T", bound="ChatMessage")


@_attrs_define
class ChatMessage:
    id: UUID
    """ The message's id. """
    thread_id: UUID
    """ The message's thread. """
    position: int
    """ The message's place in its thread (1, 2, 3, ...). """
    role: MessageRole
    content: str
    """ The text. """
    run_id: None | str
    """ The turn the message belongs to (null for notifications). """
    agent_id: None | str
    """ The agent that answered (assistant messages). """
    followups: list[str]
    """ Suggested next questions (assistant messages). """
    interrupted: bool
    """ The partial answer of a turn cancelled while it answered (DELETE /v1/chat/stream, or a message sent with
    `multitask_strategy: interrupt`). """
    created_at: datetime.datetime
    """ When the message was created. """

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        thread_id = str(self.thread_id)

        position = self.position

        role = self.role.value

        content = self.content

        run_id: None | str
        run_id = self.run_id

        agent_id: None | str
        agent_id = self.agent_id

        followups = self.followups

        interrupted = self.interrupted

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "thread_id": thread_id,
                "position": position,
                "role": role,
                "content": content,
                "run_id": run_id,
                "agent_id": agent_id,
                "followups": followups,
                "interrupted": interrupted,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        thread_id = UUID(d.pop("thread_id"))

        position = d.pop("position")

        role = MessageRole(d.pop("role"))

        content = d.pop("content")

        def _parse_run_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        run_id = _parse_run_id(d.pop("run_id"))

        def _parse_agent_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        agent_id = _parse_agent_id(d.pop("agent_id"))

        followups = cast(list[str], d.pop("followups"))

        interrupted = d.pop("interrupted")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        chat_message = cls(
            id=id,
            thread_id=thread_id,
            position=position,
            role=role,
            content=content,
            run_id=run_id,
            agent_id=agent_id,
            followups=followups,
            interrupted=interrupted,
            created_at=created_at,
        )

        return chat_message
