from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.chat_completion_finish_reason import ChatCompletionFinishReason

if TYPE_CHECKING:
    from ..models.chat_completion_answer import ChatCompletionAnswer


T = TypeVar("T", bound="ChatCompletionChoice")


@_attrs_define
class ChatCompletionChoice:
    """The one choice."""

    index: int
    """ Always 0. """
    message: ChatCompletionAnswer
    """ The assistant's message. """
    finish_reason: ChatCompletionFinishReason
    """ Why the answer ended. """
    logprobs: None
    """ Always null: a field of OpenAI's shape that the platform never fills (`refusal`, `logprobs`,
    `system_fingerprint`, ...). """

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        message = self.message.to_dict()

        finish_reason = self.finish_reason.value

        logprobs: None
        logprobs = self.logprobs

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "message": message,
                "finish_reason": finish_reason,
                "logprobs": logprobs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.chat_completion_answer import ChatCompletionAnswer

        d = dict(src_dict)
        index = d.pop("index")

        message = ChatCompletionAnswer.from_dict(d.pop("message"))

        finish_reason = ChatCompletionFinishReason(d.pop("finish_reason"))

        def _parse_logprobs(data: object) -> None:
            if data is None:
                return data
            return cast(None, data)

        logprobs = _parse_logprobs(d.pop("logprobs"))

        chat_completion_choice = cls(
            index=index,
            message=message,
            finish_reason=finish_reason,
            logprobs=logprobs,
        )

        return chat_completion_choice
