"""Scheduler at scale on Postgres + Redis: N schedules of an empty workflow all due at the
same instant, fired by one and then by two `agent-platform scheduler` processes while two
`agent-platform worker` processes execute the runs.

For each phase: fires/s (fires / time from the due instant to the last enqueue), lag from the
due instant to the enqueue of the job carrying each fire (RQ `enqueued_at` of its own job or
of its batch of fires; p50, p99, max; target p99 < 2 s), runs
completed/s by the workers, and the exactly-once checks: one run per schedule, every run
executed once (attempt 1) and succeeded, every fire carried by a job, and the fires the
scheduler processes report add up to N.

    python -m bench scheduler [--schedules 10000] [--database-url URL] [--redis-url URL]

Without --database-url a database is created on postgresql://postgres@127.0.0.1:5432 and
dropped afterwards.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from urllib.parse import urlparse, urlunparse

from bench._support import ROOT, SECRET, report

UTC = dt.timezone.utc
PG_SERVER = "postgresql://postgres@127.0.0.1:5432/postgres"


def _admin(url: str):
    import psycopg2

    p = urlparse(url)
    conn = psycopg2.connect(dbname=p.path.lstrip("/") or "postgres", user=p.username,
                            password=p.password, host=p.hostname, port=p.port or 5432,
                            connect_timeout=10)
    conn.autocommit = True
    return conn


def _env(database_url, redis_url, queue, data_dir, batch: str, threads: int | None = None) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("AGENT_PLATFORM_")}
    env.update({"DATABASE_URL": database_url, "REDIS_URL": redis_url,
                "AGENT_PLATFORM_SECRET_KEY": SECRET, "AGENT_PLATFORM_DATA_DIR": data_dir,
                "AGENT_PLATFORM_WORKFLOW_QUEUE": queue, "AGENT_PLATFORM_LOG_LEVEL": "INFO",
                "AGENT_PLATFORM_REBUILD_QUEUE": queue + "-rebuild",
                "AGENT_PLATFORM_FIRE_WAIT_MS": "30000", "AGENT_PLATFORM_SCHEDULER_BATCH": batch})
    if threads:
        env["AGENT_PLATFORM_SCHEDULER_THREADS"] = str(threads)
    return env


def _spawn(command: str, env: dict, log_path: str) -> subprocess.Popen:
    log = open(log_path, "w")
    return subprocess.Popen([sys.executable, "-m", "server.cli", command], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=log)


def _stop(processes) -> None:
    for p in processes:
        p.terminate()
    for p in processes:
        try:
            p.wait(15)
        except subprocess.TimeoutExpired:
            p.kill()


def _insert_schedules(org_id, workflow_id, count, due: dt.datetime,
                      spread: float = 0.0) -> dict[str, dt.datetime]:
    """count one-time schedules due at `due` (or spread evenly over `spread` seconds from it,
    whole seconds); returns {schedule id: due time}."""
    from core import db
    from store.models import WorkflowSchedule

    now = dt.datetime.now(UTC).replace(tzinfo=None)
    rows, dues = [], {}
    for i in range(count):
        at = due + dt.timedelta(seconds=int(spread * i / count))
        stamp = at.astimezone(UTC).replace(tzinfo=None)
        row_id = str(uuid.uuid4())
        dues[row_id] = at
        rows.append({"id": row_id, "org": org_id, "workflow": workflow_id, "owner_kind": "org",
                     "status": "active", "run_at": stamp, "timezone": "UTC", "notify": "none",
                     "max_consecutive_failures": 5, "consecutive_failures": 0,
                     "skip_missed": False, "next_fire_at": stamp, "created_at": now,
                     "updated_at": now})
    with db.connection(), db.atomic():
        for i in range(0, count, 1000):
            WorkflowSchedule.insert_many(rows[i:i + 1000]).execute()
    return dues


def _fired_totals(paths) -> list[int]:
    totals = []
    for path in paths:
        total = 0
        with open(path) as fh:
            for line in fh:
                try:
                    entry = json.loads(line)
                except ValueError:
                    continue
                if entry.get("msg") == "fired":
                    total = entry["total"]
        totals.append(total)
    return totals


def empty_job() -> None:
    """The queue's floor: a job that does nothing."""


