"""AG-UI endpoints of networks and agents (runtime/protocols/ag_ui.py): AG-UI's RunAgentInput in, an
SSE stream of AG-UI events out. The end user is the session's, or X-User-Id with an API key."""
from __future__ import annotations

from runtime.protocols import ag_ui
from runtime.chat.stream import EventStream
from store import agents, copilots

_HEADERS = {"Cache-Control": "no-cache", "X-Accel-Buffering": "no"}


def _run(caller, settings, target: dict, body: dict) -> EventStream:
    started = ag_ui.start(settings=settings, caller=caller, target=target, body=body)
    return EventStream(ag_ui.events(settings=settings, org_id=caller.org_id, started=started,
                                    body=body), headers=_HEADERS)


def run_copilot_ag_ui(caller, settings, id, body):
    copilots.get(org_id=caller.org_id, copilot_id=id)  # 404 before anything is stored
    return _run(caller, settings, {"copilot_id": id}, body)


def run_agent_ag_ui(caller, settings, id, body):
    agents.get(org_id=caller.org_id, agent_id=id)
    return _run(caller, settings, {"agent_id": id}, body)
