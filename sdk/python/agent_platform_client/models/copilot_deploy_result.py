from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

if TYPE_CHECKING:
    from ..models.copilot import Copilot
    from ..models.copilot_deployment import CopilotDeployment


T = TypeVar("T", bound="CopilotDeployResult")


@_attrs_define
class CopilotDeployResult:
    copilot: Copilot
    deployment: CopilotDeployment

    def to_dict(self) -> dict[str, Any]:
        copilot = self.copilot.to_dict()

        deployment = self.deployment.to_dict()

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "copilot": copilot,
                "deployment": deployment,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.copilot import Copilot
        from ..models.copilot_deployment import CopilotDeployment

        d = dict(src_dict)
        copilot = Copilot.from_dict(d.pop("copilot"))

        deployment = CopilotDeployment.from_dict(d.pop("deployment"))

        copilot_deploy_result = cls(
            copilot=copilot,
            deployment=deployment,
        )

        return copilot_deploy_result
