from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.chat_completion_finish_reason import ChatCompletionFinishReason

if TYPE_CHECKING:
    from ..models.chat_completion_delta import ChatCompletionDelta


T = TypeVar("T", bound="ChatCompletionChunkChoice")


@_attrs_define
class ChatCompletionChunkChoice:
    """A chunk's choice."""

    index: int
    """ Always 0. """
    delta: ChatCompletionDelta
    """ What a chunk adds. """
    finish_reason: ChatCompletionFinishReason | None
    """ On the last chunk. """
    logprobs: None
    """ Always null: a field of OpenAI's shape that the platform never fills (`refusal`, `logprobs`,
    `system_fingerprint`, ...). """

    def to_dict(self) -> dict[str, Any]:
        index = self.index

        delta = self.delta.to_dict()

        finish_reason: None | str
        if isinstance(self.finish_reason, ChatCompletionFinishReason):
            finish_reason = self.finish_reason.value
        else:
            finish_reason = self.finish_reason

        logprobs: None
        logprobs = self.logprobs

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "index": index,
                "delta": delta,
                "finish_reason": finish_reason,
                "logprobs": logprobs,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.chat_completion_delta import ChatCompletionDelta

        d = dict(src_dict)
        index = d.pop("index")

        delta = ChatCompletionDelta.from_dict(d.pop("delta"))

        def _parse_finish_reason(data: object) -> ChatCompletionFinishReason | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                finish_reason_type_0 = ChatCompletionFinishReason(data)

                return finish_reason_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ChatCompletionFinishReason | None, data)

        finish_reason = _parse_finish_reason(d.pop("finish_reason"))

        def _parse_logprobs(data: object) -> None:
            if data is None:
                return data
            return cast(None, data)

        logprobs = _parse_logprobs(d.pop("logprobs"))

        chat_completion_chunk_choice = cls(
            index=index,
            delta=delta,
            finish_reason=finish_reason,
            logprobs=logprobs,
        )

        return chat_completion_chunk_choice
