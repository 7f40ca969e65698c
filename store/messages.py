"""Messages of chat threads (read side) and votes on them.

A user reads and votes only in their own threads: another user's or organization's message
is simply not found. Pages follow the thread's order (``position``): oldest first by default,
newest first with ``order=desc``.
"""
from __future__ import annotations

from store import pages, scope, threads
from core.db import atomic, iso, new_id, utcnow
from store.errors import Conflict, NotFound
from store.models import AgentRun, Message, MessageVote

M, V = Message, MessageVote
HISTORY_MAX = 200


def list(*, org_id: str, user_id: str | None, thread_id: str, cursor: str | None = None,
         limit: int = 50, order: str = "asc") -> tuple[list[Message], str | None]:
    thread = threads.get(org_id=org_id, user_id=user_id, thread_id=thread_id)
    query = scope.scoped(M, org_id).where(M.thread == thread.id)
    return pages.page(query, (M.position,), limit=limit, cursor=cursor, desc=order == "desc")


def conversation(*, org_id: str, thread_id: str, turn: Message,
                 limit: int = HISTORY_MAX) -> list[Message]:
    """A turn's history: the thread's messages as the conversation went (the last ``limit``),
    without the turn's own message (``turn``), which comes last. A message sent while earlier
    turns were still answering (enqueued) sits before their answers in ``position``: here
    each user message is followed by its turn's answer, and the messages of turns waiting
    behind this one are left out."""
    rows = [*scope.scoped(M, org_id, M.id, M.position, M.role, M.content, M.run_id)
            .where(M.thread == thread_id, M.id != turn.id,
                   (M.position < turn.position) | (M.role != "user"))
            .order_by(M.position.desc()).limit(limit)][::-1]
    answers: dict[str, list[Message]] = {}
    for row in rows:
        if row.role != "user" and row.run_id is not None:
            answers.setdefault(row.run_id, []).append(row)
    ordered, placed = [], set()
    for row in rows:
        if row.id in placed:
            continue
        ordered.append(row)
        if row.role == "user" and row.run_id is not None:
            for answer in answers.get(row.run_id, ()):
                ordered.append(answer)
                placed.add(answer.id)
    return ordered


def get(*, org_id: str, user_id: str | None, message_id: str) -> Message:
    row = (scope.scoped(M, org_id)
           .where(M.id == message_id, M.user_id == threads.need_user(user_id)).first())
    if row is None:
        raise NotFound("message not found", code="message_not_found")
    return row


def vote(*, org_id: str, user_id: str | None, message_id: str, value: str | None,
         comment: str | None = None) -> MessageVote | None:
    """Set (or change) the user's vote on an assistant message; ``value`` None removes it.
    Returns the vote, or None when removed."""
    message = get(org_id=org_id, user_id=user_id, message_id=message_id)
    if message.role != "assistant":
        raise Conflict("only the assistant's messages can be voted on", code="message_not_votable")
    mine = (V.message == message.id, V.user_id == message.user_id)
    now = utcnow()
    with atomic():
        if value is None:
            scope.delete(V, org_id, *mine)
            return None
        if not scope.update(V, org_id, {"value": value, "comment": comment, "updated_at": now},
                            *mine):
            V.create(id=new_id(), org=org_id, message=message.id, user_id=message.user_id,
                     value=value, comment=comment, created_at=now, updated_at=now)
    return scope.scoped(V, org_id).where(*mine).get()


def activity(*, org_id: str, rows: list[Message]) -> dict[str, list[dict]]:
    """What the assistant did for the answers among rows (message id -> entries, in order): its
    turn's tool calls and handoffs, on the first assistant message of each turn."""
    firsts: dict[str, Message] = {}
    for row in rows:
        if row.role == "assistant" and row.run_id is not None:
            seen = firsts.get(row.run_id)
            if seen is None or row.position < seen.position:
                firsts[row.run_id] = row
    if not firsts:
        return {}
    steps = {r.id: r.steps or [] for r in scope.scoped(AgentRun, org_id, AgentRun.id,
                                                        AgentRun.steps)
             .where(AgentRun.id.in_([*firsts]))}
    found = {}
    for run_id, row in firsts.items():
        entries = []
        for step in steps.get(run_id, ()):
            if step.get("type") == "tool_call":
                entries.append({"type": "tool_call", "name": step.get("name") or "",
                                "status": step.get("status") or "failed",
                                "tool_call_id": step.get("tool_call_id") or ""})
            elif step.get("type") == "handoff":
                entries.append({"type": "handoff", "reason": step.get("reason")})
        found[row.id] = entries
    return found


def to_dict(row: Message) -> dict:
    return {
        "id": row.id, "thread_id": row.thread_id, "position": row.position, "role": row.role,
        "content": row.content, "run_id": row.run_id, "agent_id": row.agent_id,
        "followups": row.followups or [], "interrupted": bool(row.interrupted),
        "created_at": iso(row.created_at),
    }


def vote_to_dict(row: MessageVote | None, message_id: str) -> dict:
    if row is None:
        return {"message_id": message_id, "value": None, "comment": None,
                "created_at": None, "updated_at": None}
    return {"message_id": row.message_id, "value": row.value, "comment": row.comment,
            "created_at": iso(row.created_at), "updated_at": iso(row.updated_at)}
