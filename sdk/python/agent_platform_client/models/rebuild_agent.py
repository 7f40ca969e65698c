from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

from ..models.agent_build_status import AgentBuildStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="RebuildAgent")


@_attrs_define
class RebuildAgent:
    agent_id: UUID
    """ The agent. """
    agent_version_id: UUID
    """ The version built. """
    runtime_id: str
    """ Digest of the built runtime form (of the failed attempt for a failure). """
    status: AgentBuildStatus
    build_time: int
    """ Milliseconds. """
    error: str | Unset = UNSET
    """ Why the build failed (status failed only). """

    def to_dict(self) -> dict[str, Any]:
        agent_id = str(self.agent_id)

        agent_version_id = str(self.agent_version_id)

        runtime_id = self.runtime_id

        status = self.status.value

        build_time = self.build_time

        error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agentId": agent_id,
                "agentVersionId": agent_version_id,
                "runtimeId": runtime_id,
                "status": status,
                "buildTime": build_time,
            }
        )
        if error is not UNSET:
            field_dict["error"] = error

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        agent_id = UUID(d.pop("agentId"))

        agent_version_id = UUID(d.pop("agentVersionId"))

        runtime_id = d.pop("runtimeId")

        status = AgentBuildStatus(d.pop("status"))

        build_time = d.pop("buildTime")

        error = d.pop("error", UNSET)

        rebuild_agent = cls(
            agent_id=agent_id,
            agent_version_id=agent_version_id,
            runtime_id=runtime_id,
            status=status,
            build_time=build_time,
            error=error,
        )

        return rebuild_agent
