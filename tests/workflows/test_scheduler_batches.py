"""A burst of due schedules: claimed by several threads of one scheduler (on Postgres), the runs
written by a few statements per batch, their fires carried by jobs of several fires each, and
a batch that hands its fires off when one of its runs is slow or fails. On SQLite the fire
jobs run on the in-process pool; with AGENT_PLATFORM_TEST_REDIS_URL on RQ worker processes."""
import datetime as dt
import threading

import pytest

from jobs import fires as fire_jobs
from jobs.scheduler import Scheduler
from store import limits, schedules
from core import db
from store import workflow_run_state as run_state
from store.models import WorkflowRun, WorkflowSchedule
from tests.factories_workflows import (make_workflow, post_tool, start_worker, stop, tool_step,
                                       wf_settings)
from tests.fixtures_workflows import only_this_tests_schedules, server  # noqa: F401
from tests.waiting import wait_until

UTC = dt.timezone.utc
# Tomorrow: the runs a claim writes are stamped with the scheduler's clock, and a clock in the
# past would make them look stale to the workers' recovery, which would queue them again.
DUE = (dt.datetime.now(UTC) + dt.timedelta(days=1)).replace(minute=30, second=0, microsecond=0)
pytestmark = pytest.mark.usefixtures("only_this_tests_schedules")


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"), fire_handoff_ms=300,
                       fire_batch_threads=3)  # a batch on several threads (Postgres)


@pytest.fixture(scope="module", autouse=True)
def workers(app, settings):
    """Two RQ workers with Redis: a batch's handed-off fires run beside the slow one."""
    processes = [start_worker(settings), start_worker(settings)] if settings.redis_url else []
    yield processes
    for process in processes:
        stop(process)


def due_schedules(org, workflow, count, **fields) -> list[str]:
    with db.connection():
        return [schedules.create(org_id=org["id"], now=DUE - dt.timedelta(hours=1), fields={
            "workflow_id": workflow["id"], "run_at": DUE.isoformat(), **fields}).id
            for _ in range(count)]


def runs_of(ids) -> list[WorkflowRun]:
    with db.connection():
        return [*WorkflowRun.select().where(WorkflowRun.schedule_id.in_(ids))]


def wait_succeeded(ids, timeout=60) -> list[WorkflowRun]:
    return wait_until(lambda: runs_of(ids), timeout, f"{len(ids)} runs to succeed", every=0.05,
                      done=lambda runs: len(runs) == len(ids)
                      and all(r.status == "succeeded" for r in runs))


def claimed(settings, **kw) -> tuple[Scheduler, list, set]:
    """A scheduler whose fires are recorded, not queued: (scheduler, fires, thread names)."""
    fires, names = [], set()

    def record(batch):
        names.add(threading.current_thread().name)
        fires.extend(batch)

    return Scheduler(settings, clock=lambda: DUE + dt.timedelta(seconds=1), enqueue=record,
                     **kw), fires, names


def test_a_burst_claimed_by_threads_fires_each_schedule_once(client, settings, org, server):
    step_tool = post_tool(client, org, server, "/echo")
    workflow = make_workflow(client, org, steps=[tool_step("a", step_tool)])
    plain = due_schedules(org, workflow, 90)
    with_input = due_schedules(org, workflow, 30, input={"city": "Zürich"}, user_id="u-7")
    scheduler, fires, names = claimed(settings, batch=10, threads=3)
    assert scheduler.tick() == 120
    assert sorted(sid for sid, _ in fires) == sorted(plain + with_input)  # each exactly once
    assert {at for _, at in fires} == {DUE.replace(tzinfo=None)}
    if db.is_postgres():  # after the first full batch, the claim threads took the rest
        assert any(n.startswith("scheduler-claim") for n in names), names
    else:
        assert names == {threading.current_thread().name}
    runs = {r.schedule_id: r for r in runs_of(plain + with_input)}
    assert len(runs) == 120
    for sid, run in runs.items():  # the run as an API-started run of the workflow would be
        assert run.org_id == org["id"] and run.workflow_id == workflow["id"]
        assert run.trigger == "schedule" and run.status == "queued" and run.attempt == 0
        assert run.fire_at == DUE.replace(tzinfo=None)
        assert run.definition == {"name": workflow["name"], "steps": workflow["steps"],
                                  "input_schema": workflow.get("input_schema")}
        assert [s["status"] for s in run.steps] == ["pending"] and run.steps[0]["id"] == "a"
        expected = ({"city": "Zürich"}, "u-7") if sid in with_input else ({}, None)
        assert (run.input, run.user_id) == expected
    with db.connection():
        rows = [*WorkflowSchedule.select().where(WorkflowSchedule.id.in_(list(runs)))]
    assert {(r.status, r.next_fire_at, r.last_fire_at) for r in rows} == {
        ("completed", None, DUE.replace(tzinfo=None))}
    assert scheduler.tick() == 0  # nothing is due twice


