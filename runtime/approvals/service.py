"""Pausing a turn for tool approvals and continuing it (the executor's side).

When the model calls a tool that needs approval (runtime.agents.loop.AwaitingApproval), the
turn's whole state (the conversation so far with the model's unanswered calls, the active
agent, steps, usage, cost, counters) is stored on the run (store/approvals.py), the run
becomes `awaiting_approval`, `tool.called` and one `approval.requested` event per waiting
call are emitted, and the executor returns: nothing runs, and no model tokens are spent,
while a human decides. Once every waiting call is decided (runtime/approvals/decisions.py) the
run is queued again; its next execution restores the state and continues: approved calls
run (with the answer's other calls), denied ones give the model a denial result.
"""
from __future__ import annotations

import datetime as dt

from runtime.models import Message, ToolCall
from store import approvals as store
from core.db import iso, utcnow

TURN_FIELDS = ("usage", "cost_micro", "output_parts", "handoffs", "handoffs_exhausted",
               "calls_by_agent", "models", "children")


def _message_dict(m: Message) -> dict:
    out = {"role": m.role, "content": m.content}
    if m.tool_calls:
        out["tool_calls"] = [{"id": c.id, "name": c.name, "arguments": c.arguments}
                             for c in m.tool_calls]
    if m.tool_call_id is not None:
        out["tool_call_id"], out["is_error"] = m.tool_call_id, m.is_error
    return out


def _message(d: dict) -> Message:
    return Message(d["role"], d.get("content") or "",
                   tuple(ToolCall(c["id"], c["name"], c["arguments"])
                         for c in d.get("tool_calls") or ()),
                   d.get("tool_call_id"), bool(d.get("is_error")))


def pause(turn, exc, conversation: list, toolset, previous: dict | None) -> bool:
    """Store the paused turn and announce what waits. False when the run was cancelled
    meanwhile (nothing is stored)."""
    now = utcnow()
    handoffs = toolset.handoff_names()
    pending = []
    for call, entry in exc.needing:
        try:
            arguments = call.parsed_arguments()
        except ValueError:
            arguments = {}
        expires = now + dt.timedelta(seconds=entry.approval_s)
        pending.append({"call_id": call.id, "tool_id": entry.ref, "name": call.name,
                        "label": entry.label, "arguments": arguments,
                        "expires_at": iso(expires), "status": "pending", "decided_by": None,
                        "decided_at": None, "comment": None})
        turn.steps.append({"type": "approval_requested", "agent_id": exc.agent_id,
                           "tool_call_id": call.id, "tool_id": entry.ref, "name": call.name,
                           "expires_at": iso(expires)})
    state = {"round": (previous or {}).get("round", 0) + 1, "agent_id": exc.agent_id,
             "conversation": [_message_dict(m) for m in conversation],
             "calls": [{"id": c.id, "name": c.name, "arguments": c.arguments} for c in exc.calls],
             "turn": {k: getattr(turn, k) for k in TURN_FIELDS}, "pending": pending}
    if not store.pause(run_id=turn.run.id, state=state, steps=turn.steps, usage=turn.usage,
                       cost_micro_usd=turn.cost_micro, output="".join(turn.output_parts) or None):
        return False
    from runtime.turns.tools import announce

    for call in exc.calls:
        if call.name not in handoffs:
            entry = toolset.entries.get(call.name)
            try:
                arguments = call.parsed_arguments()
            except ValueError:
                arguments = {}
            announce(turn, exc.agent_id, call, entry, arguments)
    for p in pending:
        turn.emit("approval.requested", {"run_id": turn.run.id, "agent_id": exc.agent_id,
                                         "call_id": p["call_id"], "tool_id": p["tool_id"],
                                         "name": p["name"], "arguments": p["arguments"],
                                         "expires_at": p["expires_at"]})
    return True


def restore(turn, state: dict) -> tuple[str, list, tuple]:
    """Put a paused turn's counters back on ``turn`` (its steps come from the run, with the
    decisions); returns (active agent id, conversation, (calls, denied results))."""
    for key, value in state["turn"].items():
        setattr(turn, key, value)
    turn.steps = list(turn.run.steps or [])
    denied = {}
    for p in state["pending"]:
        if p["status"] == "denied":
            by = p.get("decided_by") or {}
            if by.get("kind") == "timeout":
                code, message = "approval_timed_out", "no one approved the call in time"
            else:
                code, message = "approval_denied", "a person denied the call"
            if p.get("comment"):
                message += f": {p['comment']}"
            denied[p["call_id"]] = {"status": "failed", "output": None,
                                    "error": {"code": code, "message": message}}
    calls = [ToolCall(c["id"], c["name"], c["arguments"]) for c in state["calls"]]
    return state["agent_id"], [_message(m) for m in state["conversation"]], (calls, denied)
