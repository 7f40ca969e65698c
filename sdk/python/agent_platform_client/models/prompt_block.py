from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="PromptBlock")


@_attrs_define
class PromptBlock:
    id: UUID
    """ The block's id. """
    name: str
    """ The block's name. """
    description: None | str
    """ What the block is for. """
    text: str
    """ The current text. """
    version: int
    """ The current version's number. """
    prompt_block_version_id: None | UUID
    """ The current version (what a deployment pins). """
    created_at: datetime.datetime
    """ When the block was created. """
    updated_at: datetime.datetime
    """ When the block was last saved. """

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        name = self.name

        description: None | str
        description = self.description

        text = self.text

        version = self.version

        prompt_block_version_id: None | str
        if isinstance(self.prompt_block_version_id, UUID):
            prompt_block_version_id = str(self.prompt_block_version_id)
        else:
            prompt_block_version_id = self.prompt_block_version_id

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "name": name,
                "description": description,
                "text": text,
                "version": version,
                "prompt_block_version_id": prompt_block_version_id,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        text = d.pop("text")

        version = d.pop("version")

        def _parse_prompt_block_version_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                prompt_block_version_id_type_0 = UUID(data)

                return prompt_block_version_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        prompt_block_version_id = _parse_prompt_block_version_id(
            d.pop("prompt_block_version_id")
        )

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        prompt_block = cls(
            id=id,
            name=name,
            description=description,
            text=text,
            version=version,
            prompt_block_version_id=prompt_block_version_id,
            created_at=created_at,
            updated_at=updated_at,
        )

        return prompt_block
