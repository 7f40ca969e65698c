"""Module fixtures of the approval tests across processes (test_approvals_rq.py,
test_workflow_approvals_rq.py): settings for real `agent-platform worker` processes, the
suite's OpenAI-compatible model server, a local tool server, and an organization using that
model server."""
import pytest

from rules import ssrf
from tests.factories import make_org
from tests.factories_turns import EchoServer, use_model_server
from tests.factories_workflows import wf_settings
from tests.servers import OpenAIServer


@pytest.fixture(scope="module")
def settings(database_url, tmp_path_factory):
    return wf_settings(database_url, tmp_path_factory.mktemp("data"), model_max_retries=0)


@pytest.fixture(scope="module")
def model():
    with OpenAIServer() as server:
        yield server


@pytest.fixture(scope="module")
def tools_server():
    server = EchoServer()
    yield server
    server.close()


@pytest.fixture(scope="module")
def org(client, app, settings, model):
    ssrf.configure(settings.ssrf_allow)
    org = make_org(client)
    use_model_server(client, org, model)
    return org
