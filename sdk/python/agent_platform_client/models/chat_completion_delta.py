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

from ..types import UNSET, Unset

T = TypeVar("T", bound="ChatCompletionDelta")


@_attrs_define
class ChatCompletionDelta:
    """What a chunk adds."""

    role: Literal["assistant"] | Unset = UNSET
    """ On the first chunk. """
    content: str | Unset = UNSET
    """ A piece of the answer. """

    def to_dict(self) -> dict[str, Any]:
        role = self.role

        content = self.content

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if role is not UNSET:
            field_dict["role"] = role
        if content is not UNSET:
            field_dict["content"] = content

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        role = cast(Literal["assistant"] | Unset, d.pop("role", UNSET))
        if role != "assistant" and not isinstance(role, Unset):
            raise ValueError(f"role must match const 'assistant', got '{role}'")

        content = d.pop("content", UNSET)

        chat_completion_delta = cls(
            role=role,
            content=content,
        )

        return chat_completion_delta
