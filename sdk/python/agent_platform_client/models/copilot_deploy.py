from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.deploy_from import DeployFrom
from ..models.deploy_target import DeployTarget
from ..types import UNSET, Unset

T = TypeVar("T", bound="CopilotDeploy")


@_attrs_define
class CopilotDeploy:
    """`{target: staging|prod, from?: dev}` deploys the dev network's current configuration; `{target: prod, from:
    staging}` promotes what is live on staging to prod. Staging onto staging is 400 `invalid_deploy_source`.

    """

    target: DeployTarget
    from_: DeployFrom | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        target = self.target.value

        from_: str | Unset = UNSET
        if not isinstance(self.from_, Unset):
            from_ = self.from_.value

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "target": target,
            }
        )
        if from_ is not UNSET:
            field_dict["from"] = from_

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        target = DeployTarget(d.pop("target"))

        _from_ = d.pop("from", UNSET)
        from_: DeployFrom | Unset
        if isinstance(_from_, Unset):
            from_ = UNSET
        else:
            from_ = DeployFrom(_from_)

        copilot_deploy = cls(
            target=target,
            from_=from_,
        )

        return copilot_deploy
