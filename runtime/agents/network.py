"""Networks (copilots) at run time: members, routing by handoff, workflows as tools, follow-ups.

A network's runtime configuration comes from ``store.copilots.runtime_config`` (or is given
by the caller) in this shape:

    {"id", "name", "environment", "agents": [{"agent_id", "agent_version_id"}],
     "workflows": [{"workflow_id"}], "handoff_prompt": str | None,
     "followup_instructions": [{"type", "content"}]}

- The first agent (in routing order) receives the turn. A pinned version (staging and prod
  networks) runs the runtime form of that version (built on first use, cached by version id);
  otherwise the agent's last good build runs.
- Every agent sees one handoff tool per other agent of the network (``handoff_to_<name>``,
  with a ``reason``; described by the target's description) and the network's
  ``handoff_prompt`` appended to its instructions. A handoff switches the active agent.
- Every workflow of the network is a tool ``workflow_<name>`` whose parameters are the
  workflow's input_schema; a call runs the workflow synchronously and returns its output.
- ``followup_instructions`` of type ``text`` ask the answering agent's model, in one more call
  after the answer, for up to AGENT_PLATFORM_FOLLOWUPS short follow-up messages (one per
  line); they are attached to the final message and to the run.
"""
from __future__ import annotations

import dataclasses
import re

from runtime import registry
from runtime.memory import tools as memory_tools
from runtime.turns import tools as turn_tools
from runtime.agents.loop import Member, Turn, TurnFailed, model_call
from runtime.models import Message
from store import scope
from store.errors import NotFound
from store.models import AgentVersion, Workflow

_BULLET = re.compile(r"^\s*(?:[-*\u2022]|\d+[.)])\s*")
MAX_FOLLOWUP_CHARS = 200


@dataclasses.dataclass
class Network:
    members: list[Member]
    workflows: list[dict]
    handoff_prompt: str | None = None
    followup_instructions: list[str] = dataclasses.field(default_factory=list)
    _toolsets: dict = dataclasses.field(default_factory=dict)

    def member(self, agent_id: str) -> Member:
        return next(m for m in self.members if m.agent_id == agent_id)

    def toolset(self, turn: Turn, member: Member) -> turn_tools.Toolset:
        if member.agent_id not in self._toolsets:
            targets = [{"agent_id": m.agent_id, "name": m.name, "description": m.description}
                       for m in self.members if m is not member and m.runtime is not None]
            self._toolsets[member.agent_id] = turn_tools.build(
                turn.settings, turn.org_id, member.runtime, self.workflows, targets,
                memory=memory_tools.offered(member.runtime, turn.run.user_id))
        return self._toolsets[member.agent_id]

    def system(self, member: Member, turn: Turn | None = None) -> str | None:
        """The agent's instructions, the network's handoff prompt and, for an agent with
        memory, the digest of the turn's user's memories (read when the agent starts)."""
        parts = [member.runtime.get("instructions") or "", self.handoff_prompt or ""]
        if turn is not None and memory_tools.offered(member.runtime, turn.run.user_id):
            parts.append(memory_tools.digest(turn.org_id, turn.run.user_id,
                                             query=getattr(turn.run, "input", None),
                                             embedded=turn.cache.get("digest_query")) or "")
        return "\n\n".join(p for p in parts if p) or None


def config(*, org_id: str, copilot_id: str) -> dict:
    """The network's runtime configuration (NotFound for another organization's id)."""
    try:
        from store import copilots
    except ImportError:  # networks are not part of this deployment
        raise NotFound("copilot not found") from None
    return copilots.runtime_config(org_id=org_id, copilot_id=copilot_id)


def for_agent(org_id: str, agent_id: str) -> Network:
    """A single agent as a one-member network (no handoffs, workflows or follow-ups)."""
    runtime = registry.agent_runtime(org_id, agent_id)
    name = (runtime or {}).get("name") or agent_id
    return Network([Member(agent_id, runtime, name,
                           error=None if runtime else "the agent has no successful build")], [])


def load(org_id: str, cfg: dict) -> Network:
    members, version_ids = [], []
    for item in cfg.get("agents") or []:
        agent_id, pinned = item["agent_id"], item.get("agent_version_id")
        if pinned:
            runtime, error = registry.version_runtime(org_id, pinned,
                                                      item.get("prompt_block_versions"))
        else:
            runtime = registry.agent_runtime(org_id, agent_id)
            error = None if runtime else "the agent has no successful build"
        members.append(Member(agent_id, runtime, (runtime or {}).get("name") or agent_id,
                              error=error))
        version_ids.append(pinned or (runtime or {}).get("agentVersionId"))
    described = {v.id: v for v in scope.scoped(AgentVersion, org_id, AgentVersion.id,
                                                 AgentVersion.name, AgentVersion.description)
                 .where(AgentVersion.id.in_([v for v in version_ids if v]))} if members else {}
    for member, version_id in zip(members, version_ids):
        version = described.get(version_id)
        if version is not None:
            member.name, member.description = version.name, version.description
    wanted = [w["workflow_id"] for w in cfg.get("workflows") or []]
    rows = {w.id: w for w in scope.scoped(Workflow, org_id).where(Workflow.id.in_(wanted))} \
        if wanted else {}
    workflows = [{"id": w.id, "name": w.name, "description": w.description,
                  "input_schema": w.input_schema} for w in (rows.get(i) for i in wanted) if w]
    followups = [f["content"] for f in cfg.get("followup_instructions") or []
                 if f.get("type") == "text" and f.get("content")]
    return Network(members, workflows, cfg.get("handoff_prompt"), followups)


def first_member(network: Network) -> Member:
    if not network.members:
        raise TurnFailed("network_empty", "the network has no agents")
    member = network.members[0]
    if member.runtime is None:
        raise TurnFailed("agent_not_built", f"the agent {member.name!r} cannot run: "
                         f"{member.error}")
    return member


async def followups(turn: Turn, network: Network, member: Member,
                    conversation: list) -> list[str]:
    """Up to AGENT_PLATFORM_FOLLOWUPS suggestions from one more call of the answering agent's
    model; [] when the network has no text instructions or the call fails (the answer
    stands). The last user message holds the instructions, one per line (the echo provider
    repeats it, so its suggestions are the instructions themselves)."""
    count = turn.settings.followups
    if not network.followup_instructions or count <= 0:
        return []
    system = (f"Suggest up to {count} short follow-up messages the user could send next in "
              "this conversation, following the instructions in the last message. Answer "
              "with one suggestion per line and nothing else.")
    messages = ([Message.system(system)]
                + [m for m in conversation if m.role in ("user", "assistant") and m.content
                   and not m.tool_calls]
                + [Message.user("\n".join(network.followup_instructions))])
    try:
        text, _ = await model_call(turn, member.runtime, member.agent_id, messages,
                                   stream=False, kind="followups")
    except TurnFailed:
        return []
    out: list[str] = []
    for line in text.splitlines():
        line = _BULLET.sub("", line).strip().strip('"').strip()
        if line and line not in out:
            out.append(line[:MAX_FOLLOWUP_CHARS])
        if len(out) >= count:
            break
    return out
