from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.deployment_source import DeploymentSource

T = TypeVar("T", bound="CopilotDeploymentSummary")


@_attrs_define
class CopilotDeploymentSummary:
    id: UUID
    """ The deployment's id. """
    version: int
    """ The deployment's number on its target. """
    source: DeploymentSource
    created_at: datetime.datetime
    """ When the deployment was created. """

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        version = self.version

        source = self.source.value

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "version": version,
                "source": source,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = UUID(d.pop("id"))

        version = d.pop("version")

        source = DeploymentSource(d.pop("source"))

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        copilot_deployment_summary = cls(
            id=id,
            version=version,
            source=source,
            created_at=created_at,
        )

        return copilot_deployment_summary
