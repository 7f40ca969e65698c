"""The settings a process runs jobs with.

``create_app`` starts the API process (and its in-process jobs) through jobs.tasks.start; an
`agent-platform worker` or `scheduler` process, and every job function (which may run in a
fresh RQ worker process), go through jobs.tasks.ready, which calls ``ensure_ready``. Both are
core.bootstrap with the runtime's own configuration (the MCP client's) as its last step.
"""
from __future__ import annotations

from core import bootstrap


def _runtime(settings) -> None:
    from runtime.tools import mcp_client

    mcp_client.configure(settings)


def start(settings, *, role: bootstrap.Role = "api"):
    """A process starting with these settings (the database bound again)."""
    return bootstrap.bootstrap(settings, role=role, then=(_runtime,))


def ensure_ready(settings=None):
    """Settings of this process; binds the database first when nothing has bound it yet."""
    return bootstrap.bootstrap(settings, role="jobs", rebind=False, then=(_runtime,))
