from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.prompt_block import PromptBlock


T = TypeVar("T", bound="PromptBlockList")


@_attrs_define
class PromptBlockList:
    prompt_blocks: list[PromptBlock]
    """ The prompt blocks of this page. """
    next_cursor: None | str
    """ Pass as `cursor` to get the next page; null on the last page. """

    def to_dict(self) -> dict[str, Any]:
        prompt_blocks = []
        for prompt_blocks_item_data in self.prompt_blocks:
            prompt_blocks_item = prompt_blocks_item_data.to_dict()
            prompt_blocks.append(prompt_blocks_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "prompt_blocks": prompt_blocks,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.prompt_block import PromptBlock

        d = dict(src_dict)
        prompt_blocks = []
        _prompt_blocks = d.pop("prompt_blocks")
        for prompt_blocks_item_data in _prompt_blocks:
            prompt_blocks_item = PromptBlock.from_dict(prompt_blocks_item_data)

            prompt_blocks.append(prompt_blocks_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        prompt_block_list = cls(
            prompt_blocks=prompt_blocks,
            next_cursor=next_cursor,
        )

        return prompt_block_list
