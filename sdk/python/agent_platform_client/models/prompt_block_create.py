from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..types import UNSET, Unset

T = TypeVar("T", bound="PromptBlockCreate")


@_attrs_define
class PromptBlockCreate:
    name: str
    """ A block's name: 1-64 letters, digits, `_` or `-`; referenced as `{{block:NAME}}`. """
    text: str
    """ The text inserted where instructions reference the block. """
    description: None | str | Unset = UNSET
    """ What the block is for. """

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        text = self.text

        description: None | str | Unset
        if isinstance(self.description, Unset):
            description = UNSET
        else:
            description = self.description

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "name": name,
                "text": text,
            }
        )
        if description is not UNSET:
            field_dict["description"] = description

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        name = d.pop("name")

        text = d.pop("text")

        def _parse_description(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        description = _parse_description(d.pop("description", UNSET))

        prompt_block_create = cls(
            name=name,
            text=text,
            description=description,
        )

        return prompt_block_create
