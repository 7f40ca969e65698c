"""RQ worker for the rebuild queue: ``python -m jobs.worker [--queue NAME] [--burst]``.

Settings come from the environment (DATABASE_URL, REDIS_URL, AGENT_PLATFORM_SECRET_KEY, ...),
as for the API. The worker does not fork per job (SimpleWorker): the MCP client keeps one
persistent connection per provider on a background thread, which a forked child would lose.
"""
from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m jobs.worker", description=__doc__)
    parser.add_argument("--queue", action="append", help="queue name (repeatable)")
    parser.add_argument("--burst", action="store_true", help="exit when the queues are empty")
    args = parser.parse_args(argv)

    from rq import SimpleWorker

    import redis

    from jobs import rebuild
    from server.settings import Settings

    settings = Settings.from_env()
    if not settings.redis_url:
        raise SystemExit("REDIS_URL is not set: jobs run inside the API process")
    rebuild._ensure_bound()
    connection = redis.Redis.from_url(settings.redis_url)  # no socket timeout: blocking dequeue
    worker = SimpleWorker(args.queue or [settings.rebuild_queue], connection=connection)
    worker.work(burst=args.burst, with_scheduler=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
