from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="PromptBlockVersion")


@_attrs_define
class PromptBlockVersion:
    id: UUID
    """ The version's id. """
    prompt_block_id: UUID
    """ The block. """
    version: int
    """ The version's number (1, 2, ...). """
    name: str
    """ The block's name in this version. """
    description: None | str
    """ What the block is for. """
    text: str
    """ The block's text in this version. """
    created_at: datetime.datetime
    """ When the version was saved. """

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        prompt_block_id = str(self.prompt_block_id)

        version = self.version

        name = self.name

        description: None | str
        description = self.description

        text = self.text

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "prompt_block_id": prompt_block_id,
                "version": version,
                "name": name,
                "description": description,
                "text": text,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        prompt_block_id = UUID(d.pop("prompt_block_id"))

        version = d.pop("version")

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        text = d.pop("text")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        prompt_block_version = cls(
            id=id,
            prompt_block_id=prompt_block_id,
            version=version,
            name=name,
            description=description,
            text=text,
            created_at=created_at,
        )

        return prompt_block_version
