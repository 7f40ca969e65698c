from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.exposure_target import ExposureTarget


T = TypeVar("T", bound="Exposure")


@_attrs_define
class Exposure:
    id: UUID
    """ The exposure's id (its A2A agent's id). """
    target: ExposureTarget
    """ What is exposed. """
    name: str
    """ The MCP tool name. """
    description: None | str
    """ What the tool does. """
    mcp_tool: str
    """ The tool's name in `tools/list` of `/mcp`. """
    a2a_url: None | str
    """ The path of the A2A agent (`/a2a/{id}`; its card at `/a2a/{id}/.well-known/agent-card.json`); null for a
    workflow. """
    created_at: datetime.datetime
    """ When it was created. """
    updated_at: datetime.datetime
    """ When it was last changed. """

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        target = self.target.to_dict()

        name = self.name

        description: None | str
        description = self.description

        mcp_tool = self.mcp_tool

        a2a_url: None | str
        a2a_url = self.a2a_url

        created_at = self.created_at.isoformat()

        updated_at = self.updated_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "target": target,
                "name": name,
                "description": description,
                "mcp_tool": mcp_tool,
                "a2a_url": a2a_url,
                "created_at": created_at,
                "updated_at": updated_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.exposure_target import ExposureTarget

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        target = ExposureTarget.from_dict(d.pop("target"))

        name = d.pop("name")

        def _parse_description(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        description = _parse_description(d.pop("description"))

        mcp_tool = d.pop("mcp_tool")

        def _parse_a2a_url(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        a2a_url = _parse_a2a_url(d.pop("a2a_url"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        updated_at = datetime.datetime.fromisoformat(d.pop("updated_at"))

        exposure = cls(
            id=id,
            target=target,
            name=name,
            description=description,
            mcp_tool=mcp_tool,
            a2a_url=a2a_url,
            created_at=created_at,
            updated_at=updated_at,
        )

        return exposure
