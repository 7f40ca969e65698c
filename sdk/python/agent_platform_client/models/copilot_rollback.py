from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.deploy_target import DeployTarget

T = TypeVar("T", bound="CopilotRollback")


@_attrs_define
class CopilotRollback:
    target: DeployTarget

    def to_dict(self) -> dict[str, Any]:
        target = self.target.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "target": target,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        target = DeployTarget(d.pop("target"))

        copilot_rollback = cls(
            target=target,
        )

        return copilot_rollback
