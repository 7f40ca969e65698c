from __future__ import annotations

from collections.abc import Mapping
from typing import (
    Any,
    Literal,
    Self,
    TypeVar,
    cast,
)

from attrs import define as _attrs_define

T = TypeVar("T", bound="ChatCompletionAnswer")


@_attrs_define
class ChatCompletionAnswer:
    """The assistant's message."""

    role: Literal["assistant"]
    """ Always `assistant`. """
    content: str
    """ The answer. """
    refusal: None
    """ Always null: a field of OpenAI's shape that the platform never fills (`refusal`, `logprobs`,
    `system_fingerprint`, ...). """

    def to_dict(self) -> dict[str, Any]:
        role = self.role

        content = self.content

        refusal: None
        refusal = self.refusal

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "role": role,
                "content": content,
                "refusal": refusal,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        role = cast(Literal["assistant"], d.pop("role"))
        if role != "assistant":
            raise ValueError(f"role must match const 'assistant', got '{role}'")

        content = d.pop("content")

        def _parse_refusal(data: object) -> None:
            if data is None:
                return data
            return cast(None, data)

        refusal = _parse_refusal(d.pop("refusal"))

        chat_completion_answer = cls(
            role=role,
            content=content,
            refusal=refusal,
        )

        return chat_completion_answer
