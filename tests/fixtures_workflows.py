"""Module fixtures of tests whose jobs run like workflow runs: settings with short leases and
backoffs and, with AGENT_PLATFORM_TEST_REDIS_URL, an RQ worker process serving the module's own
queues. A test module imports both names to use them."""
import pytest

from tests.factories_workflows import start_worker, stop, wf_settings


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"))


@pytest.fixture(scope="module", autouse=True)
def worker(app, settings):
    process = start_worker(settings) if settings.redis_url else None
    yield process
    if process is not None:
        stop(process)
