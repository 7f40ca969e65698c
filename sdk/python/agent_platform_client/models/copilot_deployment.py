from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.deploy_target import DeployTarget
from ..models.deployment_source import DeploymentSource

if TYPE_CHECKING:
    from ..models.copilot_snapshot import CopilotSnapshot


T = TypeVar("T", bound="CopilotDeployment")


@_attrs_define
class CopilotDeployment:
    id: UUID
    """ The deployment's id. """
    copilot_id: UUID
    """ The dev network. """
    target: DeployTarget
    target_copilot_id: UUID
    """ The staging or prod network deployed to. """
    source: DeploymentSource
    version: int
    """ Number of the deployment on its target (1, 2, ...). """
    snapshot: CopilotSnapshot
    previous_deployment_id: None | UUID
    """ What a rollback of this deployment restores. """
    restored_deployment_id: None | UUID
    """ For a rollback: the deployment whose snapshot it restored. """
    created_at: datetime.datetime
    """ When the deployment was created. """

    def to_dict(self) -> dict[str, Any]:
        id = str(self.id)

        copilot_id = str(self.copilot_id)

        target = self.target.value

        target_copilot_id = str(self.target_copilot_id)

        source = self.source.value

        version = self.version

        snapshot = self.snapshot.to_dict()

        previous_deployment_id: None | str
        if isinstance(self.previous_deployment_id, UUID):
            previous_deployment_id = str(self.previous_deployment_id)
        else:
            previous_deployment_id = self.previous_deployment_id

        restored_deployment_id: None | str
        if isinstance(self.restored_deployment_id, UUID):
            restored_deployment_id = str(self.restored_deployment_id)
        else:
            restored_deployment_id = self.restored_deployment_id

        created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
                "copilot_id": copilot_id,
                "target": target,
                "target_copilot_id": target_copilot_id,
                "source": source,
                "version": version,
                "snapshot": snapshot,
                "previous_deployment_id": previous_deployment_id,
                "restored_deployment_id": restored_deployment_id,
                "created_at": created_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.copilot_snapshot import CopilotSnapshot

        d = dict(src_dict)
        id = UUID(d.pop("id"))

        copilot_id = UUID(d.pop("copilot_id"))

        target = DeployTarget(d.pop("target"))

        target_copilot_id = UUID(d.pop("target_copilot_id"))

        source = DeploymentSource(d.pop("source"))

        version = d.pop("version")

        snapshot = CopilotSnapshot.from_dict(d.pop("snapshot"))

        def _parse_previous_deployment_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                previous_deployment_id_type_0 = UUID(data)

                return previous_deployment_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        previous_deployment_id = _parse_previous_deployment_id(
            d.pop("previous_deployment_id")
        )

        def _parse_restored_deployment_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                restored_deployment_id_type_0 = UUID(data)

                return restored_deployment_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        restored_deployment_id = _parse_restored_deployment_id(
            d.pop("restored_deployment_id")
        )

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        copilot_deployment = cls(
            id=id,
            copilot_id=copilot_id,
            target=target,
            target_copilot_id=target_copilot_id,
            source=source,
            version=version,
            snapshot=snapshot,
            previous_deployment_id=previous_deployment_id,
            restored_deployment_id=restored_deployment_id,
            created_at=created_at,
        )

        return copilot_deployment
