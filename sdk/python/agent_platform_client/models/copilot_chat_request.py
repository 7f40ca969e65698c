from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.multitask_strategy import MultitaskStrategy
from ..types import UNSET, Unset

T = TypeVar("T", bound="CopilotChatRequest")


@_attrs_define
class CopilotChatRequest:
    """A message to a network (copilot)."""

    copilot_id: UUID
    """ The network (copilot) to talk to. """
    message: str
    """ The user's message. """
    thread_id: UUID | Unset = UNSET
    """ A thread of the end user; left out: a new thread. """
    multitask_strategy: MultitaskStrategy | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        copilot_id = str(self.copilot_id)

        message = self.message

        thread_id: str | Unset = UNSET
        if not isinstance(self.thread_id, Unset):
            thread_id = str(self.thread_id)

        multitask_strategy: str | Unset = UNSET
        if not isinstance(self.multitask_strategy, Unset):
            multitask_strategy = self.multitask_strategy.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "copilot_id": copilot_id,
                "message": message,
            }
        )
        if thread_id is not UNSET:
            field_dict["thread_id"] = thread_id
        if multitask_strategy is not UNSET:
            field_dict["multitask_strategy"] = multitask_strategy

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        copilot_id = UUID(d.pop("copilot_id"))

        message = d.pop("message")

        _thread_id = d.pop("thread_id", UNSET)
        thread_id: UUID | Unset
        if isinstance(_thread_id, Unset):
            thread_id = UNSET
        else:
            thread_id = UUID(_thread_id)

        _multitask_strategy = d.pop("multitask_strategy", UNSET)
        multitask_strategy: MultitaskStrategy | Unset
        if isinstance(_multitask_strategy, Unset):
            multitask_strategy = UNSET
        else:
            multitask_strategy = MultitaskStrategy(_multitask_strategy)

        copilot_chat_request = cls(
            copilot_id=copilot_id,
            message=message,
            thread_id=thread_id,
            multitask_strategy=multitask_strategy,
        )

        return copilot_chat_request
