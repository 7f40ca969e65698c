from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PromptBlockUpdate")


@_attrs_define
class PromptBlockUpdate:
    name: str | Unset = UNSET
    """ A block's name: 1-64 letters, digits, `_` or `-`; referenced as `{{block:NAME}}`. """
    description: None | str | Unset = UNSET
    """ What the block is for. """
    text: str | Unset = UNSET
    """ The text inserted where instructions reference the block. """

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        text = self.text

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if description is not UNSET:
            field_dict["description"] = description
        if text is not UNSET:
            field_dict["text"] = text

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name", UNSET)

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        text = d.pop("text", UNSET)

        prompt_block_update = cls(
            name=name,
            description=description,
            text=text,
        )

        return prompt_block_update
