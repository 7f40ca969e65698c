from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.deploy_target import DeployTarget

T = TypeVar("T", bound="PlanDeployment")


@_attrs_define
class PlanDeployment:
    """A deployment of a network an apply makes."""

    network: str
    """ The network's name. """
    environment: DeployTarget

    def to_dict(self) -> dict[str, Any]:
        network = self.network

        environment = self.environment.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "network": network,
                "environment": environment,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        network = d.pop("network")

        environment = DeployTarget(d.pop("environment"))

        plan_deployment = cls(
            network=network,
            environment=environment,
        )

        return plan_deployment
