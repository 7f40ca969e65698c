from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.prompt_block_version import PromptBlockVersion


T = TypeVar("T", bound="PromptBlockVersionList")


@_attrs_define
class PromptBlockVersionList:
    """A page of a prompt block's versions."""

    versions: list[PromptBlockVersion]
    """ The versions, newest first. """
    next_cursor: None | str
    """ Pass as `cursor` to get the next page; null on the last page. """

    def to_dict(self) -> dict[str, Any]:
        versions = []
        for versions_item_data in self.versions:
            versions_item = versions_item_data.to_dict()
            versions.append(versions_item)

        next_cursor: None | str
        next_cursor = self.next_cursor

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "versions": versions,
                "next_cursor": next_cursor,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.prompt_block_version import PromptBlockVersion

        d = dict(src_dict)
        versions = []
        _versions = d.pop("versions")
        for versions_item_data in _versions:
            versions_item = PromptBlockVersion.from_dict(versions_item_data)

            versions.append(versions_item)

        def _parse_next_cursor(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        next_cursor = _parse_next_cursor(d.pop("next_cursor"))

        prompt_block_version_list = cls(
            versions=versions,
            next_cursor=next_cursor,
        )

        return prompt_block_version_list
