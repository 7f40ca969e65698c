from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.message_role import MessageRole
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.message_activity import MessageActivity


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
    run_id: None | UUID
    """ The turn the message belongs to (null for notifications). """
    agent_id: None | UUID
    """ The agent that answered (assistant messages). """
    followups: list[str]
    """ Suggested next questions (assistant messages). """
    interrupted: bool
    """ The partial answer of a turn cancelled while it answered (DELETE /v1/chat/stream, or a message sent with
    `multitask_strategy: interrupt`). """
    created_at: datetime.datetime
    """ When the message was created. """
    activity: list[MessageActivity] | Unset = UNSET
    """ What the assistant did for this answer, in order, as a chat view shows it again when a conversation is
    reopened: the turn's tool calls and handoffs. Given by `GET /v1/messages` on the first assistant message of each
    turn (empty when it did nothing); absent elsewhere. """

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        thread_id = str(self.thread_id)

        position = self.position

        role = self.role.value

        content = self.content

        run_id: None | str
        if isinstance(self.run_id, UUID):
            run_id = str(self.run_id)
        else:
            run_id = self.run_id

        agent_id: None | str
        if isinstance(self.agent_id, UUID):
            agent_id = str(self.agent_id)
        else:
            agent_id = self.agent_id

        followups = self.followups

        interrupted = self.interrupted

        created_at = self.created_at.isoformat()

        activity: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.activity, Unset):
            activity = []
            for activity_item_data in self.activity:
                activity_item = activity_item_data.to_dict()
                activity.append(activity_item)

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
        if activity is not UNSET:
            field_dict["activity"] = activity

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.message_activity import MessageActivity

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        thread_id = UUID(d.pop("thread_id"))

        position = d.pop("position")

        role = MessageRole(d.pop("role"))

        content = d.pop("content")

        def _parse_run_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                run_id_type_0 = UUID(data)

                return run_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        run_id = _parse_run_id(d.pop("run_id"))

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

        followups = cast(list[str], d.pop("followups"))

        interrupted = d.pop("interrupted")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        _activity = d.pop("activity", UNSET)
        activity: list[MessageActivity] | Unset = UNSET
        if _activity is not UNSET:
            activity = []
            for activity_item_data in _activity:
                activity_item = MessageActivity.from_dict(activity_item_data)

                activity.append(activity_item)

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
            activity=activity,
        )

        return chat_message
