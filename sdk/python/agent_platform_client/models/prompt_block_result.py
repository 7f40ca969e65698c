from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.prompt_block import PromptBlock
    from ..models.rebuild import Rebuild


T = TypeVar("T", bound="PromptBlockResult")


@_attrs_define
class PromptBlockResult:
    prompt_block: PromptBlock
    rebuild: Rebuild
    """ The registry reload and agent rebuild that followed a change. Only agents depending on the changed tools (by
    tool id, or by attaching their provider) are rebuilt. `skipped` counts dependents whose runtime form did not
    change (they keep their runtimeId) and, with a queue, dependents whose rebuild was still running when the wait
    ran out. """

    def to_dict(self) -> dict[str, Any]:
        prompt_block = self.prompt_block.to_dict()

        rebuild = self.rebuild.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "prompt_block": prompt_block,
                "rebuild": rebuild,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.prompt_block import PromptBlock
        from ..models.rebuild import Rebuild

        d = dict(src_dict)
        prompt_block = PromptBlock.from_dict(d.pop("prompt_block"))

        rebuild = Rebuild.from_dict(d.pop("rebuild"))

        prompt_block_result = cls(
            prompt_block=prompt_block,
            rebuild=rebuild,
        )

        return prompt_block_result
