from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.chat_completion_role import ChatCompletionRole
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.chat_completion_content_part import ChatCompletionContentPart


T = TypeVar("T", bound="ChatCompletionMessage")


@_attrs_define
class ChatCompletionMessage:
    """One message of the conversation."""

    role: ChatCompletionRole
    """ Who wrote a message. `system` and `developer` messages are left out; `tool` and `function` ones answer
    client-side tools and are refused. """
    content: list[ChatCompletionContentPart] | None | str | Unset = UNSET
    """ What it says. """
    name: str | Unset = UNSET
    """ A name of the author (ignored). """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        role = self.role.value

        content: list[dict[str, Any]] | None | str | Unset
        if isinstance(self.content, Unset):
            content = UNSET
        elif isinstance(self.content, list):
            content = []
            for (
                componentsschemas_chat_completion_content_parts_item_data
            ) in self.content:
                componentsschemas_chat_completion_content_parts_item = (
                    componentsschemas_chat_completion_content_parts_item_data.to_dict()
                )
                content.append(componentsschemas_chat_completion_content_parts_item)

        else:
            content = self.content

        name = self.name

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "role": role,
            }
        )
        if content is not UNSET:
            field_dict["content"] = content
        if name is not UNSET:
            field_dict["name"] = name

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.chat_completion_content_part import ChatCompletionContentPart

        d = dict(src_dict)
        role = ChatCompletionRole(d.pop("role"))

        def _parse_content(
            data: object,
        ) -> list[ChatCompletionContentPart] | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                componentsschemas_chat_completion_content_type_1 = []
                _componentsschemas_chat_completion_content_type_1 = data
                for (
                    componentsschemas_chat_completion_content_parts_item_data
                ) in _componentsschemas_chat_completion_content_type_1:
                    componentsschemas_chat_completion_content_parts_item = (
                        ChatCompletionContentPart.from_dict(
                            componentsschemas_chat_completion_content_parts_item_data
                        )
                    )

                    componentsschemas_chat_completion_content_type_1.append(
                        componentsschemas_chat_completion_content_parts_item
                    )

                return componentsschemas_chat_completion_content_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ChatCompletionContentPart] | None | str | Unset, data)

        content = _parse_content(d.pop("content", UNSET))

        name = d.pop("name", UNSET)

        chat_completion_message = cls(
            role=role,
            content=content,
            name=name,
        )

        chat_completion_message.additional_properties = d
        return chat_completion_message

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
