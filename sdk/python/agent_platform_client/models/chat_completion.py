from __future__ import annotations

from collections.abc import Mapping
from typing import (
    TYPE_CHECKING,
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.chat_completion_choice import ChatCompletionChoice
    from ..models.chat_completion_usage import ChatCompletionUsage


T = TypeVar("T", bound="ChatCompletion")


@_attrs_define
class ChatCompletion:
    """OpenAI's chat completion, for one chat turn."""

    id: UUID
    """ The turn's run id. """
    object_: Literal["chat.completion"]
    """ Always `chat.completion`. """
    created: int
    """ When (Unix seconds). """
    model: str
    """ The model as requested. """
    system_fingerprint: None
    """ Always null: a field of OpenAI's shape that the platform never fills (`refusal`, `logprobs`,
    `system_fingerprint`, ...). """
    thread_id: UUID
    """ Extension: the thread (send it as `thread_id` to continue). """
    choices: list[ChatCompletionChoice]
    """ One choice. """
    usage: ChatCompletionUsage
    """ The turn's tokens (every model call of the turn). """

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        object_ = self.object_

        created = self.created

        model = self.model

        system_fingerprint: None
        system_fingerprint = self.system_fingerprint

        thread_id = str(self.thread_id)

        choices = []
        for choices_item_data in self.choices:
            choices_item = choices_item_data.to_dict()
            choices.append(choices_item)

        usage = self.usage.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "object": object_,
                "created": created,
                "model": model,
                "system_fingerprint": system_fingerprint,
                "thread_id": thread_id,
                "choices": choices,
                "usage": usage,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.chat_completion_choice import ChatCompletionChoice
        from ..models.chat_completion_usage import ChatCompletionUsage

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        object_ = cast(Literal["chat.completion"], d.pop("object"))
        if object_ != "chat.completion":
            raise ValueError(
                f"object must match const 'chat.completion', got '{object_}'"
            )

        created = d.pop("created")

        model = d.pop("model")

        def _parse_system_fingerprint(data: object) -> None:
            if data is None:
                return data
            return cast(None, data)

        system_fingerprint = _parse_system_fingerprint(d.pop("system_fingerprint"))

        thread_id = UUID(d.pop("thread_id"))

        choices = []
        _choices = d.pop("choices")
        for choices_item_data in _choices:
            choices_item = ChatCompletionChoice.from_dict(choices_item_data)

            choices.append(choices_item)

        usage = ChatCompletionUsage.from_dict(d.pop("usage"))

        chat_completion = cls(
            id=id,
            object_=object_,
            created=created,
            model=model,
            system_fingerprint=system_fingerprint,
            thread_id=thread_id,
            choices=choices,
            usage=usage,
        )

        return chat_completion