def _floor(count, database_url, redis_url) -> dict:
    """Two workers (the same `agent-platform worker` processes) running count empty RQ jobs
    queued at once: jobs completed per second, the most the queue lets runs complete."""
    import redis as redis_lib
    from rq import Queue, Worker

    queue_name = f"bench-floor-{uuid.uuid4().hex[:8]}"
    data_dir = tempfile.mkdtemp(prefix="bench-floor-")
    env = _env(database_url, redis_url, queue_name, data_dir, "500")
    conn = redis_lib.Redis.from_url(redis_url)
    queue = Queue(queue_name, connection=conn)
    processes = [_spawn("worker", env, os.path.join(data_dir, f"worker{i}.log")) for i in range(2)]
    try:
        deadline = time.monotonic() + 120
        while len(Worker.all(queue=queue)) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
        started = time.time()
        jobs = queue.enqueue_many([Queue.prepare_data(empty_job, result_ttl=600)
                                   for _ in range(count)])
        deadline = time.monotonic() + 300
        while queue.finished_job_registry.count < count and time.monotonic() < deadline:
            time.sleep(0.1)
    finally:
        _stop(processes)
    pipe = conn.pipeline()
    for job in jobs:
        pipe.hget(job.key, "ended_at")
    ended = [dt.datetime.fromisoformat(v.decode().replace("Z", "+00:00")).timestamp()
             for v in pipe.execute() if v]
    elapsed = (max(ended) - started) if ended else float("inf")
    return {"jobs": count, "completed": len(ended), "jobs_per_s": round(len(ended) / elapsed, 1)}


def _fire_enqueues(conn, dues: dict) -> dict:
    """{schedule id: when the first job carrying its fire was queued}: the fire's own job
    (`fire-{schedule_id}-{ts}`) or a batch of fires (`fires-...`, its fires in its kwargs)."""
    from rq.job import Job

    keys = [k.decode() for k in conn.scan_iter(match="rq:job:fire*", count=10000)]
    ids = [k[len("rq:job:"):] for k in keys]
    out = {}
    for i in range(0, len(ids), 1000):
        for job in Job.fetch_many(ids[i:i + 1000], connection=conn):
            if job is None or job.enqueued_at is None:
                continue
            try:
                kwargs = job.kwargs
            except Exception:  # a job of another function or version: not ours
                continue
            fires = (kwargs.get("fires") or []) if "fires" in kwargs else [
                [kwargs.get("schedule_id"), kwargs.get("fire_ts")]]
            at = job.enqueued_at.replace(tzinfo=UTC)
            for sid, ts in fires:
                if sid in dues and ts == int(dues[sid].timestamp()):
                    out[sid] = min(out.get(sid, at), at)
    return out


