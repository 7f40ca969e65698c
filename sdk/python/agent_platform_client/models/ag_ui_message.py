from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="AgUiMessage")


@_attrs_define
class AgUiMessage:
    """An AG-UI message. Only user and assistant text is read; tool calls and results of earlier runs are left out."""

    role: str
    """ `user`, `assistant`, `system`, `developer`, `tool`, ... """
    id: str | Unset = UNSET
    """ The client's id of the message. """
    content: Any | Unset = UNSET
    """ Text, or content parts (`{"type": "text", "text"}`). """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        role = self.role

        id = self.id

        content = self.content

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "role": role,
            }
        )
        if id is not UNSET:
            field_dict["id"] = id
        if content is not UNSET:
            field_dict["content"] = content

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        role = d.pop("role")

        id = d.pop("id", UNSET)

        content = d.pop("content", UNSET)

        ag_ui_message = cls(
            role=role,
            id=id,
            content=content,
        )

        ag_ui_message.additional_properties = d
        return ag_ui_message

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
