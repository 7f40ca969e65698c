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

T = TypeVar("T", bound="CopilotFollowup")


@_attrs_define
class CopilotFollowup:
    type_: Literal["text"]
    """ Always `text`. """
    content: str
    """ The instruction. """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        content = self.content

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "content": content,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        type_ = cast(Literal["text"], d.pop("type"))
        if type_ != "text":
            raise ValueError(f"type must match const 'text', got '{type_}'")

        content = d.pop("content")

        copilot_followup = cls(
            type_=type_,
            content=content,
        )

        return copilot_followup