def _pct(values, q) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def _phase(n_schedulers, count, database_url, redis_url, org_id, workflow_id, lead, spread,
           batch, threads=None) -> dict:
    import redis as redis_lib

    from core import db
    from store.models import WorkflowRun, WorkflowSchedule

    queue = f"bench-sched-{uuid.uuid4().hex[:8]}"
    data_dir = tempfile.mkdtemp(prefix="bench-sched-")
    env = _env(database_url, redis_url, queue, data_dir, str(batch), threads)
    due = (dt.datetime.now(UTC) + dt.timedelta(seconds=lead)).replace(microsecond=0)
    dues = _insert_schedules(org_id, workflow_id, count, due, spread)
    ids = list(dues)
    logs = [os.path.join(data_dir, f"scheduler{i}.log") for i in range(n_schedulers)]
    processes = [_spawn("worker", env, os.path.join(data_dir, f"worker{i}.log")) for i in range(2)]
    processes += [_spawn("scheduler", env, path) for path in logs]
    try:
        deadline = time.monotonic() + lead + spread + 600
        while True:  # a light poll (this phase's own workflow, indexed): it shares the machine
            with db.connection():
                done = (WorkflowRun.select().where(WorkflowRun.org == org_id,
                                                   WorkflowRun.workflow_id == workflow_id,
                                                   WorkflowRun.status == "succeeded").count())
            if done >= count or time.monotonic() > deadline:
                break
            time.sleep(0.5)
        time.sleep(2)  # a duplicate fire would show up by now
    finally:
        _stop(processes)

    enqueued_at = _fire_enqueues(redis_lib.Redis.from_url(redis_url), dues)
    enqueued, lags = [], []
    for sid, at in enqueued_at.items():
        enqueued.append(at)
        lags.append((at - dues[sid]).total_seconds())
    with db.connection():
        runs = [*WorkflowRun.select(WorkflowRun.schedule_id, WorkflowRun.attempt,
                                    WorkflowRun.status, WorkflowRun.finished_at)
                .where(WorkflowRun.schedule_id.in_(ids))]
        completed = (WorkflowSchedule.select().where(WorkflowSchedule.id.in_(ids),
                                                     WorkflowSchedule.status == "completed")
                     .count())
    finished = [r.finished_at.replace(tzinfo=UTC) for r in runs if r.finished_at]
    last_enqueue = max(enqueued) if enqueued else due
    return {
        "schedulers": n_schedulers, "fire_jobs": len(enqueued), "runs": len(runs),
        "schedules_with_one_run": len({r.schedule_id for r in runs}),
        "executed_once": sum(1 for r in runs if r.attempt == 1 and r.status == "succeeded"),
        "completed": completed, "reported": _fired_totals(logs),
        "fires_per_s": len(enqueued) / max(1e-9, (last_enqueue - due).total_seconds()),
        "spread": spread,
        "lag_p50": _pct(lags, 0.5) if lags else None, "lag_p99": _pct(lags, 0.99) if lags else None,
        "lag_max": max(lags) if lags else None,
        "runs_per_s": len(finished) / max(1e-9, (max(finished) - due).total_seconds()) if finished else 0,
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench scheduler")
    parser.add_argument("--schedules", type=int, default=10000)
    parser.add_argument("--database-url", default=None)
    parser.add_argument("--redis-url", default=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"))
    parser.add_argument("--lead", type=float, default=8.0,
                        help="seconds between start-up and the due instant")
    parser.add_argument("--spread", type=float, default=0.0,
                        help="spread the due times evenly over this many seconds (default: all "
                             "at one instant, the hardest case; 59 = across the minute)")
    parser.add_argument("--batch", type=int, default=500,
                        help="AGENT_PLATFORM_SCHEDULER_BATCH of the scheduler processes")
    parser.add_argument("--threads", type=int, default=None,
                        help="AGENT_PLATFORM_SCHEDULER_THREADS of the scheduler processes "
                             "(default: the service's)")
    parser.add_argument("--floor-jobs", type=int, default=5000,
                        help="empty RQ jobs for the queue's floor (0: skip)")
    args = parser.parse_args(argv)

    created = None
    database_url = args.database_url
    if not database_url:
        created = f"bench_sched_{uuid.uuid4().hex[:8]}"
        with _admin(PG_SERVER).cursor() as cur:
            cur.execute(f'CREATE DATABASE "{created}"')
        database_url = urlunparse(urlparse(PG_SERVER)._replace(path=f"/{created}"))
    try:
        from jobs import context
        from store import migrations, orgs, workflows
        from core import db
        from core.settings import Settings

        settings = Settings.from_env({"DATABASE_URL": database_url, "REDIS_URL": args.redis_url,
                                      "AGENT_PLATFORM_SECRET_KEY": SECRET,
                                      "AGENT_PLATFORM_DATA_DIR": tempfile.mkdtemp()})
        context.ensure_ready(settings)
        with db.connection():
            migrations.apply()
            org = orgs.create(name="bench")
            flows = [workflows.create(org_id=org.id, fields={"name": f"empty {n}", "steps": []})
                     for n in (1, 2)]  # one per phase: its runs are counted by workflow
        results = [_phase(n, args.schedules, database_url, args.redis_url, org.id, flow.id,
                          args.lead, args.spread, args.batch, args.threads)
                   for n, flow in zip((1, 2), flows)]
        floor = _floor(args.floor_jobs, database_url, args.redis_url) if args.floor_jobs else None
    finally:
        if created:
            from core import db

            if db.database.obj is not None:
                db.database.obj.close_all()
            with _admin(PG_SERVER).cursor() as cur:
                cur.execute(f'DROP DATABASE IF EXISTS "{created}" WITH (FORCE)')

    n = args.schedules
    when = (f"due over {args.spread:.0f} s" if args.spread else "due at one instant")
    print(f"{n} schedules of an empty workflow {when}; 2 RQ workers; Postgres + Redis; "
          f"batch {args.batch}")
    for r in results:
        once = (r["fire_jobs"] == r["runs"] == r["schedules_with_one_run"] == r["executed_once"]
                == r["completed"] == sum(r["reported"]) == n)
        print(f"  {r['schedulers']} scheduler process(es): {r['fires_per_s']:8.0f} fires/s   "
              f"lag p50 {r['lag_p50']:.2f} s  p99 {r['lag_p99']:.2f} s  max {r['lag_max']:.2f} s   "
              f"runs completed {r['runs_per_s']:6.0f}/s")
        print(f"      fire jobs {r['fire_jobs']}, runs {r['runs']}, schedules with a run "
              f"{r['schedules_with_one_run']}, executed once {r['executed_once']}, completed "
              f"{r['completed']}, reported by the schedulers {r['reported']}: "
              f"exactly once {'yes' if once else 'NO'}; p99 < 2 s: "
              f"{'yes' if r['lag_p99'] is not None and r['lag_p99'] < 2 else 'NO'}")
        r["exactly_once"] = once
    runs_per_s = max(r["runs_per_s"] for r in results)
    if floor:
        print(f"  queue floor: 2 workers ran {floor['completed']} empty RQ jobs at "
              f"{floor['jobs_per_s']:.0f} jobs/s; runs completed {runs_per_s:.0f}/s = "
              f"{runs_per_s / floor['jobs_per_s']:.0%} of it")
    one, two = results
    report("scheduler", {"schedules": n, "phases": results, "floor": floor}, {
        "exactly_once": all(r["exactly_once"] for r in results),
        "lag_p99_lt_2s_one_process": one["lag_p99"] is not None and one["lag_p99"] < 2,
        "lag_p99_lt_1s_two_processes": two["lag_p99"] is not None and two["lag_p99"] < 1,
        "runs_ge_50pct_of_floor": bool(floor) and runs_per_s >= 0.5 * floor["jobs_per_s"],
        "runs_ge_4x_157_per_s": runs_per_s >= 4 * 157})
    return 0
