from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.prompt_block import PromptBlock


T = TypeVar("T", bound="PromptBlockBody")


@_attrs_define
class PromptBlockBody:
    prompt_block: PromptBlock

    def to_dict(self) -> dict[str, Any]:
        prompt_block = self.prompt_block.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "prompt_block": prompt_block,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.prompt_block import PromptBlock

        d = dict(src_dict)
        prompt_block = PromptBlock.from_dict(d.pop("prompt_block"))

        prompt_block_body = cls(
            prompt_block=prompt_block,
        )

        return prompt_block_body
