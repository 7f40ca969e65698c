"""Module fixtures of tests whose jobs run like workflow runs: settings with short leases and
backoffs and, with AGENT_PLATFORM_TEST_REDIS_URL, an RQ worker process serving the module's own
queues; a tool server and the clean-up of the scheduler tests' schedules. A
test module imports the names it uses."""
import pytest

from tests.factories_workflows import ToolServer, start_worker, stop, wf_settings


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"))


@pytest.fixture(scope="module", autouse=True)
def worker(app, settings):
    process = start_worker(settings) if settings.redis_url else None
    yield process
    if process is not None:
        stop(process)


@pytest.fixture(scope="module")
def server():
    """A real HTTP tool server for the module's tool steps."""
    s = ToolServer()
    yield s
    s.close()


@pytest.fixture()
def only_this_tests_schedules():
    """The scheduler sees every organization: each test's clock must not meet the schedules of
    the tests before it (a module uses it with ``pytest.mark.usefixtures`` or autouse). The
    runs a test left queued (fires claimed and never executed) end too: they carry the test's
    clock, months ago, so the workers' recovery would take them for runs whose job was lost
    and queue them in front of the next test's jobs."""
    from core import db
    from store.models import WorkflowRun, WorkflowSchedule

    yield
    with db.connection():
        WorkflowSchedule.delete().execute()
        WorkflowRun.update(status="cancelled", finished_at=db.utcnow()).where(
            WorkflowRun.status == "queued").execute()
