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

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.response_output_text import ResponseOutputText


T = TypeVar("T", bound="ResponseOutputMessage")


@_attrs_define
class ResponseOutputMessage:
    """The assistant's message."""

    type_: Literal["message"]
    """ Always `message`. """
    id: str
    """ The item's id. """
    status: str
    """ `completed` (`in_progress` while streamed). """
    role: Literal["assistant"]
    """ Always `assistant`. """
    content: list[ResponseOutputText]
    """ The text. """

    def to_dict(self) -> dict[str, Any]:
        type_ = self.type_

        id = self.id

        status = self.status

        role = self.role

        content = []
        for content_item_data in self.content:
            content_item = content_item_data.to_dict()
            content.append(content_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "type": type_,
                "id": id,
                "status": status,
                "role": role,
                "content": content,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.response_output_text import ResponseOutputText

        d = dict(src_dict)
        type_ = cast(Literal["message"], d.pop("type"))
        if type_ != "message":
            raise ValueError(f"type must match const 'message', got '{type_}'")

        id = d.pop("id")

        status = d.pop("status")

        role = cast(Literal["assistant"], d.pop("role"))
        if role != "assistant":
            raise ValueError(f"role must match const 'assistant', got '{role}'")

        content = []
        _content = d.pop("content")
        for content_item_data in _content:
            content_item = ResponseOutputText.from_dict(content_item_data)

            content.append(content_item)

        response_output_message = cls(
            type_=type_,
            id=id,
            status=status,
            role=role,
            content=content,
        )

        return response_output_message
