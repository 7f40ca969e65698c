from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar
from uuid import UUID

from attrs import define as _attrs_define

T = TypeVar("T", bound="RebuildFailedAgent")


@_attrs_define
class RebuildFailedAgent:
    """An agent whose rebuild failed."""

    agent_version_id: UUID
    """ The version that failed to build. """
    runtime_id: str
    """ Digest of the runtime form that failed. """
    error: str
    """ Why. """

    def to_dict(self) -> dict[str, Any]:
        agent_version_id = str(self.agent_version_id)

        runtime_id = self.runtime_id

        error = self.error

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "agentVersionId": agent_version_id,
                "runtimeId": runtime_id,
                "error": error,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        agent_version_id = UUID(d.pop("agentVersionId"))

        runtime_id = d.pop("runtimeId")

        error = d.pop("error")

        rebuild_failed_agent = cls(
            agent_version_id=agent_version_id,
            runtime_id=runtime_id,
            error=error,
        )

        return rebuild_failed_agent
