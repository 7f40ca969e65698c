from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.chat_message import ChatMessage
    from ..models.thread import Thread
    from ..models.turn_run import TurnRun


T = TypeVar("T", bound="ChatTurn")


@_attrs_define
class ChatTurn:
    thread: Thread
    message: ChatMessage
    run: TurnRun

    def to_dict(self) -> dict[str, Any]:
        thread = self.thread.to_dict()

        message = self.message.to_dict()

        run = self.run.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "thread": thread,
                "message": message,
                "run": run,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.chat_message import ChatMessage
        from ..models.thread import Thread
        from ..models.turn_run import TurnRun

        d = dict(src_dict)
        thread = Thread.from_dict(d.pop("thread"))

        message = ChatMessage.from_dict(d.pop("message"))

        run = TurnRun.from_dict(d.pop("run"))

        chat_turn = cls(
            thread=thread,
            message=message,
            run=run,
        )

        return chat_turn