def test_fires_per_job_grows_with_the_claim():
    assert [fire_jobs.fires_per_job(n, 25) for n in (1, 31, 32, 100, 400, 500, 5000)] == \
        [1, 1, 2, 6, 25, 25, 25]
    assert fire_jobs.fires_per_job(500, 10) == 10


def test_a_burst_runs_in_batches_of_fires_each_once(client, settings, org):
    workflow = make_workflow(client, org)
    ids = due_schedules(org, workflow, 80)  # 80 // 16: five fires per job, sixteen jobs
    scheduler = Scheduler(settings, clock=lambda: DUE + dt.timedelta(seconds=1), batch=500)
    assert scheduler.tick() == 80
    runs = wait_succeeded(ids)
    assert len({r.schedule_id for r in runs}) == 80 and {r.attempt for r in runs} == {1}
    if settings.redis_url:
        from rq import Queue

        from core.redis_client import connection

        queue = Queue(settings.workflow_queue, connection=connection(settings.redis_url))
        # a job's runs commit before RQ records it finished
        wait_until(lambda: [j for j in queue.finished_job_registry.get_job_ids()
                            if j.startswith("fires-")], 10, "16 fire jobs finished",
                   done=lambda done: len(done) >= 16)
    # the same fires queued again (a claim retried): claimed already, executed by no one
    again = [[r.schedule_id, fire_jobs.timestamp_of(r.fire_at)] for r in runs[:10]]
    assert fire_jobs.fire_batch(again) == 0
    assert {(r.status, r.attempt) for r in runs_of(ids)} == {("succeeded", 1)}


def _claim_only(settings, ids) -> list[list]:
    scheduler, fires, _ = claimed(settings)
    assert scheduler.tick() == len(ids)
    order = {sid: i for i, sid in enumerate(ids)}
    fires.sort(key=lambda fire: order[fire[0]])
    return [[sid, fire_jobs.timestamp_of(at)] for sid, at in fires]


def test_slow_runs_hand_the_rest_of_their_batch_off(client, settings, org, server):
    sleep = post_tool(client, org, server, "/sleep/2")
    slow = make_workflow(client, org, steps=[tool_step("s", sleep)])
    quick = make_workflow(client, org)
    lanes = settings.fire_batch_threads if db.is_postgres() else 1  # each takes a slow run
    slow_ids = due_schedules(org, slow, lanes)
    ids = slow_ids + due_schedules(org, quick, 4)
    batch = _claim_only(settings, ids)
    assert fire_jobs.fire_batch(batch) == lanes  # the others went to jobs of their own
    runs = {r.schedule_id: r for r in wait_succeeded(ids)}
    first_done = min(runs[sid].finished_at for sid in slow_ids)
    for sid in ids[lanes:]:  # started while the slow runs were still running, once each
        assert runs[sid].started_at < first_done and runs[sid].attempt == 1
        assert runs[sid].started_at - runs[slow_ids[0]].started_at < dt.timedelta(seconds=1.5)


def test_a_run_that_raises_fails_its_batch_after_handing_the_rest_off(client, settings, org,
                                                                       monkeypatch):
    workflow = make_workflow(client, org)
    ids = due_schedules(org, workflow, 4)
    batch = _claim_only(settings, ids)
    real = fire_jobs._fire_run

    def broken_first(settings, schedule_id, fire_at, run):
        if schedule_id == ids[0]:
            raise RuntimeError("the database went away")
        return real(settings, schedule_id, fire_at, run)

    monkeypatch.setattr(fire_jobs, "_fire_run", broken_first)
    with pytest.raises(RuntimeError):  # the job fails: the queue's failed registry sees it
        fire_jobs.fire_batch(batch)
    monkeypatch.undo()
    runs = {r.schedule_id: r for r in wait_succeeded(ids[1:])}
    assert {runs[sid].attempt for sid in ids[1:]} == {1}
    assert runs_of(ids[:1])[0].attempt >= 1  # claimed, then lost: recovery takes it over


