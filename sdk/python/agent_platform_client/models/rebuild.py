from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define

from ..models.rebuild_scope import RebuildScope
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rebuild_agent import RebuildAgent
    from ..models.rebuild_failed_agent import RebuildFailedAgent
    from ..models.rebuild_tools import RebuildTools


T = TypeVar("T", bound="Rebuild")


@_attrs_define
class Rebuild:
    """The registry reload and agent rebuild that followed a change. Only agents depending on the changed tools (by tool
    id, or by attaching their provider) are rebuilt. `skipped` counts dependents whose runtime form did not change (they
    keep their runtimeId) and, with a queue, dependents whose rebuild was still running when the wait ran out.

    """

    scope: RebuildScope
    tools: RebuildTools
    """ The registry reload: affected tools, totals and MCP errors. """
    rebuilt: int
    """ Agents rebuilt successfully. """
    failed: int
    """ Agents that failed to rebuild; non-zero is a problem. """
    skipped: int
    """ Dependents not rebuilt (unchanged runtime form, or still building when the wait ran out). """
    agents: list[RebuildAgent]
    """ Each dependent agent and the outcome of its build. """
    total_build_time: int
    """ Milliseconds spent rebuilding. """
    failed_agents: list[RebuildFailedAgent] | Unset = UNSET
    """ Present when `failed` is non-zero. """

    def to_dict(self) -> dict[str, Any]:
        scope = self.scope.value

        tools = self.tools.to_dict()

        rebuilt = self.rebuilt

        failed = self.failed

        skipped = self.skipped

        agents = []
        for agents_item_data in self.agents:
            agents_item = agents_item_data.to_dict()
            agents.append(agents_item)

        total_build_time = self.total_build_time

        failed_agents: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.failed_agents, Unset):
            failed_agents = []
            for failed_agents_item_data in self.failed_agents:
                failed_agents_item = failed_agents_item_data.to_dict()
                failed_agents.append(failed_agents_item)

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "scope": scope,
                "tools": tools,
                "rebuilt": rebuilt,
                "failed": failed,
                "skipped": skipped,
                "agents": agents,
                "totalBuildTime": total_build_time,
            }
        )
        if failed_agents is not UNSET:
            field_dict["failedAgents"] = failed_agents

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rebuild_agent import RebuildAgent
        from ..models.rebuild_failed_agent import RebuildFailedAgent
        from ..models.rebuild_tools import RebuildTools

        d = dict(src_dict)
        scope = RebuildScope(d.pop("scope"))

        tools = RebuildTools.from_dict(d.pop("tools"))

        rebuilt = d.pop("rebuilt")

        failed = d.pop("failed")

        skipped = d.pop("skipped")

        agents = []
        _agents = d.pop("agents")
        for agents_item_data in _agents:
            agents_item = RebuildAgent.from_dict(agents_item_data)

            agents.append(agents_item)

        total_build_time = d.pop("totalBuildTime")

        _failed_agents = d.pop("failedAgents", UNSET)
        failed_agents: list[RebuildFailedAgent] | Unset = UNSET
        if _failed_agents is not UNSET:
            failed_agents = []
            for failed_agents_item_data in _failed_agents:
                failed_agents_item = RebuildFailedAgent.from_dict(
                    failed_agents_item_data
                )

                failed_agents.append(failed_agents_item)

        rebuild = cls(
            scope=scope,
            tools=tools,
            rebuilt=rebuilt,
            failed=failed,
            skipped=skipped,
            agents=agents,
            total_build_time=total_build_time,
            failed_agents=failed_agents,
        )

        return rebuild
