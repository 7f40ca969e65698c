from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast
from uuid import UUID

from attrs import define as _attrs_define

from ..models.build_status import BuildStatus

T = TypeVar("T", bound="AgentBuild")


@_attrs_define
class AgentBuild:
    """The last build: `status` and `error` of the last attempt (of `agent_version_id`); `runtime_id` and
    `runtime_version_id` name the last good runtime, which is kept when a later build fails.

    """

    status: BuildStatus
    error: None | str
    """ Why the last attempt failed (null unless failed). """
    agent_version_id: None | UUID
    """ The version of the last attempt. """
    runtime_id: None | str
    """ Digest of the last good runtime form. """
    runtime_version_id: None | UUID
    """ The version the last good runtime was built from. """
    built_at: datetime.datetime | None
    """ When the last good runtime was built. """

    def to_dict(self) -> dict[str, Any]:
        status = self.status.value

        error: None | str
        error = self.error

        agent_version_id: None | str
        if isinstance(self.agent_version_id, UUID):
            agent_version_id = str(self.agent_version_id)
        else:
            agent_version_id = self.agent_version_id

        runtime_id: None | str
        runtime_id = self.runtime_id

        runtime_version_id: None | str
        if isinstance(self.runtime_version_id, UUID):
            runtime_version_id = str(self.runtime_version_id)
        else:
            runtime_version_id = self.runtime_version_id

        built_at: None | str
        if isinstance(self.built_at, datetime.datetime):
            built_at = self.built_at.isoformat()
        else:
            built_at = self.built_at

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "status": status,
                "error": error,
                "agent_version_id": agent_version_id,
                "runtime_id": runtime_id,
                "runtime_version_id": runtime_version_id,
                "built_at": built_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        status = BuildStatus(d.pop("status"))

        def _parse_error(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        error = _parse_error(d.pop("error"))

        def _parse_agent_version_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                agent_version_id_type_0 = UUID(data)

                return agent_version_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        agent_version_id = _parse_agent_version_id(d.pop("agent_version_id"))

        def _parse_runtime_id(data: object) -> None | str:
            if data is None:
                return data
            return cast(None | str, data)

        runtime_id = _parse_runtime_id(d.pop("runtime_id"))

        def _parse_runtime_version_id(data: object) -> None | UUID:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                runtime_version_id_type_0 = UUID(data)

                return runtime_version_id_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | UUID, data)

        runtime_version_id = _parse_runtime_version_id(d.pop("runtime_version_id"))

        def _parse_built_at(data: object) -> datetime.datetime | None:
            if data is None:
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                built_at_type_0 = datetime.datetime.fromisoformat(data)

                return built_at_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None, data)

        built_at = _parse_built_at(d.pop("built_at"))

        agent_build = cls(
            status=status,
            error=error,
            agent_version_id=agent_version_id,
            runtime_id=runtime_id,
            runtime_version_id=runtime_version_id,
            built_at=built_at,
        )

        return agent_build
