"""Turns a stopped serving process left `running`, interrupted when the next one starts.

On the embedded default (SQLite, no Redis, one serving process) the serving process is the
only executor of its instance's turns (jobs run in-process). A turn still `running` when such a
process starts was executing in the process before it, which stopped or was killed mid-answer:
its heartbeat will not come back. Rather than leaving it to recovery
(AGENT_PLATFORM_TURN_STALE_MS of silence, a minute by default), the starting process marks it
`failed` with ``run_interrupted`` at once and logs the turn's final event (a turn waiting behind
it then starts), so a client that follows the thread's stream (reconnecting after the restart)
learns within moments that the answer was interrupted, and can ask again.

The process holds `turns-<instance>.lock` in the data directory (an exclusive lock) while it
lives: a second process of the same instance finds it held and leaves running turns alone. With
Redis, or several workers, turns run elsewhere too, and recovery alone decides.
"""
from __future__ import annotations

import fcntl
import logging

from runtime.chat import service as chat
from runtime.turns.watch import watcher
from core import db
from core import instance
from core.db import atomic, utcnow
from store.models import AgentRun

log = logging.getLogger("agent_platform.recovery")
ERROR = {"code": "run_interrupted",
         "message": "the process executing the run stopped before it finished"}
_held: dict[str, object] = {}  # lock file -> its open handle, for the life of the process


def sole_executor(settings) -> bool:
    """Whether this process alone executes its instance's turns (and now holds the lock)."""
    if settings.redis_url or settings.workers > 1 or \
            not settings.database_url.startswith("sqlite"):
        return False
    path = str(settings.data_dir / f"turns-{instance.key(settings.database_url)}.lock")
    if path in _held:
        return True
    handle = open(path, "a+")  # noqa: SIM115 (held open: the lock lasts as long as the process)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return False
    _held[path] = handle
    return True


def interrupt(settings) -> int:
    """Interrupt the turns left running by the process before this one; how many."""
    if not sole_executor(settings):
        return 0
    with db.connection():
        left = [r for r in AgentRun.select(AgentRun.id, AgentRun.org, AgentRun.thread_id)
                .where(AgentRun.status == "running") if r.id not in watcher.held]
        if not left:
            return 0
        now = utcnow()
        with atomic():
            (AgentRun.update(status="failed", error=ERROR, finished_at=now, updated_at=now)
             .where(AgentRun.id.in_([r.id for r in left]), AgentRun.status == "running")
             .execute())
        for run in left:
            if run.thread_id is not None:
                chat.settle_now(settings, org_id=run.org_id, thread_id=run.thread_id,
                                run_id=run.id)
    log.info("turns interrupted at start-up", extra={"fields": {"turns_interrupted": len(left)}})
    return len(left)