def test_a_claim_and_its_count_commit_lazily_without_changing_the_connection(client, settings,
                                                                             org):
    if not db.is_postgres():
        pytest.skip("Postgres commit settings")
    workflow = make_workflow(client, org)
    ids = due_schedules(org, workflow, 1)
    (sid, ts), = _claim_only(settings, ids)
    at = dt.datetime.fromtimestamp(ts, UTC).replace(tzinfo=None)
    with db.connection():
        # the session's setting, whatever the server's default (a test server may turn it off)
        db.database.execute_sql("SET synchronous_commit TO on")
        run = run_state.claim_fire(schedule_id=sid, fire_at=at, token="t-1", lease_ms=60000,
                                   max_attempts=3)
        assert run is not None and run.status == "running" and run.lease_owner == "t-1"
        limits.consume_run(org_id=org["id"], settings=settings, flush=False)
        setting = db.database.execute_sql("SHOW synchronous_commit").fetchone()[0]
        db.database.execute_sql("RESET synchronous_commit")
        assert setting == "on"  # SET LOCAL ended with the statement's own transaction
        with db.atomic():  # inside a caller's transaction nothing is prefixed
            assert run_state.claim_fire(schedule_id=sid, fire_at=at, token="t-2",
                                        lease_ms=60000, max_attempts=3) is None
    with db.connection():
        assert WorkflowRun.get_by_id(run.id).lease_owner == "t-1"


def test_array_literals_carry_any_text(settings):
    """The claim's batch travels as array literals: quotes, backslashes, commas, braces,
    NULL and times arrive as they were."""
    from store.fires import _pg_array

    if not db.is_postgres():
        pytest.skip("array literals are the Postgres claim's")
    texts = ['plain', 'a "quoted" word', 'back\\slash', 'a,b', '{x}', 'NULL', ' ', None, 'ü']
    times = [dt.datetime(2025, 3, 1, 9, 30), dt.datetime(2025, 3, 1, 9, 30, 0, 250), None]
    with db.connection():
        got, = db.run_sql("SELECT %s::text[], %s::timestamp[]",
                          [_pg_array(texts), _pg_array(times)]).fetchall()
    assert got == (texts, times)
    assert _pg_array([]) == "{}"


def test_the_due_batch_is_read_in_claim_order_without_sorting(settings):
    """Postgres reads a batch from the partial index of active schedules (migration m0038):
    no sort of every due row, and a completed schedule is not in it."""
    if not db.is_postgres():
        pytest.skip("the partial index is Postgres's")
    from store.fires import _DUE

    with db.connection():
        plan = "\n".join(r[0] for r in db.run_sql(
            "EXPLAIN " + _DUE.format(ref="ctid, ") + " FOR UPDATE SKIP LOCKED",
            [DUE.replace(tzinfo=None), 500]))
        indexes = {r[0]: r[1] for r in db.run_sql(
            "SELECT indexname, indexdef FROM pg_indexes WHERE tablename IN "
            "('workflow_schedule', 'workflow_run')")}
    assert "workflow_schedule_due" in plan and "Sort" not in plan, plan
    assert "WHERE ((status)::text = 'active'::text)" in indexes["workflow_schedule_due"]
    for name, status in (("workflow_run_lease", "running"), ("workflow_run_queued", "queued"),
                         ("workflow_run_approval", "awaiting_approval")):
        assert f"WHERE ((status)::text = '{status}'::text)" in indexes[name]
    assert not {"workflowschedule_status_next_fire_at", "workflowrun_org_id",
                "workflowrun_status_updated_at"} & set(indexes)


def test_warm_opens_a_planned_connection_for_each_claim_thread(settings):
    """Before its first burst a scheduler holds a pooled connection per claim thread, each
    having planned the claim's statements; none is left checked out."""
    if not db.is_postgres():
        pytest.skip("SQLite claims on one thread")
    pool = db.database.obj
    with db.connection():
        pass
    pool.close_idle()
    Scheduler(settings, threads=3).warm()
    # the app's outbox relay checks one out now and then: wait it out, a leak stays in use
    wait_until(db.connections_in_use, 10, "no connection in use", every=0.01,
               done=lambda in_use: in_use == 0)
    assert len(pool._connections) >= 3
